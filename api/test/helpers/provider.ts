import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { JWK, KeyLike } from 'jose';

/** Claims a test token may carry; undefined drops a claim. */
export interface TestClaims {
  sub?: string;
  email?: string;
  name?: string;
  isAdmin?: boolean;
  isVerified?: boolean;
  exp?: number;
  nra?: number | string;
  iss?: string;
  iat?: number;
  /** The provider session; a new one for each token unless given (undefined: none). */
  sid?: string;
}

/** A stand-in login provider: a real JWKS over HTTP, and tokens signed with its key. */
export interface TestProvider {
  url: string;
  /** Signs an RS256 token with the published key (claims default to a verified manager). */
  sign(claims?: TestClaims): Promise<string>;
  /** Signs with a key the JWKS does not publish, under the published kid. */
  signWithForeignKey(claims?: TestClaims): Promise<string>;
  /** Signs with a key under a kid the JWKS does not publish. */
  signWithUnknownKid(claims?: TestClaims): Promise<string>;
  /** Requests received by POST /resend-activation (their Authorization headers). */
  resendCalls: string[];
  /** Makes POST /resend-activation fail with this status (0 = succeed). */
  failResendWith: number;
  /** Tokens received by POST /logout, the back-channel logout (their bodies' `token`). */
  logoutCalls: string[];
  /** Makes POST /logout fail with this status (0 = answer 204). */
  failLogoutWith: number;
  close(): Promise<void>;
}

const KID = 'test-key-1';

async function rsaKey(): Promise<{ privateKey: KeyLike; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateKey, publicJwk: await exportJWK(publicKey) };
}

/** Starts a JWKS server on a free port of 127.0.0.1. */
export async function startTestProvider(): Promise<TestProvider> {
  const main = await rsaKey();
  const foreign = await rsaKey();
  const jwks = JSON.stringify({
    keys: [{ ...main.publicJwk, kid: KID, alg: 'RS256', use: 'sig' }],
  });
  const state = {
    resendCalls: [] as string[],
    failResendWith: 0,
    logoutCalls: [] as string[],
    failLogoutWith: 0,
  };

  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/.well-known/jwks.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
      return;
    }
    if (request.method === 'POST' && request.url === '/resend-activation') {
      state.resendCalls.push(request.headers.authorization ?? '');
      if (state.failResendWith) {
        response
          .writeHead(state.failResendWith, { 'content-type': 'application/json' })
          .end('{"message":"no"}');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"sent":true}');
      }
      return;
    }
    if (request.method === 'POST' && request.url === '/logout') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const { token } = JSON.parse(body || '{}') as { token?: unknown };
        state.logoutCalls.push(typeof token === 'string' ? token : '');
        if (state.failLogoutWith) response.writeHead(state.failLogoutWith).end('{"message":"no"}');
        else response.writeHead(204).end();
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = (claims: TestClaims, key: KeyLike, kid: string) => {
    const now = Math.floor(Date.now() / 1000);
    const full: Record<string, unknown> = {
      sub: 'usr_test_manager',
      email: 'manager@test.example',
      name: 'Test Manager',
      isAdmin: false,
      isVerified: true,
      iss: url,
      iat: now,
      exp: now + 3600,
      nra: now + 86400,
      sid: randomUUID(),
      ...claims,
    };
    for (const name of Object.keys(full)) if (full[name] === undefined) delete full[name];
    return new SignJWT(full).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
  };

  return {
    url,
    get resendCalls() {
      return state.resendCalls;
    },
    get failResendWith() {
      return state.failResendWith;
    },
    set failResendWith(status: number) {
      state.failResendWith = status;
    },
    get logoutCalls() {
      return state.logoutCalls;
    },
    get failLogoutWith() {
      return state.failLogoutWith;
    },
    set failLogoutWith(status: number) {
      state.failLogoutWith = status;
    },
    sign: (claims = {}) => build(claims, main.privateKey, KID),
    signWithForeignKey: (claims = {}) => build(claims, foreign.privateKey, KID),
    signWithUnknownKid: (claims = {}) => build(claims, foreign.privateKey, 'some-other-kid'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } as TestProvider;
}
