import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessError } from '../domain/stations/access';

/** Cookie the dashboard sets with the login provider's token (URL-encoded). */
export const TOKEN_COOKIE = 'pos_token';
/** Short-lived cookie the dashboard's access-denied page reads (spec 2.13). */
export const ACCESS_ERROR_COOKIE = 'pos_access_error';
/** Seconds the access-error cookie lives (spec 9). */
export const ACCESS_ERROR_MAX_AGE_S = 2;
/** Longest text and name the access-error cookie carries (a store names its stations). */
export const ACCESS_ERROR_FIELD_MAX = 300;

/** How the access-error cookie is scoped. */
export interface AccessErrorCookieOptions {
  /** Domain attribute (COOKIE_DOMAIN); null: host-only. */
  domain: string | null;
  /**
   * Whether the cookie is `Secure`: the browser reaches this listener over HTTPS (the TLS
   * listener, or a public CLOUD_POS_URL on https in front of a plain one).
   */
  secure: boolean;
}

/**
 * The dashboard's token from the request's cookies (parsed by @fastify/cookie, URL-decoded),
 * or null when there is none. A value that is no valid token is the verifier's to refuse.
 */
export function tokenCookieOf(request: FastifyRequest): string | null {
  return request.cookies[TOKEN_COOKIE] || null;
}

/** `text` cut to {@link ACCESS_ERROR_FIELD_MAX} characters, an ellipsis marking a cut. */
export function capped(text: string): string {
  const chars = Array.from(text);
  return chars.length > ACCESS_ERROR_FIELD_MAX
    ? `${chars.slice(0, ACCESS_ERROR_FIELD_MAX - 1).join('')}…`
    : text;
}

/**
 * Sets the access-error cookie: the error object as base64url JSON, for 2 seconds, on every
 * path, SameSite=Lax, readable by the dashboard's script (not HttpOnly).
 */
export function setAccessErrorCookie(
  reply: FastifyReply,
  error: AccessError,
  options: AccessErrorCookieOptions,
): FastifyReply {
  // A cookie over the browser's size limit would be dropped, and the page show nothing.
  const bounded = { ...error, text: capped(error.text), name: capped(error.name) };
  const value = Buffer.from(JSON.stringify(bounded), 'utf8').toString('base64url');
  return reply.setCookie(ACCESS_ERROR_COOKIE, value, {
    maxAge: ACCESS_ERROR_MAX_AGE_S,
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: options.secure,
    ...(options.domain ? { domain: options.domain } : {}),
  });
}
