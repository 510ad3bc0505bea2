import type { TestSandbox } from './helpers';
import {
  DASHBOARD,
  needAccessUrl,
  postForm,
  sessionCookie,
  signIn,
  startTestSandbox,
} from './helpers';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(() => sandbox.close());

describe('sign-in page', () => {
  it('shows an accessible form with Email, Password, Sign in and a register link', async () => {
    const response = await fetch(needAccessUrl(sandbox.loginUrl, DASHBOARD));
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<main');
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email"/);
    expect(html).toMatch(/<label for="password">Password<\/label>\s*<input id="password"/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain(
      `href="/need-register?product=pos&amp;origin=${encodeURIComponent(DASHBOARD)}"`,
    );
  });

  it('refuses an origin that is not a listed dashboard with a 400 page', async () => {
    for (const origin of ['http://evil.test', `${DASHBOARD}/`, 'http://127.0.0.1:3001']) {
      const page = await fetch(needAccessUrl(sandbox.loginUrl, origin));
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('Unknown application origin');

      const post = await postForm(needAccessUrl(sandbox.loginUrl, origin), {
        email: 'manager@demo.test',
        password: 'demo1234',
      });
      expect(post.status).toBe(400);
      expect(post.headers.get('location')).toBeNull();
    }
  });

  it('keeps extra query parameters on the register link', async () => {
    const html = await (
      await fetch(needAccessUrl(sandbox.loginUrl, DASHBOARD, 'product=pos&isIframeJoin=1'))
    ).text();
    expect(html).toContain('&amp;isIframeJoin=1"');
  });
});

describe('signing in', () => {
  it('sends the browser to {origin}/login/{token} with a provider session cookie', async () => {
    const response = await postForm(needAccessUrl(sandbox.loginUrl, DASHBOARD), {
      email: 'Manager@Demo.test',
      password: 'demo1234',
    });

    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:3000\/login\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^sandbox_sid=[\w-]{20,};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
  });

  it('carries the extra query parameters, but not product, onto the dashboard URL', async () => {
    const { location } = await signIn(
      sandbox,
      'cashier@demo.test',
      'demo1234',
      'product=pos&isIframeJoin=1&redirectPath=%2Fstations%3Fa%3D1',
    );

    expect(location.origin).toBe(DASHBOARD);
    expect(location.searchParams.get('isIframeJoin')).toBe('1');
    expect(location.searchParams.get('redirectPath')).toBe('/stations?a=1');
    expect(location.searchParams.has('product')).toBe(false);
  });

  it("carries the onboarding popup's homeUrl and authMode back, and keeps them on the register link", async () => {
    const query = `product=pos&homeUrl=${encodeURIComponent('http://127.0.0.1:4372')}&authMode=login`;
    const html = await (await fetch(needAccessUrl(sandbox.loginUrl, DASHBOARD, query))).text();
    expect(html).toContain('&amp;homeUrl=http%3A%2F%2F127.0.0.1%3A4372&amp;authMode=login"');
    const { location } = await signIn(sandbox, 'manager@demo.test', 'demo1234', query);
    expect(location.origin).toBe(DASHBOARD);
    expect(location.pathname.startsWith('/login/')).toBe(true);
    expect(location.searchParams.get('homeUrl')).toBe('http://127.0.0.1:4372');
    expect(location.searchParams.get('authMode')).toBe('login');
  });

  it('shows the page again with the error and the email kept on a wrong password', async () => {
    const response = await postForm(needAccessUrl(sandbox.loginUrl, DASHBOARD), {
      email: 'manager@demo.test',
      password: 'wrong-password',
    });
    const html = await response.text();

    expect(response.status).toBe(401);
    expect(response.headers.get('location')).toBeNull();
    expect(sessionCookie(response)).toBeUndefined();
    expect(html).toContain('Incorrect email or password');
    expect(html).toContain('value="manager@demo.test"');
  });

  it('gives the same answer for an unknown email as for a wrong password', async () => {
    const response = await postForm(needAccessUrl(sandbox.loginUrl, DASHBOARD), {
      email: 'nobody@demo.test',
      password: 'demo1234',
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Incorrect email or password');
  });

  it('asks for both fields when one is missing', async () => {
    const response = await postForm(needAccessUrl(sandbox.loginUrl, DASHBOARD), {
      email: 'manager@demo.test',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Enter your email and password');
  });

  it('offers to continue as the signed-in person and hands out a token for them', async () => {
    const { cookie } = await signIn(sandbox, 'admin@demo.test');
    const page = await fetch(needAccessUrl(sandbox.loginUrl, DASHBOARD), { headers: { cookie } });
    expect(await page.text()).toContain('Continue as Ada Admin');

    const response = await postForm(
      needAccessUrl(sandbox.loginUrl, DASHBOARD),
      { continue: '1' },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:3000\/login\//);
  });
});
