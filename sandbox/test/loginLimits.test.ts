import type { LoginLimitSettings } from '../src/login/limits';
import { loginLimitSettingsOf, LOGIN_LIMIT_DEFAULTS } from '../src/login/limits';
import type { TestSandbox } from './helpers';
import { DASHBOARD, needAccessUrl, postForm, sessionCookie, startTestSandbox } from './helpers';

// Issue 25: the provider took 100 wrong passwords for one account in 5 s and then the right
// one. Wrong passwords are now limited per account and per client address, registrations per
// email and per address; past a limit even the right password is refused until the window
// ends. Every request of these tests comes from 127.0.0.1, so each limit has a sandbox of its own.

const LOOSE = { points: 1000, seconds: 60 };
const start = (limits: Partial<LoginLimitSettings>) =>
  startTestSandbox({
    loginRateLimits: {
      signInFailuresAccount: LOOSE,
      signInFailuresAddress: LOOSE,
      registerAccount: LOOSE,
      registerAddress: LOOSE,
      ...limits,
    },
  });

const sandboxes: TestSandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sandbox) => sandbox.close())));
async function sandboxWith(limits: Partial<LoginLimitSettings>) {
  const sandbox = await start(limits);
  sandboxes.push(sandbox);
  return sandbox;
}

const signInForm = (sandbox: TestSandbox, email: string, password: string) =>
  postForm(needAccessUrl(sandbox.loginUrl, DASHBOARD), { email, password });

const register = (sandbox: TestSandbox, email: string, name = 'Rita Register') =>
  postForm(`${sandbox.loginUrl}/need-register?product=pos`, {
    name,
    email,
    password: 'correct horse',
  });

async function expectRefused(response: Response, text: RegExp, windowSeconds: number) {
  expect(response.status).toBe(429);
  expect(response.headers.get('location')).toBeNull();
  expect(sessionCookie(response)).toBeUndefined();
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const html = await response.text();
  expect(html).toMatch(/<div class="alert" role="alert">/);
  expect(html).toMatch(text);
}

describe('sign-in limits', () => {
  it('refuses the right password after too many wrong ones for the account, until the window ends', async () => {
    const sandbox = await sandboxWith({ signInFailuresAccount: { points: 3, seconds: 2 } });
    for (let i = 0; i < 3; i += 1) {
      const wrong = await signInForm(sandbox, 'manager@demo.test', `guess-${i}`);
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain('Incorrect email or password');
    }
    const right = await signInForm(sandbox, 'MANAGER@demo.test', 'demo1234');
    await expectRefused(
      right,
      /Too many failed sign-in attempts\. Please try again in \d+ seconds?\./,
      2,
    );
    // Another account from the same address signs in.
    expect((await signInForm(sandbox, 'cashier@demo.test', 'demo1234')).status).toBe(302);

    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await signInForm(sandbox, 'manager@demo.test', 'demo1234')).status).toBe(302);
  });

  it('clears an account’s wrong passwords when the right one is given in time', async () => {
    const sandbox = await sandboxWith({ signInFailuresAccount: { points: 3, seconds: 600 } });
    for (let i = 0; i < 2; i += 1) {
      expect((await signInForm(sandbox, 'admin@demo.test', 'nope-nope')).status).toBe(401);
    }
    expect((await signInForm(sandbox, 'admin@demo.test', 'demo1234')).status).toBe(302);
    for (let i = 0; i < 3; i += 1) {
      expect((await signInForm(sandbox, 'admin@demo.test', 'nope-nope')).status).toBe(401);
    }
    expect((await signInForm(sandbox, 'admin@demo.test', 'demo1234')).status).toBe(429);
  });

  it('refuses an address that guesses across accounts, whatever the account', async () => {
    const sandbox = await sandboxWith({ signInFailuresAddress: { points: 4, seconds: 600 } });
    const accounts = ['manager@demo.test', 'cashier@demo.test', 'admin@demo.test', 'x@demo.test'];
    for (const email of accounts) {
      expect((await signInForm(sandbox, email, 'wrong-password')).status).toBe(401);
    }
    await expectRefused(
      await signInForm(sandbox, 'manager@demo.test', 'demo1234'),
      /Too many failed sign-in attempts\. Please try again in \d+ minutes?\./,
      600,
    );
    // Good sign-ins are never counted against an address.
    const many = await sandboxWith({ signInFailuresAddress: { points: 2, seconds: 600 } });
    for (let i = 0; i < 5; i += 1) {
      expect((await signInForm(many, 'manager@demo.test', 'demo1234')).status).toBe(302);
    }
  });
});

describe('registration limits', () => {
  it('refuses repeated registrations of one email with a clear message', async () => {
    const sandbox = await sandboxWith({ registerAccount: { points: 2, seconds: 600 } });
    for (let i = 0; i < 2; i += 1) {
      const taken = await register(sandbox, 'manager@demo.test');
      expect(taken.status).toBe(409);
    }
    await expectRefused(
      await register(sandbox, 'Manager@demo.test'),
      /Too many attempts to create an account\. Please try again in \d+ minutes?\./,
      600,
    );
    // Another email from the same address registers.
    const fresh = await register(sandbox, 'fresh@example.com');
    expect(fresh.status).toBe(302);
  });

  it('refuses an address that creates too many accounts', async () => {
    const sandbox = await sandboxWith({ registerAddress: { points: 3, seconds: 600 } });
    for (let i = 0; i < 3; i += 1) {
      expect((await register(sandbox, `new-${i}@example.com`)).status).toBe(302);
    }
    const refused = await register(sandbox, 'new-3@example.com');
    await expectRefused(refused, /Too many attempts to create an account\./, 600);
    const signIn = await signInForm(sandbox, 'new-3@example.com', 'correct horse');
    expect(signIn.status).toBe(401);
  });
});

describe('LOGIN_RATE_LIMITS', () => {
  it('overrides the named limits and refuses unknown ones', () => {
    expect(loginLimitSettingsOf('signInFailuresAccount=3/60')).toEqual({
      ...LOGIN_LIMIT_DEFAULTS,
      signInFailuresAccount: { points: 3, seconds: 60 },
    });
    expect(() => loginLimitSettingsOf('signIn=3/60')).toThrow(/LOGIN_RATE_LIMITS/);
    expect(() => loginLimitSettingsOf('registerAddress=0/60')).toThrow(/LOGIN_RATE_LIMITS/);
  });
});
