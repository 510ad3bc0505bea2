import type { TestSandbox } from './helpers';
import { decodeJwt } from 'jose';
import { postJson, signIn, startTestSandbox } from './helpers';

describe('test controls', () => {
  let withControls: TestSandbox;
  let withoutControls: TestSandbox;

  beforeAll(async () => {
    [withControls, withoutControls] = await Promise.all([
      startTestSandbox({ controls: true }),
      startTestSandbox(),
    ]);
  });

  afterAll(() => Promise.all([withControls.close(), withoutControls.close()]));

  it('do not exist unless enabled', async () => {
    const response = await postJson(
      `${withoutControls.loginUrl}/_control/users/manager@demo.test`,
      {
        isAdmin: true,
      },
    );
    expect(response.status).toBe(404);
  });

  it('change an account and answer with it', async () => {
    const response = await postJson(`${withControls.loginUrl}/_control/users/manager@demo.test`, {
      isVerified: false,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'usr_demo_manager', isVerified: false });
  });

  it('answer 400 with a message for fields of the wrong type', async () => {
    for (const body of [{ isAdmin: 'yes' }, { isVerified: 1 }, { name: '' }]) {
      const response = await postJson(
        `${withControls.loginUrl}/_control/users/manager@demo.test`,
        body,
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('answer 404 for an unknown account unless name and password create it', async () => {
    const url = `${withControls.loginUrl}/_control/users/new@shop.test`;
    expect((await postJson(url, { isAdmin: true })).status).toBe(404);
    const created = await postJson(url, { name: 'New One', password: 'password1' });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ email: 'new@shop.test', isVerified: false });
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(404);
  });

  it('give one account its own token lifetimes', async () => {
    const url = `${withControls.loginUrl}/_control/users/short@shop.test`;
    const created = await postJson(url, {
      name: 'Short Lived',
      password: 'password1',
      accessTokenTtl: 303,
      refreshWindowTtl: 100,
    });
    expect(created.status).toBe(201);
    const { token } = await signIn(withControls, 'short@shop.test', 'password1');
    const claims = decodeJwt(token) as { iat: number; exp: number; nra: number };
    // The access lifetime is longer than the session: exp is capped at nra.
    expect(claims.nra - claims.iat).toBe(100);
    expect(claims.exp).toBe(claims.nra);

    const { token: other } = await signIn(withControls);
    const defaults = decodeJwt(other) as { iat: number; exp: number };
    expect(defaults.exp - defaults.iat).toBe(3600);
    expect((await postJson(url, { accessTokenTtl: 0 })).status).toBe(400);
  });
});
