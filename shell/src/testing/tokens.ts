import type { AuthTokenClaims } from '@pos/shared';

const base64Url = (value: object): string =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned token with the given claims: the shell only decodes tokens, the server verifies. */
export function makeToken(claims: Partial<AuthTokenClaims> & { exp: number; nra: number }): string {
  return `${base64Url({ alg: 'RS256', kid: 'test' })}.${base64Url({ sub: 'usr_test', ...claims })}.signature`;
}

/** Seconds since the epoch, following jest's fake clock when it is installed. */
export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);
