import { checkIntervalSeconds, decodeToken, isLoggedIn, tokenCheckAction } from './token';

const now = 1_800_000_000;
const encode = (claims: object) =>
  `${btoa(JSON.stringify({ alg: 'RS256' }))}.${btoa(JSON.stringify(claims))}.signature`;

describe('session token rules', () => {
  it('decodes a token with exp and nra, and rejects one without', () => {
    expect(decodeToken(encode({ sub: 'u1', exp: now, nra: now + 10 }))?.sub).toBe('u1');
    expect(decodeToken(encode({ sub: 'u1', exp: now }))).toBeNull();
    expect(decodeToken('not-a-token')).toBeNull();
  });

  it('is logged in while exp or nra is in the future', () => {
    expect(isLoggedIn({ sub: 'u', exp: now + 1, nra: now - 1 }, now)).toBe(true);
    expect(isLoggedIn({ sub: 'u', exp: now - 1, nra: now + 1 }, now)).toBe(true);
    expect(isLoggedIn({ sub: 'u', exp: now - 1, nra: now - 1 }, now)).toBe(false);
  });

  it('checks every min(60, (nra-now)/20) seconds', () => {
    expect(checkIntervalSeconds({ sub: 'u', exp: now, nra: now + 3600 }, now)).toBe(60);
    expect(checkIntervalSeconds({ sub: 'u', exp: now, nra: now + 200 }, now)).toBe(10);
  });

  it('refreshes under 300 s to exp while nra is ahead, and clears after nra', () => {
    expect(tokenCheckAction({ sub: 'u', exp: now + 301, nra: now + 900 }, now)).toBe('keep');
    expect(tokenCheckAction({ sub: 'u', exp: now + 299, nra: now + 900 }, now)).toBe('refresh');
    expect(tokenCheckAction({ sub: 'u', exp: now + 299, nra: now - 1 }, now)).toBe('clear');
  });
});
