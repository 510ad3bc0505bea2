import { escapeHtml } from '../html';

/** WordPress admin colours; every text/background pair passes WCAG AA contrast. */
const STYLES = `
* { box-sizing: border-box; }
body { margin: 0; background: #f0f0f1; color: #1d2327;
  font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Oxygen-Sans, Ubuntu, Cantarell, "Helvetica Neue", sans-serif; }
a { color: #2271b1; }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible {
  outline: 2px solid #2271b1; outline-offset: 2px; }
.adminbar { background: #1d2327; color: #f0f0f1; display: flex; gap: 16px; align-items: center;
  padding: 6px 16px; }
.adminbar a { color: #f0f0f1; }
.adminbar .site { font-weight: 600; margin-right: auto; }
.layout { display: flex; min-height: calc(100vh - 36px); }
.menu { background: #1d2327; width: 180px; padding: 8px 0; }
.menu a { display: block; color: #f0f0f1; padding: 8px 12px; text-decoration: none; }
.menu a[aria-current="page"] { background: #2271b1; color: #fff; }
.content { flex: 1; padding: 20px 24px; max-width: 1100px; }
h1 { font-size: 23px; font-weight: 400; margin: 0 0 16px; }
h2 { font-size: 18px; margin: 24px 0 8px; }
table { border-collapse: collapse; width: 100%; background: #fff; border: 1px solid #c3c4c7; }
th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid #dcdcde; vertical-align: top; }
th { font-weight: 600; }
.box { background: #fff; border: 1px solid #c3c4c7; padding: 16px 20px; margin: 16px 0; }
label { display: block; font-weight: 600; margin: 12px 0 4px; }
input[type=text], input[type=password], select { width: 100%; max-width: 360px; padding: 6px 8px;
  border: 1px solid #8c8f94; border-radius: 4px; font: inherit; color: inherit; background: #fff; }
button, .button { display: inline-block; margin-top: 12px; padding: 6px 14px; border-radius: 3px;
  border: 1px solid #2271b1; background: #2271b1; color: #fff; font: inherit; cursor: pointer;
  text-decoration: none; }
.button.secondary, button.secondary { background: #f6f7f7; color: #2271b1; }
button.delete { background: #fff; color: #b32d2e; border-color: #b32d2e; margin: 0; }
.notice { background: #fff; border-left: 4px solid #2271b1; padding: 8px 12px; margin: 0 0 16px; }
.notice.error { border-left-color: #d63638; }
.notice.success { border-left-color: #00a32a; }
code { background: #f0f0f1; padding: 2px 4px; word-break: break-all; }
.login { width: 340px; margin: 8vh auto 0; }
.login h1 { text-align: center; }
.login form { background: #fff; border: 1px solid #c3c4c7; padding: 24px; }
.login input { max-width: none; }
.muted { color: #50575e; }
.auth { width: min(500px, calc(100vw - 32px)); margin: 8vh auto 0; background: #fff;
  border: 1px solid #c3c4c7; padding: 24px; }
.actions { display: flex; gap: 12px; align-items: baseline; }
.actions form { margin: 0; }
.check { display: flex; gap: 8px; align-items: center; margin: 6px 0; }
.check label { display: inline; margin: 0; font-weight: 400; }
fieldset { border: 1px solid #dcdcde; padding: 8px 12px; margin: 12px 0; }
legend { font-weight: 600; padding: 0 4px; }
`;

/** Extras of one page: its own CSS, and a script allowed by the response's CSP nonce. */
export interface DocumentExtras {
  styles?: string;
  script?: { nonce: string; code: string };
  /** Script files of the store's own origin, loaded deferred (the page's CSP allows 'self'). */
  scriptFiles?: string[];
}

/** A complete store page: the WordPress look plus the page's extras. */
export function htmlDocument(title: string, body: string, extras: DocumentExtras = {}): string {
  const inline = extras.script
    ? `\n<script nonce="${escapeHtml(extras.script.nonce)}">${extras.script.code}</script>`
    : '';
  const files = (extras.scriptFiles ?? [])
    .map((src) => `\n<script src="${escapeHtml(src)}" defer></script>`)
    .join('');
  const script = `${inline}${files}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLES}${extras.styles ?? ''}</style>
</head>
<body>
${body}${script}
</body>
</html>
`;
}

/** A page outside wp-admin (front page, login, wc-auth, errors): one centred main. */
export function plainPage(
  title: string,
  siteName: string,
  main: string,
  className = 'auth',
): string {
  return htmlDocument(
    `${title} ‹ ${siteName}`,
    `<main class="${className}">
${main}
</main>`,
  );
}

/** A notice box; `role=alert` for errors so screen readers announce them. */
export function notice(kind: 'error' | 'success' | 'info', html: string): string {
  const role = kind === 'error' ? ' role="alert"' : ' role="status"';
  return `<div class="notice ${kind === 'info' ? '' : kind}"${role}>${html}</div>`;
}

export interface AdminPageOptions {
  title: string;
  siteName: string;
  userName: string;
  logoutHref: string;
  current: 'dashboard' | 'users' | 'stations' | 'connect' | 'keys' | 'plugins';
  content: string;
  /** The screen's own script files (see {@link DocumentExtras.scriptFiles}). */
  scripts?: string[];
  /** The Cloud POS plugin is active: its POS Stations menu is there. Default true. */
  posPluginActive?: boolean;
  /** The Cloud POS menu (Connect to Cloud POS): plugin active and the user has manage_options. */
  connectMenu?: boolean;
}

/** A wp-admin screen: the admin bar, the side menu and the content. */
export function adminPage(options: AdminPageOptions): string {
  const item = (id: AdminPageOptions['current'], href: string, label: string) =>
    `<a href="${escapeHtml(href)}"${options.current === id ? ' aria-current="page"' : ''}>${label}</a>`;
  return htmlDocument(
    `${options.title} ‹ ${options.siteName} — WordPress`,
    `<header class="adminbar">
<a class="site" href="/">${escapeHtml(options.siteName)}</a>
<span>Howdy, ${escapeHtml(options.userName)}</span>
<a href="${escapeHtml(options.logoutHref)}">Log Out</a>
</header>
<div class="layout">
<nav class="menu" aria-label="Main menu">
${item('dashboard', '/wp-admin/', 'Dashboard')}
${item('users', '/wp-admin/users.php', 'Users')}
${options.posPluginActive === false ? '' : item('stations', '/wp-admin/edit.php?post_type=pos_station', 'POS Stations')}
${options.connectMenu ? item('connect', '/wp-admin/admin.php?page=cloud-pos-connect', 'Cloud POS') : ''}
${item('plugins', '/wp-admin/plugins.php', 'Plugins')}
${item('keys', '/wp-admin/admin.php?page=wc-settings&tab=advanced&section=keys', 'REST API keys')}
</nav>
<main class="content">
<h1>${escapeHtml(options.title)}</h1>
${options.content}
</main>
</div>`,
    { scriptFiles: options.scripts },
  );
}
