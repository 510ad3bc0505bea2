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
