import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { StoreStation } from '../services/store-client';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const PAGE_STYLE = `
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f5f6f8;color:#1d2330}
main{max-width:28rem;margin:15vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12);text-align:center}
h1{font-size:1.4rem;margin:0 0 .75rem}
p{margin:0 0 1.25rem;color:#3d4556}
button{font:inherit;padding:.6rem 1.4rem;border:0;border-radius:8px;background:#1f5bd8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #0b3a9c;outline-offset:2px}`;

function page(reply: FastifyReply, status: number, csp: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', csp)
    .send(body);
}

/** A small HTML page (not found), with the same strict policy as the hand-off page. */
export function messagePage(reply: FastifyReply, status: number, title: string, text: string) {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${PAGE_STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
  return page(
    reply,
    status,
    `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    html,
  );
}

/**
 * The hand-off page: a form that posts the token to the station's POS page, submitted by a
 * nonce'd script, with a visible Continue button when scripts do not run.
 */
export function handOffPage(
  reply: FastifyReply,
  station: Pick<StoreStation, 'name' | 'url'>,
  token: string,
) {
  const nonce = randomBytes(16).toString('base64');
  const name = escapeHtml(station.name);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Opening ${name}…</title><style nonce="${nonce}">${PAGE_STYLE}</style></head>
<body><main><h1>Opening ${name}…</h1>
<form id="handoff" method="post" action="${escapeHtml(station.url)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<p>You are being signed in to the station.</p>
<button type="submit">Continue</button>
</form></main>
<script nonce="${nonce}">document.getElementById('handoff').submit();</script></body></html>`;
  const storeOrigin = new URL(station.url).origin;
  return page(
    reply,
    200,
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; form-action ${storeOrigin}; base-uri 'none'; frame-ancestors 'none'`,
    html,
  );
}
