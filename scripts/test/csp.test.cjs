// The front ends' Content-Security-Policy (scripts/lib/csp.cjs), from the runtime files' values.
const { remoteOrigins, shellPolicy, standalonePolicy } = require('../lib/csp.cjs');

const directives = (header) =>
  Object.fromEntries(
    header.split('; ').map((part) => {
      const [name, ...sources] = part.split(' ');
      return [name, sources];
    }),
  );

const remotes = {
  remotes: [
    { name: 'mf_a', entry: 'https://a.example/mf-manifest.json' },
    { name: 'mf_b', entry: 'https://a.example/b/mf-manifest.json' },
    { name: 'mf_c', entry: 'javascript:alert(1)' },
    { name: 'mf_d' },
  ],
};

describe('the Content-Security-Policy', () => {
  it('takes each http(s) remote origin once and ignores anything else', () => {
    expect(remoteOrigins(remotes)).toEqual(['https://a.example']);
    expect(remoteOrigins(null)).toEqual([]);
    expect(remoteOrigins({ remotes: 'nope' })).toEqual([]);
  });

  it("allows Stripe's own Stripe.js with the frames and api Stripe documents", () => {
    const policy = directives(
      shellPolicy({ remotes, config: { loginProviderUrl: 'https://id.example/x' } }),
    );
    expect(policy['script-src']).toEqual([
      "'self'",
      'https://a.example',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(policy['frame-src']).toEqual([
      "'self'",
      'https://id.example',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://id.example',
      'https://a.example',
      'https://api.stripe.com',
    ]);
  });

  it('has no inline script or eval outside the dev server, and no framing by default', () => {
    const production = shellPolicy({ remotes, config: {} });
    expect(production).not.toMatch(/unsafe-eval|'unsafe-inline'.*script|nonce/);
    expect(directives(production)['frame-ancestors']).toEqual(["'none'"]);
    expect(directives(production)['object-src']).toEqual(["'none'"]);
    const dev = directives(
      shellPolicy({ config: {}, framedBySelf: true, dev: { websocket: 'ws://127.0.0.1:3000' } }),
    );
    expect(dev['script-src']).toContain("'unsafe-eval'");
    expect(dev['connect-src']).toContain('ws://127.0.0.1:3000');
    expect(dev['frame-ancestors']).toEqual(["'self'"]);
  });

  it("keeps a remote's standalone page to its own origin", () => {
    const policy = directives(standalonePolicy());
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    const withStripe = directives(
      standalonePolicy({ stripeJs: 'http://127.0.0.1:4600/v3/', dev: { websocket: 'ws://h:1' } }),
    );
    expect(withStripe['script-src']).toEqual(["'self'", 'http://127.0.0.1:4600', "'unsafe-eval'"]);
    expect(withStripe['frame-src']).toEqual(["'self'", 'http://127.0.0.1:4600']);
    expect(withStripe['connect-src']).toEqual(["'self'", 'ws://h:1']);
  });
});
