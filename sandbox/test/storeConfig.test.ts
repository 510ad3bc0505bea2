import { optionsFromEnv } from '../src';

describe('store settings from the environment', () => {
  it('read STORE_PORTS as a comma list and STORE_CALLBACK_CA as a path', () => {
    const options = optionsFromEnv({ STORE_PORTS: '5201, 0', STORE_CALLBACK_CA: '/tmp/ca.pem' });
    expect(options.storePorts).toEqual([5201, 0]);
    expect(options.storeCallbackCa).toBe('/tmp/ca.pem');
  });

  it('leave the defaults to startSandbox when unset', () => {
    const options = optionsFromEnv({});
    expect(options.storePorts).toBeUndefined();
    expect(options.storeCallbackCa).toBeUndefined();
    expect(options.demoStoreKey).toBeUndefined();
    expect(options.posJwks).toBeUndefined();
  });

  it('read the demo key pair and the cloud POS JWKS address', () => {
    const options = optionsFromEnv({
      DEMO_STORE_CONSUMER_KEY: 'ck_demo',
      DEMO_STORE_CONSUMER_SECRET: 'cs_demo',
      POS_JWKS_URL: 'http://127.0.0.1:5300/.well-known/jwks.json',
    });
    expect(options.demoStoreKey).toEqual({ consumerKey: 'ck_demo', consumerSecret: 'cs_demo' });
    expect(options.posJwks).toBe('http://127.0.0.1:5300/.well-known/jwks.json');
  });

  it('refuse half a demo key pair', () => {
    expect(() => optionsFromEnv({ DEMO_STORE_CONSUMER_KEY: 'ck_demo' })).toThrow(
      /DEMO_STORE_CONSUMER_KEY and DEMO_STORE_CONSUMER_SECRET/,
    );
  });

  it('refuse a port list that is not ports', () => {
    expect(() => optionsFromEnv({ STORE_PORTS: '4201,web' })).toThrow(/STORE_PORTS/);
    expect(() => optionsFromEnv({ STORE_PORTS: '70000' })).toThrow(/STORE_PORTS/);
  });
});
