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
  });

  it('refuse a port list that is not ports', () => {
    expect(() => optionsFromEnv({ STORE_PORTS: '4201,web' })).toThrow(/STORE_PORTS/);
    expect(() => optionsFromEnv({ STORE_PORTS: '70000' })).toThrow(/STORE_PORTS/);
  });
});
