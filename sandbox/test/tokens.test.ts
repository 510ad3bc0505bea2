import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JSONWebKeySet, JWTPayload } from 'jose';
import {
  SignJWT,
  UnsecuredJWT,
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  jwtVerify,
} from 'jose';
import type { TestSandbox } from './helpers';
import { DASHBOARD, freePort, needAccessUrl, postJson, signIn, startTestSandbox } from './helpers';

const ACCESS_TTL = 60;
const REFRESH_WINDOW = 600;

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({
    accessTokenTtl: ACCESS_TTL,
    refreshWindowTtl: REFRESH_WINDOW,
    controls: true,
  });
});

afterAll(() => sandbox.close());

async function verifyAgainstJwks(target: TestSandbox, token: string, at = new Date()) {
  const jwks = (await (
    await fetch(`${target.loginUrl}/.well-known/jwks.json`)
  ).json()) as JSONWebKeySet;
  return jwtVerify(token, createLocalJWKSet(jwks), {
    issuer: target.loginUrl,
    algorithms: ['RS256'],
    currentDate: at,
  });
}

function refresh(token: string) {
  return postJson(`${sandbox.loginUrl}/refresh`, { token });
}

describe('issued tokens', () => {
  it('are RS256 with a kid and carry the account claims, verifiable with the served JWKS', async () => {
    const { token } = await signIn(sandbox, 'admin@demo.test');
    const { payload, protectedHeader } = await verifyAgainstJwks(sandbox, token);

    expect(protectedHeader.alg).toBe('RS256');
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({
      iss: sandbox.loginUrl,
      sub: 'usr_demo_admin',
      email: 'admin@demo.test',
      name: 'Ada Admin',
      isAdmin: true,
      isVerified: true,
    });
    const iat = payload.iat as number;
    expect(payload.exp).toBe(iat + ACCESS_TTL);
    expect(payload.nra).toBe(iat + REFRESH_WINDOW);
  });

  it('say isAdmin false for a manager', async () => {
    const { token } = await signIn(sandbox, 'manager@demo.test');
    expect(decodeJwt(token)).toMatchObject({ sub: 'usr_demo_manager', isAdmin: false });
  });
});

