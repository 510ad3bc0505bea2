// The front ends' Content-Security-Policy, computed from the runtime files the shell reads
// (remotes.json, config.json), so redeploying a remote changes remotes.json and nothing else.
// CommonJS: the static server (ES module), the shell's webpack dev server and the scripts' jest
// project (no transform) all load it.
const fs = require('node:fs');

/** Stripe's own Stripe.js, which needs more than its script origin (Stripe's CSP guide). */
const STRIPE_JS_ORIGIN = 'https://js.stripe.com';
const STRIPE_EXTRA = {
  script: ['https://*.js.stripe.com'],
  frame: ['https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** The http(s) origin of `value`, or null when it is no absolute http(s) URL. */
function originOf(value) {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

const unique = (values) => [...new Set(values.filter(Boolean))];

/** The origins of the remotes' manifests in a remotes.json document. */
function remoteOrigins(remotesDocument) {
  const remotes = Array.isArray(remotesDocument?.remotes) ? remotesDocument.remotes : [];
  return unique(remotes.map((remote) => originOf(remote?.entry)));
}

/**
 * What the shell's page talks to, from config.json: the login provider (verify, refresh, the
 * SSO frame) and Stripe.js (its script and card frames; Stripe's own https://js.stripe.com/v3
 * when the config names none, as the shell does).
 */
function configOrigins(config) {
  const stripeJs = originOf(config?.stripe?.jsUrl) ?? STRIPE_JS_ORIGIN;
  const stripeExtra =
    stripeJs === STRIPE_JS_ORIGIN ? STRIPE_EXTRA : { script: [], frame: [], connect: [] };
  return {
    provider: originOf(config?.loginProviderUrl),
    stripe: { script: [stripeJs, ...stripeExtra.script], frame: [stripeJs, ...stripeExtra.frame] },
    stripeConnect: stripeExtra.connect,
  };
}

/** Serializes directive → sources, in order. */
function serialize(directives) {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The shell page's policy.
 * - `script-src 'self'` + the remotes' origins + Stripe.js: no inline script, no eval.
 * - `style-src`: 'self' and the remotes' origins (production CSS, the shell's and each remote's,
 *   is extracted into files beside the chunks); 'unsafe-inline' for the first paint's inlined
 *   stylesheets and the development builds' style-loader, which puts them in <style> tags.
 * - `connect-src`: 'self' (the api is proxied same-origin; the live stream too), the provider
 *   (verify, refresh), the remotes (manifests, chunks) and, for Stripe's own Stripe.js, its api.
 * - `frame-src`: 'self' (the onboarding overlay's popup pages), the provider's SSO frame and
 *   Stripe.js's card frames.
 * - `frame-ancestors`: 'self' for the pages the onboarding overlay frames, else 'none'.
 * @param {{ remotes?: unknown, config?: unknown, framedBySelf?: boolean, dev?: { websocket?: string } }} input
 */
function shellPolicy({ remotes, config, framedBySelf = false, dev } = {}) {
  const fromRemotes = remoteOrigins(remotes);
  const { provider, stripe, stripeConnect } = configOrigins(config);
  return serialize({
    'default-src': ["'self'"],
    // The dev server's eval source maps need 'unsafe-eval'; the production build never does.
    'script-src': unique(["'self'", ...fromRemotes, ...stripe.script, dev && "'unsafe-eval'"]),
    'style-src': unique(["'self'", "'unsafe-inline'", ...fromRemotes]),
    'img-src': unique(["'self'", 'data:', 'blob:', ...fromRemotes]),
    'font-src': unique(["'self'", 'data:', ...fromRemotes]),
    'connect-src': unique(["'self'", provider, ...fromRemotes, ...stripeConnect, dev?.websocket]),
    'frame-src': unique(["'self'", provider, ...stripe.frame]),
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [framedBySelf ? "'self'" : "'none'"],
  });
}

/**
 * A remote's standalone page (its own dev harness, served beside remoteEntry.js): its own
 * origin, never framed; `stripeJs` (the harness's Stripe.js, for mf-billing's card forms) may
 * add its script and frames.
 * @param {{ stripeJs?: string, dev?: { websocket?: string } }} [options]
 */
function standalonePolicy({ stripeJs, dev } = {}) {
  const stripe = stripeJs ? configOrigins({ stripe: { jsUrl: stripeJs } }).stripe : null;
  return serialize({
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...(stripe?.script ?? []), dev && "'unsafe-eval'"]),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': unique(["'self'", dev?.websocket]),
    'frame-src': unique(["'self'", ...(stripe?.frame ?? [])]),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * A JSON file's parsed content, or null when it cannot be read or parsed (the policy then
 * leaves those origins out: a broken remotes.json loads no remote either way).
 */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The shell's policy read from its runtime files on every call: a page load reads two small
 * files, and an edited remotes.json counts from the next page on, no restart.
 * @param {{ remotesFile: string, configFile: string }} files
 * @returns {(options?: { framedBySelf?: boolean, dev?: { websocket?: string } }) => string}
 */
function shellPolicyFromFiles({ remotesFile, configFile }) {
  return (options = {}) =>
    shellPolicy({ remotes: readJson(remotesFile), config: readJson(configFile), ...options });
}

module.exports = {
  originOf,
  remoteOrigins,
  shellPolicy,
  standalonePolicy,
  shellPolicyFromFiles,
};
