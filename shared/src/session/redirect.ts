/**
 * Returns `candidate` when it is a same-origin relative path ("/stations?x=1"), otherwise `fallback`.
 * Rejects scheme-relative ("//host"), absolute ("https://host"), backslash ("/\\host") and
 * control-character tricks that browsers would resolve to another origin.
 */
export function safeRedirectPath(candidate: string | null | undefined, fallback = '/'): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048)
    return fallback;
  if (!candidate.startsWith('/')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  if (candidate.startsWith('//')) return fallback;
  try {
    const base = 'http://same.origin.invalid';
    const resolved = new URL(candidate, base);
    if (resolved.origin !== base) return fallback;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
}
