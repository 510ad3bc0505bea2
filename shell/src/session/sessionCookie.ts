import type { SessionCookieWriter } from '@pos/shared/lean';
import { sessionCookieUrl } from '../urls';

/**
 * The shell's {@link SessionCookieWriter}: asks the api, through the same-origin proxy, to set
 * the HttpOnly `pos_token` cookie to the bearer token (POST, expiring at its exp) or to clear it
 * (DELETE). A failure is logged and leaves the cookie as it was: the cloud POS host then sends
 * the browser to sign in again, as it does without a cookie.
 */
export function sessionCookieWriter(fetcher: typeof fetch): SessionCookieWriter {
  return async (token) => {
    try {
      const response = await fetcher(
        sessionCookieUrl,
        token
          ? {
              method: 'POST',
              headers: { Authorization: `Bearer ${token}` },
              credentials: 'same-origin',
            }
          : { method: 'DELETE', credentials: 'same-origin', keepalive: true },
      );
      if (!response.ok) {
        console.warn(`The session cookie was not ${token ? 'set' : 'cleared'}`, response.status);
      }
    } catch (error) {
      console.warn(`The session cookie was not ${token ? 'set' : 'cleared'}`, error);
    }
  };
}
