import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { escapeHtml, renderPage } from '../html';
import type { Outbox, OutboxMessage } from './outbox';

/** Escaped text with its web links made clickable, so a person can follow activation links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function messageArticle(message: OutboxMessage): string {
  return `<article class="message">
<h2>${escapeHtml(message.subject || '(no subject)')}</h2>
<dl>
<dt>From</dt><dd>${escapeHtml(message.from)}</dd>
<dt>To</dt><dd>${escapeHtml(message.to.join(', '))}</dd>
<dt>Received</dt><dd><time datetime="${message.receivedAt}">${escapeHtml(message.receivedAt.replace('T', ' ').slice(0, 19))} UTC</time></dd>
</dl>
<div class="body">${linkify(message.text)}</div>
</article>`;
}

const OUTBOX_STYLES = `
.message { border-top: 1px solid #d6dae3; padding: 16px 0; }
.message h2 { font-size: 18px; margin: 0 0 8px; }
.message dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 8px;
  font-size: 14px; }
.message dt { color: #5b6478; } .message dd { margin: 0; }
.body { white-space: pre-wrap; overflow-wrap: anywhere; background: #f7f8fb; padding: 12px;
  border-radius: 8px; }
form.filter { display: flex; gap: 8px; align-items: end; margin-bottom: 16px; }
form.filter div { flex: 1; } form.filter button { width: auto; margin: 0; }
`;

function outboxPage(messages: OutboxMessage[], to: string): string {
  const heading = to ? `Mail for ${to}` : 'All mail';
  const list = messages.length
    ? messages.map(messageArticle).join('\n')
    : '<p class="lead">No messages yet.</p>';
  return renderPage({
    title: 'Mail outbox · Cloud POS sandbox',
    wide: true,
    styles: OUTBOX_STYLES,
    body: `<h1>Mail outbox</h1>
<p class="lead">Everything the sandbox systems sent by email.</p>
<form class="filter" method="get" action="/">
<div><label for="to">Recipient</label>
<input id="to" name="to" type="email" value="${escapeHtml(to)}" placeholder="name@example.com"></div>
<button type="submit">Show</button>
</form>
<section aria-label="${escapeHtml(heading)}">
<h2 class="lead">${escapeHtml(heading)} (${messages.length})</h2>
${list}
</section>`,
  });
}

/** The outbox's HTTP side: JSON for tests, an HTML page for people. */
export function createOutboxApp(outbox: Outbox): FastifyInstance {
  const app = Fastify({ logger: false });

  app.get<{ Querystring: { to?: string } }>('/messages', async (request) =>
    outbox.list(typeof request.query.to === 'string' ? request.query.to : undefined),
  );

  app.get<{ Params: { id: string } }>('/messages/:id', async (request, reply) => {
    const message = outbox.get(request.params.id);
    return message ?? reply.status(404).send({ message: 'No such message' });
  });

  app.delete('/messages', async (_request, reply) => {
    outbox.clear();
    return reply.status(204).send();
  });

  app.get<{ Querystring: { to?: string } }>('/', async (request, reply) => {
    const to = typeof request.query.to === 'string' ? request.query.to.trim() : '';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      )
      .send(outboxPage(outbox.list(to || undefined), to));
  });

  return app;
}
