// Where the dashboard, and the store on its behalf, may send a browser back to: a path on the
// same origin. The api checks a returnPath with it before the store sees it; the shell checks a
// stored redirect before following it.

/** Longest path accepted. */
export const MAX_REDIRECT_PATH_LENGTH = 2048;

const BASE = 'http://same.origin.invalid';

/**
 * Whether `candidate` is a path on the same origin ("/stations?x=1"): one leading '/', no
 * scheme-relative ("//host") or absolute ("https://host") form, no backslash ("/\\host"),
 * control character or white space that browsers would bend towards another origin, at most
 * {@link MAX_REDIRECT_PATH_LENGTH} characters.
 */
export function isSameOriginPath(candidate: unknown): candidate is string {
  if (typeof candidate !== 'string') return false;
  if (candidate.length === 0 || candidate.length > MAX_REDIRECT_PATH_LENGTH) return false;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\\s]/.test(candidate)) return false;
  try {
    return new URL(candidate, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/**
 * `candidate`, normalised ("/a/../b" becomes "/b"), when it is a same-origin path (see
 * {@link isSameOriginPath}); otherwise `fallback`.
 */
export function safeRedirectPath(candidate: string | null | undefined, fallback = '/'): string {
  if (!isSameOriginPath(candidate)) return fallback;
  const resolved = new URL(candidate, BASE);
  return resolved.pathname + resolved.search + resolved.hash;
}
