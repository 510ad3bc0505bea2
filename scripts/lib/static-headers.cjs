// The headers of the built files, in one place for both servers that send them: the static
// server of `npm start` (scripts/static-server.mjs) and nginx in `npm run start:prod`
// (scripts/lib/nginx.mjs). The pages' Content-Security-Policy is csp.cjs's, and nginx gets it
// from the shell's server, which it proxies every page to.
// CommonJS: the static server (ES module) and the scripts' jest project (no transform) load it.

/** Built names that carry their content's hash: their content never changes. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2|png|svg)$/;
/** The same as a PCRE for nginx's `map` (no JS-only syntax in it). */
const HASHED_PCRE = '\\.[0-9a-f]{8,}\\.(js|css|woff2|png|svg)$';

/** Cache-Control of a hashed file: a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else (entries, manifests, HTML, JSON): revalidate (ETag). */
const REVALIDATE = 'no-cache';

/** Headers every answer of a front-end server carries. */
const EVERY_ANSWER = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** HSTS of the TLS entry point: a year, subdomains included (the api's POS host sends the same). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The Cache-Control of a built file, by its name. */
function cacheControlOf(file) {
  return HASHED.test(file) ? IMMUTABLE : REVALIDATE;
}

module.exports = {
  HASHED,
  HASHED_PCRE,
  IMMUTABLE,
  REVALIDATE,
  EVERY_ANSWER,
  STRICT_TRANSPORT_SECURITY,
  cacheControlOf,
};
