import { decodeJwt } from 'jose';
import type { OutboxMessage } from '../src';
import type { TestSandbox } from './helpers';
import { DASHBOARD, postForm, postJson, sessionCookie, signIn, startTestSandbox } from './helpers';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ controls: true });
});

afterAll(() => sandbox.close());

async function mailFor(address: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${sandbox.mailHttpUrl}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as OutboxMessage[];
}

function activationLink(message: OutboxMessage): string {
  const match = /https?:\/\/\S+\/verify-email\?code=[\w-]+/.exec(message.text);
  if (!match) throw new Error('no activation link in the mail');
  return match[0];
}

function register(fields: Record<string, string>, query = 'product=pos') {
  return postForm(`${sandbox.loginUrl}/need-register?${query}`, fields);
}

describe('registering', () => {
  it('shows a form with Full name, Email and Password', async () => {
    const html = await (await fetch(`${sandbox.loginUrl}/need-register?product=pos`)).text();
    expect(html).toContain('<label for="name">Full name</label>');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain(`href="/need-access/${encodeURIComponent(DASHBOARD)}?product=pos"`);
  });

  it('creates an unverified account, mails its activation link and signs the person in', async () => {
    const response = await register(
      { name: 'Nora New', email: 'Nora@Shop.test', password: 'long-enough' },
      `product=pos&origin=${encodeURIComponent('http://localhost:3000')}&isIframeJoin=1`,
    );

    expect(response.status).toBe(302);
    expect(sessionCookie(response)).toBeDefined();
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe('http://localhost:3000');
    expect(location.search).toBe('?isIframeJoin=1');
    const claims = decodeJwt(decodeURIComponent(location.pathname.replace('/login/', '')));
    expect(claims).toMatchObject({
      email: 'nora@shop.test',
      name: 'Nora New',
      isVerified: false,
      isAdmin: false,
    });
    const [mail] = await mailFor('nora@shop.test');
    expect(mail?.subject).toBe('Activate your Cloud POS account');
  });

  it("carries the onboarding popup's homeUrl and authMode back to {origin}/login/{token}", async () => {
    const homeUrl = 'http://127.0.0.1:4372';
    const response = await register(
      { name: 'Pia Popup', email: 'pia@shop.test', password: 'long-enough' },
      `product=pos&origin=${encodeURIComponent(DASHBOARD)}&homeUrl=${encodeURIComponent(homeUrl)}&authMode=register`,
    );

    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe(DASHBOARD);
    expect(location.pathname).toMatch(/^\/login\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Object.fromEntries(location.searchParams)).toEqual({ homeUrl, authMode: 'register' });
  });

  it('explains what is wrong with each field and keeps what was typed', async () => {
    const response = await register({ name: ' ', email: 'not-an-email', password: 'short' });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).toContain('Enter your full name');
    expect(html).toContain('Enter a valid email address');
    expect(html).toContain('Password must be at least 8 characters');
    expect(html).toContain('value="not-an-email"');
  });

  it('refuses an email that already has an account', async () => {
    const response = await register({
      name: 'Second Maya',
      email: 'manager@demo.test',
      password: 'long-enough',
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('An account with this email already exists');
  });

  it('creates one account when the same email registers twice at once', async () => {
    const fields = { name: 'Twin Tab', email: 'twin@shop.test', password: 'long-enough' };
    const statuses = (await Promise.all([register(fields), register(fields)])).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([302, 409]);
    const deleted = await fetch(`${sandbox.loginUrl}/_control/users/twin@shop.test`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
    const again = await fetch(`${sandbox.loginUrl}/_control/users/twin@shop.test`, {
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
  });

  it('refuses an origin that is not a listed dashboard', async () => {
    const response = await register(
      { name: 'Eve', email: 'eve@evil.test', password: 'long-enough' },
      'product=pos&origin=http%3A%2F%2Fevil.test',
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Unknown application origin');
  });
});

describe('email activation', () => {
  it('resend-activation mails a link through SMTP that verifies the account once', async () => {
    await postJson(`${sandbox.loginUrl}/_control/users/late@shop.test`, {
      name: 'Late Verifier',
      password: 'long-enough',
    });
    const { token } = await signIn(sandbox, 'late@shop.test', 'long-enough');
    expect(decodeJwt(token).isVerified).toBe(false);

    const resend = await fetch(`${sandbox.loginUrl}/resend-activation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(resend.status).toBe(200);
    expect(await resend.json()).toEqual({ sent: true });

    const [mail] = await mailFor('late@shop.test');
    expect(mail).toMatchObject({ to: ['late@shop.test'], subject: expect.any(String) });
    const link = activationLink(mail as OutboxMessage);
    expect(link.startsWith(`${sandbox.loginUrl}/verify-email?code=`)).toBe(true);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Email verified');

    const refreshed = await postJson(`${sandbox.loginUrl}/refresh`, { token });
    expect(decodeJwt(((await refreshed.json()) as { token: string }).token).isVerified).toBe(true);

    const again = await fetch(link);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('invalid, was already used or has expired');
  });

  it('does not accept an activation link after 14 days', async () => {
    await postJson(`${sandbox.loginUrl}/_control/users/slow@shop.test`, {
      name: 'Slow Reader',
      password: 'long-enough',
    });
    const { token } = await signIn(sandbox, 'slow@shop.test', 'long-enough');
    await fetch(`${sandbox.loginUrl}/resend-activation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const [mail] = await mailFor('slow@shop.test');
    sandbox.advance(14 * 24 * 60 * 60 + 1);

    expect((await fetch(activationLink(mail as OutboxMessage))).status).toBe(400);
  });

  it('resend-activation requires a valid bearer token', async () => {
    const missing = await fetch(`${sandbox.loginUrl}/resend-activation`, { method: 'POST' });
    expect(missing.status).toBe(401);
    const bogus = await fetch(`${sandbox.loginUrl}/resend-activation`, {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(bogus.status).toBe(401);
    expect(await bogus.json()).toEqual({ message: expect.any(String) });
  });
});