describe('POST /refresh', () => {
  it('renews an expired token inside the refresh window and keeps its nra', async () => {
    const { token } = await signIn(sandbox);
    const original = decodeJwt(token);
    sandbox.advance(ACCESS_TTL + 30);

    const response = await refresh(token);
    expect(response.status).toBe(200);
    const renewed = ((await response.json()) as { token: string }).token;
    const { payload } = await verifyAgainstJwks(
      sandbox,
      renewed,
      new Date(((original.iat as number) + ACCESS_TTL + 31) * 1000),
    );
    expect(payload.nra).toBe(original.nra);
    expect(payload.iat).toBe((original.iat as number) + ACCESS_TTL + 30);
    expect(payload.sub).toBe(original.sub);
  });

  it('refuses once the refresh window (nra) has passed', async () => {
    const { token } = await signIn(sandbox);
    sandbox.advance(REFRESH_WINDOW + 1);

    const response = await refresh(token);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('reflects account changes made since the token was issued', async () => {
    const { token } = await signIn(sandbox, 'cashier@demo.test');
    await postJson(`${sandbox.loginUrl}/_control/users/cashier@demo.test`, {
      isAdmin: true,
      name: 'Cash Ier Senior',
    });

    const renewed = ((await (await refresh(token)).json()) as { token: string }).token;
    expect(decodeJwt(renewed)).toMatchObject({ isAdmin: true, name: 'Cash Ier Senior' });
    await postJson(`${sandbox.loginUrl}/_control/users/cashier@demo.test`, {
      isAdmin: false,
      name: 'Cash Ier',
    });
  });

  it('refuses a token of a deleted account', async () => {
    await postJson(`${sandbox.loginUrl}/_control/users/gone@demo.test`, {
      name: 'Soon Gone',
      password: 'password1',
      isVerified: true,
    });
    const { token } = await signIn(sandbox, 'gone@demo.test', 'password1');
    const removed = await fetch(`${sandbox.loginUrl}/_control/users/gone@demo.test`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);

    expect((await refresh(token)).status).toBe(401);
    expect((await postJson(`${sandbox.loginUrl}/verify`, { token })).status).toBe(401);
  });

  describe('refuses forged tokens', () => {
    let claims: JWTPayload;
    let kid: string;

    beforeAll(async () => {
      const { token } = await signIn(sandbox);
      claims = decodeJwt(token);
      kid = decodeProtectedHeader(token).kid as string;
    });

    it('signed by another RSA key under the same kid', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid })
        .sign(privateKey);
      expect((await refresh(forged)).status).toBe(401);
    });

    it('with alg none', async () => {
      const forged = new UnsecuredJWT(claims).encode();
      expect((await refresh(forged)).status).toBe(401);
    });

    it('with alg HS256', async () => {
      const jwks = (await (
        await fetch(`${sandbox.loginUrl}/.well-known/jwks.json`)
      ).json()) as JSONWebKeySet;
      const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid })
        .sign(secret);
      expect((await refresh(forged)).status).toBe(401);
    });

    it('with a tampered payload', async () => {
      const { token } = await signIn(sandbox);
      const [header, , signature] = token.split('.');
      const payload = Buffer.from(JSON.stringify({ ...claims, isAdmin: true })).toString(
        'base64url',
      );
      expect((await refresh(`${header}.${payload}.${signature}`)).status).toBe(401);
    });
  });

  it('answers 400 with a message when the token is missing', async () => {
    for (const body of [{}, { token: 42 }, { token: '' }]) {
      const response = await postJson(`${sandbox.loginUrl}/refresh`, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'token is required' });
    }
    const broken = await fetch(`${sandbox.loginUrl}/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: expect.any(String) });
  });
});

describe('a session (sid)', () => {
  it('is named in every token and kept by refresh', async () => {
    const { token } = await signIn(sandbox);
    const { sid } = decodeJwt(token);
    expect(sid).toEqual(expect.any(String));

    const renewed = ((await (await refresh(token)).json()) as { token: string }).token;
    expect(decodeJwt(renewed).sid).toBe(sid);
    const { token: other } = await signIn(sandbox);
    expect(decodeJwt(other).sid).not.toBe(sid);
  });
});

describe('POST /logout (back channel)', () => {
  const logout = (token: string) => postJson(`${sandbox.loginUrl}/logout`, { token });

  it("ends the token's session: neither it nor a token refreshed from it refreshes or verifies again", async () => {
    const { token } = await signIn(sandbox);
    const renewed = ((await (await refresh(token)).json()) as { token: string }).token;

    const response = await logout(token);
    expect(response.status).toBe(204);

    for (const signedOut of [token, renewed]) {
      const refused = await refresh(signedOut);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: 'Session ended' });
      const verified = await postJson(`${sandbox.loginUrl}/verify`, { token: signedOut });
      expect(verified.status).toBe(401);
      expect(await verified.json()).toEqual({ success: false, message: 'Session ended' });
    }
  });

  it('leaves the other sessions of the same account alone', async () => {
    const { token } = await signIn(sandbox);
    const { token: otherBrowser } = await signIn(sandbox);
    expect((await logout(token)).status).toBe(204);
    expect((await refresh(otherBrowser)).status).toBe(200);
  });

  it('ends the session of an expired token too, and the browser session behind it', async () => {
    const { token, cookie } = await signIn(sandbox);
    sandbox.advance(ACCESS_TTL + 30);
    expect((await logout(token)).status).toBe(204);
    expect((await refresh(token)).status).toBe(401);
    const page = await fetch(needAccessUrl(sandbox.loginUrl, DASHBOARD), { headers: { cookie } });
    expect(await page.text()).not.toContain('Continue as');
  });

  it('refuses a token that is not ours, and answers 400 without one', async () => {
    const { token } = await signIn(sandbox);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), sid: 'x' })).toString(
      'base64url',
    );
    expect((await logout(`${header}.${payload}.${signature}`)).status).toBe(401);
    expect((await postJson(`${sandbox.loginUrl}/logout`, {})).status).toBe(400);
    expect((await refresh(token)).status).toBe(200);
  });
});

describe('POST /verify', () => {
  it('confirms a valid token with the account', async () => {
    const { token } = await signIn(sandbox, 'manager@demo.test');
    const response = await postJson(`${sandbox.loginUrl}/verify`, { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      user: {
        id: 'usr_demo_manager',
        email: 'manager@demo.test',
        name: 'Maya Manager',
        isAdmin: false,
        isVerified: true,
      },
    });
  });

  it('refuses an expired token', async () => {
    const { token } = await signIn(sandbox);
    sandbox.advance(ACCESS_TTL + 1);
    const response = await postJson(`${sandbox.loginUrl}/verify`, { token });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, message: 'Token expired' });
  });
});

describe('the signing key', () => {
  it('survives a restart when a data dir is used, so earlier tokens still verify', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-keys-'));
    try {
      const loginPort = await freePort();
      const first = await startTestSandbox({ dataDir, loginPort });
      const { token } = await signIn(first, 'manager@demo.test');
      await first.close();

      const second = await startTestSandbox({ dataDir, loginPort });
      try {
        const response = await postJson(`${second.loginUrl}/verify`, { token });
        expect(response.status).toBe(200);
        await expect(verifyAgainstJwks(second, token)).resolves.toBeDefined();
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
