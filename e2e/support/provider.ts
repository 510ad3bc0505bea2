import { stack } from './stack';

/** Creates (or updates) an account on the sandbox login provider through its test controls. */
export async function provideAccount(
  email: string,
  details: { name: string; password: string; accessTokenTtl?: number; refreshWindowTtl?: number },
): Promise<void> {
  const response = await fetch(`${stack.login}/_control/users/${encodeURIComponent(email)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(details),
  });
  if (!response.ok)
    throw new Error(`provideAccount ${email}: ${response.status} ${await response.text()}`);
}

/** Decodes a JWT's claims (no verification: the test only reads them). */
export function claimsOf(token: string): { exp: number; nra: number; iat: number } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}
