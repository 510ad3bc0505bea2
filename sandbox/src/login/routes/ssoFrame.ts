import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoginContext } from '../context';
import { clearSessionCookie, currentSession, htmlPage } from '../context';
import { messagePage } from '../pages';
import { refuseUnknownOrigin } from './signIn';

/** JSON that is safe inside an inline script element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The hidden-iframe handshake: ask the dashboard whether it has a session; when it has none
 * and this browser is signed in at the provider, hand it a token. Messages go to the one
 * dashboard origin only, and only that origin's answer is read.
 */
export function ssoFrameScript(origin: string, token: string | null): string {
  return `(function () {
  var origin = ${scriptJson(origin)};
  var token = ${scriptJson(token)};
  var parentWindow = window.parent;
  if (!parentWindow || parentWindow === window) return;
  var answered = false;
  window.addEventListener('message', function (event) {
    if (answered || event.origin !== origin || event.source !== parentWindow) return;
    var data = event.data;
    if (!data || data.type !== 'USER_LOGGED_IN') return;
    answered = true;
    if (data.loggedIn === false && token) {
      parentWindow.postMessage({ type: 'SET_TOKEN', token: token }, origin);
    } else {
      parentWindow.postMessage({ type: 'CLOSE_IFRAME' }, origin);
    }
  });
  parentWindow.postMessage({ type: 'CHECK_USER_LOGGED_IN' }, origin);
})();`;
}

/** GET /sso-frame and GET /logout: the provider session as the dashboard sees it. */
export function sessionRoutes(app: FastifyInstance, ctx: LoginContext): void {
  app.get<{ Querystring: { origin?: string } }>('/sso-frame', async (request, reply) => {
    const origin = request.query.origin;
    if (typeof origin !== 'string' || !ctx.origins.includes(origin)) {
      return refuseUnknownOrigin(ctx, reply);
    }
    const signedIn = currentSession(ctx, request);
    const token = signedIn ? await ctx.tokens.issue(signedIn.user, signedIn.session) : null;
    const nonce = randomBytes(16).toString('base64');
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; ` +
          `frame-ancestors ${ctx.origins.join(' ')}`,
      )
      .send(
        `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Cloud POS sign-in check</title></head>
<body>
<script nonce="${nonce}">
${ssoFrameScript(origin, token)}
</script>
</body>
</html>
`,
      );
  });

  app.get<{ Querystring: { origin?: string } }>('/logout', async (request, reply) => {
    const origin = request.query.origin;
    if (typeof origin !== 'string' || !ctx.origins.includes(origin)) {
      return refuseUnknownOrigin(ctx, reply);
    }
    // Ends the session, not just this cookie: its tokens stop refreshing too.
    const signedIn = currentSession(ctx, request);
    if (signedIn) ctx.sessions.end(signedIn.session.sid, signedIn.session.nra);
    clearSessionCookie(ctx, reply);
    return reply.header('cache-control', 'no-store').redirect(`${origin}/`, 302);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
      return htmlPage(ctx, reply, 404).send(
        messagePage({
          title: 'Page not found',
          tone: 'error',
          text: 'There is nothing at this address.',
        }),
      );
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}
