/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLES = `
:root { color-scheme: light; --ink: #1d2433; --muted: #5b6478; --line: #d6dae3;
  --brand: #2457d6; --brand-dark: #1a43a8; --danger: #b3261e; --ok: #1e7a3c; --bg: #f3f5f9; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 0; min-height: 100vh; display: flex; flex-direction: column; align-items: center;
  justify-content: center; background: var(--bg); color: var(--ink);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
main { width: min(420px, calc(100vw - 32px)); background: #fff; border: 1px solid var(--line);
  border-radius: 12px; padding: 32px; box-shadow: 0 8px 24px rgba(29, 36, 51, .08); }
main.wide { width: min(880px, calc(100vw - 32px)); }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 700; margin-bottom: 24px; }
.brand-mark { min-width: 32px; height: 32px; padding: 0 6px; border-radius: 8px;
  background: var(--brand); color: #fff; display: grid; place-items: center; font-size: 13px; }
h1 { font-size: 24px; margin: 0 0 4px; }
.lead { color: var(--muted); margin: 0 0 24px; }
label { display: block; font-weight: 600; margin: 16px 0 6px; }
input { width: 100%; padding: 10px 12px; border: 1px solid var(--line); border-radius: 8px;
  font: inherit; color: inherit; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #9db7f5;
  outline-offset: 2px; }
input[aria-invalid="true"] { border-color: var(--danger); }
.hint { color: var(--muted); font-size: 14px; margin: 6px 0 0; }
.field-error { color: var(--danger); font-size: 14px; margin: 6px 0 0; }
button, .button { display: inline-block; width: 100%; margin-top: 24px; padding: 11px 16px;
  border: 0; border-radius: 8px; background: var(--brand); color: #fff; font: inherit;
  font-weight: 600; text-align: center; text-decoration: none; cursor: pointer; }
button:hover, .button:hover { background: var(--brand-dark); }
button.secondary { background: #fff; color: var(--brand); border: 1px solid var(--brand); }
.alert { border-radius: 8px; padding: 10px 12px; margin: 0 0 8px; background: #fdecea;
  color: var(--danger); border: 1px solid #f5c2bd; }
.success { background: #e8f5ec; color: var(--ok); border-color: #b7dfc3; }
.alt { margin: 24px 0 0; text-align: center; color: var(--muted); }
a { color: var(--brand); }
.divider { border: 0; border-top: 1px solid var(--line); margin: 24px 0 8px; }
footer { margin: 24px 0; color: var(--muted); font-size: 14px; }
`;

export interface PageOptions {
  title: string;
  body: string;
  wide?: boolean;
  supportUrl?: string;
  /** Extra CSS for this page only. */
  styles?: string;
}

/** A complete, self-contained HTML document in the provider's look. */
export function renderPage({ title, body, wide, supportUrl, styles = '' }: PageOptions): string {
  const support = supportUrl
    ? `<footer><a href="${escapeHtml(supportUrl)}">Help and support</a></footer>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLES}${styles}</style>
</head>
<body>
<main${wide ? ' class="wide"' : ''}>
<div class="brand" aria-hidden="true"><span class="brand-mark">POS</span><span>Cloud POS</span></div>
${body}
</main>
${support}
</body>
</html>
`;
}
