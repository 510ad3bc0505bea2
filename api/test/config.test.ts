import { loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('believes no proxy unless TRUST_PROXY names one', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
  });

  it('uses PostgreSQL only when DATABASE_URL is set', () => {
    expect(loadConfig({}).databaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://db/pos' }).databaseUrl).toBe('postgres://db/pos');
  });
});

describe('loadConfig for stores and the POS host', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ API_DATA_DIR: '/data' });
    expect(config).toMatchObject({
      dashboardOrigin: 'http://127.0.0.1:3000',
      posHostPort: 4443,
      posPublicUrl: 'https://127.0.0.1:4443',
      posTlsCertPath: '/data/tls/pos-host.crt',
      posTlsKeyPath: '/data/tls/pos-host.key',
      storeSecretKey: null,
      storeSecretKeyPath: '/data/store-secret.key',
      storeAllowPrivateHosts: false,
      storeTimeoutMs: 5000,
    });
  });

  it('reads a base64 secret key of 32 bytes and refuses any other', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ STORE_SECRET_KEY: key.toString('base64') }).storeSecretKey).toEqual(key);
    expect(() => loadConfig({ STORE_SECRET_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      'STORE_SECRET_KEY must be the base64 of exactly 32 bytes',
    );
  });

  it.each([
    [{ POS_PUBLIC_URL: 'http://pos.example.com' }, 'POS_PUBLIC_URL must be an https URL'],
    [{ POS_PUBLIC_URL: 'https://pos.example.com/?a=1' }, 'POS_PUBLIC_URL must be an https URL'],
    [{ DASHBOARD_ORIGIN: 'http://127.0.0.1:3000/app' }, 'DASHBOARD_ORIGIN must be a bare'],
    [{ POS_HOST_PORT: '70000' }, 'POS_HOST_PORT must be a port number'],
    [{ STORE_TIMEOUT_MS: '10' }, 'STORE_TIMEOUT_MS must be a whole number'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('allows private store hosts only when asked', () => {
    expect(loadConfig({ STORE_ALLOW_PRIVATE_HOSTS: '1' }).storeAllowPrivateHosts).toBe(true);
    expect(loadConfig({ POS_PUBLIC_URL: 'https://pos.example.com/' }).posPublicUrl).toBe(
      'https://pos.example.com',
    );
  });
});

describe('loadConfig for cloud POS addresses and the demo store', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      cloudPosPort: 4300,
      cloudPosUrl: 'http://127.0.0.1:4300',
      cookieDomain: null,
      demoStore: null,
    });
  });

  it('reads the cloud POS origin, cookie domain and the demo store when all three are set', () => {
    const config = loadConfig({
      CLOUD_POS_PORT: '4301',
      CLOUD_POS_URL: 'https://pos.example.com/',
      COOKIE_DOMAIN: 'Example.com',
      DEMO_STORE_URL: 'http://127.0.0.1:4201',
      DEMO_STORE_CONSUMER_KEY: 'ck_1',
      DEMO_STORE_CONSUMER_SECRET: 'cs_1',
    });
    expect(config).toMatchObject({
      cloudPosPort: 4301,
      cloudPosUrl: 'https://pos.example.com',
      cookieDomain: 'example.com',
      demoStore: { url: 'http://127.0.0.1:4201', consumerKey: 'ck_1', consumerSecret: 'cs_1' },
    });
    expect(loadConfig({ DEMO_STORE_URL: 'http://127.0.0.1:4201' }).demoStore).toBeNull();
  });

  it.each([
    [{ CLOUD_POS_URL: 'http://127.0.0.1:4300/pos' }, 'CLOUD_POS_URL must be a bare'],
    [{ CLOUD_POS_PORT: 'x' }, 'CLOUD_POS_PORT must be a port number'],
    [{ COOKIE_DOMAIN: 'example.com; Secure' }, 'COOKIE_DOMAIN must be a domain name'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('loadConfig for Stripe', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

  it('turns billing off without a secret key, and talks to Stripe itself by default', () => {
    expect(loadConfig({}).payments).toBeNull();
    expect(loadConfig(keys).payments).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      host: null,
      port: null,
      protocol: null,
    });
  });

  it('points the SDK at STRIPE_API_URL (the payments sandbox) or at host, port and protocol', () => {
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:4600' }).payments).toMatchObject(
      {
        host: '127.0.0.1',
        port: 4600,
        protocol: 'http',
      },
    );
    expect(
      loadConfig({
        ...keys,
        STRIPE_HOST: 'stripe.local',
        STRIPE_PORT: '8443',
        STRIPE_PROTOCOL: 'https',
      }).payments,
    ).toMatchObject({ host: 'stripe.local', port: 8443, protocol: 'https' });
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' },
      'STRIPE_SECRET_KEY must be',
    ],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_WEBHOOK_SECRET must be'],
    [{ ...keys, STRIPE_API_URL: 'http://127.0.0.1:4600/v1' }, 'STRIPE_API_URL must be a bare'],
    [{ ...keys, STRIPE_PROTOCOL: 'ftp' }, 'STRIPE_PROTOCOL must be http or https'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('ORDERS_RECONCILE_INTERVAL_MS', () => {
  it('defaults to 5 minutes, takes 0 to turn the job off, and larger values', () => {
    expect(loadConfig({}).ordersReconcileIntervalMs).toBe(300_000);
    expect(loadConfig({ ORDERS_RECONCILE_INTERVAL_MS: '0' }).ordersReconcileIntervalMs).toBe(0);
    expect(loadConfig({ ORDERS_RECONCILE_INTERVAL_MS: '60000' }).ordersReconcileIntervalMs).toBe(
      60_000,
    );
  });

  it.each(['100', '-1', 'soon', '1.5'])('refuses %s', (value) => {
    expect(() => loadConfig({ ORDERS_RECONCILE_INTERVAL_MS: value })).toThrow(
      'ORDERS_RECONCILE_INTERVAL_MS must be 0 (off) or a whole number of ms ≥ 5000',
    );
  });
});
