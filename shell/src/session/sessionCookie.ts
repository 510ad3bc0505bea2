import type { SessionCookieWriter } from '@pos/shared/lean';
import { sessionCookieUrl } from '../urls';

/**
 * How long the api has to answer a cookie call. Sign-in, sign-out and a POS redirect wait for
 * it, so a call that hangs must end: after this the cookie counts as not written.
 */
export const SESSION_COOKIE_TIMEOUT_MS = 10_000;

/**
 * The shell's {@link SessionCookieWriter}: asks the api, through the same-origin proxy, to set
 * the HttpOnly `pos_token` cookie to the bearer token (POST, expiring at its exp) or to clear it
 * (DELETE). A failure, or no answer within {@link SESSION_COOKIE_TIMEOUT_MS}, is logged and
 * leaves the cookie as it was: the cloud POS host then sends the browser to sign in again, as it
 * does without a cookie.
 */
export function sessionCookieWriter(fetcher: typeof fetch): SessionCookieWriter {
  return async (token) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SESSION_COOKIE_TIMEOUT_MS);
    try {
      const response = await fetcher(
        sessionCookieUrl,
        token
          ? {
              method: 'POST',
              headers: { Authorization: `Bearer ${token}` },
              credentials: 'same-origin',
              signal: controller.signal,
            }
          : {
              method: 'DELETE',
              credentials: 'same-origin',
              keepalive: true,
              signal: controller.signal,
            },
      );
      if (!response.ok) {
        console.warn(`The session cookie was not ${token ? 'set' : 'cleared'}`, response.status);
      }
    } catch (error) {
      console.warn(`The session cookie was not ${token ? 'set' : 'cleared'}`, error);
    } finally {
      clearTimeout(timer);
    }
  };
}
