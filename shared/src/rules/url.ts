// How a typed store address becomes the address the product uses (issue 10): people type
// `shop.example` as often as `https://shop.example`.

/** True when `input` names its scheme (`https://shop.example`); a bare `shop.example` does not. */
export function hasScheme(input: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(input.trim());
}

/**
 * `input`, trimmed, with `https://` put in front when it names no scheme: a store is assumed to
 * be served over https. An empty input stays empty, so a form can still tell it is missing.
 */
export function withScheme(input: string): string {
  const trimmed = input.trim();
  return trimmed === '' || hasScheme(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * `value` as an absolute http(s) URL (its normalized href), or null: anything else — a
 * `javascript:` or `data:` address, a relative path, not a string — must never become a link,
 * a redirect or a script source.
 */
export function httpUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** What every cloud POS address of an application starts with, shown before the slug field. */
export function cloudStationUrlPrefix(cloudPosUrl: string, applicationSlug: string): string {
  return `${withoutTrailingSlash(cloudPosUrl)}/${encodeURIComponent(applicationSlug)}/`;
}

/**
 * The cloud POS address of a station (spec 7): built from the cloud POS origin, the
 * application slug and the station's cloudStationSlug ('pos' for the default station).
 */
export function cloudStationUrl(
  cloudPosUrl: string,
  applicationSlug: string,
  cloudStationSlug: string,
): string {
  return `${cloudStationUrlPrefix(cloudPosUrl, applicationSlug)}${encodeURIComponent(cloudStationSlug)}`;
}
