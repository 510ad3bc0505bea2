import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActivationMailer } from './activationMail';
import type { SigningKeys } from './keys';
import type { LoginLimits } from './limits';
import { SESSION_COOKIE, readCookie } from './sessions';
import type { ProviderSession, SessionStore } from './sessions';
import type { TokenService } from './tokens';
import type { UserRecord, UserStore } from './users';

/** Everything the provider's routes share. */
export interface LoginContext {
  origins: readonly string[];
  issuer: () => string;
  refreshWindowTtl: number;
  controls: boolean;
  supportUrl?: string;
  keys: SigningKeys;
  users: UserStore;
  sessions: SessionStore;
  tokens: TokenService;
  mailer: ActivationMailer;
  /** Wrong passwords and registrations per account and per client address. */
  limits: LoginLimits;
}

/** The query string of a raw request URL, without the leading `?`. */
export function rawQuery(url: string): string {
  const index = url.indexOf('?');
  return index < 0 ? '' : url.slice(index + 1);
}

/** The caller's query parameters minus the ones the provider consumes itself. */
export function passThroughQuery(url: string, consumed: readonly string[]): URLSearchParams {
  const params = new URLSearchParams(rawQuery(url));
  for (const name of consumed) params.delete(name);
  return params;
}

export function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function signInPath(origin: string, extra: URLSearchParams): string {
  const params = new URLSearchParams({ product: 'pos' });
  for (const [name, value] of extra) params.append(name, value);
  return withQuery(`/need-access/${encodeURIComponent(origin)}`, params);
}

export function registerPath(origin: string, extra: URLSearchParams): string {
  const params = new URLSearchParams({ product: 'pos', origin });
  for (const [name, value] of extra) params.append(name, value);
  return withQuery('/need-register', params);
}

function cookieAttributes(ctx: LoginContext, maxAge: number): string {
  const secure = ctx.issuer().startsWith('https:') ? '; Secure' : '';
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** The live provider session of this browser, with its account. */
export function currentSession(
  ctx: LoginContext,
  request: FastifyRequest,
): { id: string; session: ProviderSession; user: UserRecord } | undefined {
  const id = readCookie(request.headers.cookie, SESSION_COOKIE);
  const session = ctx.sessions.get(id);
  const user = session && ctx.users.findById(session.userId);
  if (!id || !session || !user) return undefined;
  return { id, session, user };
}

export function clearSessionCookie(ctx: LoginContext, reply: FastifyReply): void {
  reply.header('set-cookie', `${SESSION_COOKIE}=; ${cookieAttributes(ctx, 0)}`);
}

/**
 * Sends the browser back to the dashboard with a fresh token, the way the real provider does:
 * `{origin}/login/{token}` plus whatever query the dashboard handed to the provider.
 */
export async function redirectWithToken(
  ctx: LoginContext,
  reply: FastifyReply,
  user: UserRecord,
  origin: string,
  extra: URLSearchParams,
  existing?: { id: string; session: ProviderSession },
): Promise<FastifyReply> {
  let session = existing;
  if (!session) {
    const refreshWindowTtl = user.tokenLifetimes?.refreshWindowTtl ?? ctx.refreshWindowTtl;
    const nra = ctx.tokens.nowSeconds() + refreshWindowTtl;
    session = ctx.sessions.create({ userId: user.id, nra });
    reply.header(
      'set-cookie',
      `${SESSION_COOKIE}=${session.id}; ${cookieAttributes(ctx, refreshWindowTtl)}`,
    );
  }
  const token = await ctx.tokens.issue(user, session.session);
  return reply.redirect(withQuery(`${origin}/login/${token}`, extra), 302);
}

/** Headers for the provider's own HTML pages. */
export function htmlPage(ctx: LoginContext, reply: FastifyReply, status: number): FastifyReply {
  const formTargets = ["'self'", ...ctx.origins].join(' ');
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets}; ` +
        "frame-ancestors 'none'; base-uri 'none'",
    );
}

/** A string field of a parsed form or JSON body, or undefined. */
export function bodyString(body: unknown, name: string): string | undefined {
  if (body == null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}
