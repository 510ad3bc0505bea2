import { loadRuntimeFiles, parseConfig, parseRemotes } from './runtimeConfig';

const config = {
  loginProviderUrl: 'http://login.test',
  supportEmail: 'support@cloudpos.example',
  accountSettingsUrl: 'http://login.test/account',
  appsDashboardUrl: 'http://login.test/apps',
  links: { privacy: 'https://legal.test/privacy', terms: 'https://legal.test/terms' },
};

const reply = (body: unknown, ok = true) => ({
  ok,
  status: ok ? 200 : 404,
  json: async () => body,
});

describe('runtime files', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reads config.json, leaving missing links empty', () => {
    const parsed = parseConfig(config);
    expect(parsed.loginProviderUrl).toBe('http://login.test');
    expect(parsed.links.privacy).toBe('https://legal.test/privacy');
    expect(parsed.links.quickStart).toBe('');
  });

  it('reads the sales address, the support address standing in when there is none', () => {
    expect(parseConfig({ ...config, salesEmail: 'sales@cloudpos.example' }).salesEmail).toBe(
      'sales@cloudpos.example',
    );
    expect(parseConfig(config).salesEmail).toBe('support@cloudpos.example');
  });

  it("reads Stripe.js's URL and the publishable key", () => {
    const parsed = parseConfig({
      ...config,
      stripe: { publishableKey: 'pk_test_abc123', jsUrl: 'http://127.0.0.1:4600/v3/' },
    });
    expect(parsed.stripe).toEqual({
      publishableKey: 'pk_test_abc123',
      jsUrl: 'http://127.0.0.1:4600/v3/',
    });
  });

  it("falls back to Stripe's own Stripe.js without a key when config.json names none", () => {
    expect(parseConfig(config).stripe).toEqual({
      publishableKey: '',
      jsUrl: 'https://js.stripe.com/v3',
    });
  });

  it('never hands a secret key or a script that is not a web address to the parcels', () => {
    const secret = parseConfig({
      ...config,
      stripe: { publishableKey: 'sk_test_abc123', jsUrl: 'https://js.stripe.com/v3' },
    });
    expect(secret.stripe.publishableKey).toBe('');
    const script = parseConfig({
      ...config,
      stripe: { publishableKey: 'pk_test_abc123', jsUrl: 'javascript:alert(1)' },
    });
    expect(script.stripe).toEqual({ publishableKey: '', jsUrl: 'https://js.stripe.com/v3' });
    // The rest of the dashboard still starts.
    expect(script.loginProviderUrl).toBe('http://login.test');
  });

  it('takes a plain http Stripe.js only from a loopback host (the local payments sandbox)', () => {
    const jsUrlOf = (jsUrl: string) =>
      parseConfig({ ...config, stripe: { publishableKey: 'pk_test_abc123', jsUrl } }).stripe;
    for (const local of [
      'http://127.0.0.1:4600/v3/',
      'http://localhost:4600/v3/',
      'http://[::1]:4600/v3/',
    ]) {
      expect(jsUrlOf(local)).toEqual({ publishableKey: 'pk_test_abc123', jsUrl: local });
    }
    expect(jsUrlOf('https://payments.example/v3/')).toEqual({
      publishableKey: 'pk_test_abc123',
      jsUrl: 'https://payments.example/v3/',
    });
    for (const remote of [
      'http://js.stripe.com/v3',
      'http://payments.example/v3/',
      'http://127.0.0.2/v3/',
      'http://localhost.example/v3/',
    ]) {
      expect(jsUrlOf(remote)).toEqual({ publishableKey: '', jsUrl: 'https://js.stripe.com/v3' });
    }
  });

  it('refuses a config without a usable login provider', () => {
    expect(() => parseConfig({})).toThrow('config.json has no loginProviderUrl');
    expect(() => parseConfig({ loginProviderUrl: 'not a url' })).toThrow();
  });

  it('reads remotes.json and drops entries it cannot use', () => {
    expect(
      parseRemotes({
        remotes: [
          {
            name: 'mf_admin',
            access: 'all',
            entry: 'http://127.0.0.1:3006/mf-manifest.json',
            routes: ['/admin-panel', 'relative'],
          },
          { name: 'mf_staff', access: 'root', entry: 'http://127.0.0.1:3003/mf-manifest.json' },
          { name: 'mf_broken' },
          'nonsense',
        ],
      }),
    ).toEqual([
      {
        name: 'mf_admin',
        access: 'all',
        entry: 'http://127.0.0.1:3006/mf-manifest.json',
        routes: ['/admin-panel'],
      },
      // An unknown access falls back to 'all'.
      {
        name: 'mf_staff',
        access: 'all',
        entry: 'http://127.0.0.1:3003/mf-manifest.json',
        routes: [],
      },
    ]);
    expect(parseRemotes(null)).toEqual([]);
  });

  it('fetches both files, and goes on without remotes when remotes.json is missing', async () => {
    const fetcher = jest.fn(async (url: string) =>
      url === '/config.json' ? reply(config) : reply({}, false),
    );
    const files = await loadRuntimeFiles(fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledWith('/config.json', expect.anything());
    expect(fetcher).toHaveBeenCalledWith('/remotes.json', expect.anything());
    expect(files.remotes).toEqual([]);
    expect(files.config.supportEmail).toBe('support@cloudpos.example');
  });

  it('fails when config.json is missing', async () => {
    const fetcher = jest.fn(async () => reply({}, false));
    await expect(loadRuntimeFiles(fetcher as unknown as typeof fetch)).rejects.toThrow(
      '/config.json answered 404',
    );
  });
});
