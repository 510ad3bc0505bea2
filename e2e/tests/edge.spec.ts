import { expect, request as newRequest, test, type Response } from '@playwright/test';
import { PosStationPage } from '../pages/PosStationPage';
import { ShellPage } from '../pages/ShellPage';
import { tokenOf } from '../support/billing';
import { accounts, cloudPosAddress, demoApplication, stack } from '../support/stack';
import { stores } from '../support/store';

/**
 * The product through nginx, as production serves it (the e2e-scale step, POS_NGINX=1): the
 * headers each kind of answer needs, on https with HSTS; the built files precompressed and
 * cached by kind; plain http moved to https; the signed-in dashboard, the api and a cloud POS
 * address all behind the one entry point.
 */
test.describe('through nginx', () => {
  test('a manager signs in over https; every answer has the headers of its kind', async ({
    page,
  }) => {
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    await shell.expectDashboard();

    // The shell's page: the product's own policy (from remotes.json and config.json) and HSTS.
    const pageAnswer = await page.request.get('/', { headers: { accept: 'text/html' } });
    const pageHeaders = pageAnswer.headers();
    expect(pageHeaders['content-security-policy']).toContain("script-src 'self'");
    expect(pageHeaders['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(pageHeaders['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(pageHeaders['x-content-type-options']).toBe('nosniff');
    expect(pageHeaders['x-frame-options']).toBe('DENY');

    // Hashed scripts came compressed (brotli in Chromium) and cached for good; the remotes'
    // entries are revalidated.
    const hashed = scripts.filter((r) => /\.[0-9a-f]{8,}\.js$/.test(new URL(r.url()).pathname));
    expect(hashed.length).toBeGreaterThan(0);
    for (const script of hashed) {
      const headers = await script.allHeaders();
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(headers['strict-transport-security']).toBeDefined();
    }
    expect(
      await Promise.all(hashed.map(async (r) => (await r.allHeaders())['content-encoding'])),
    ).toContain('br');
    const entries = scripts.filter((r) => r.url().endsWith('/remoteEntry.js'));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(new URL(entry.url()).origin).toBe(stack.shell);
      expect((await entry.allHeaders())['cache-control']).toBe('no-cache');
    }
    for (const runtime of ['/remotes.json', '/config.json', '/remotes/mf-admin/mf-manifest.json']) {
      const answer = await page.request.get(runtime);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['cache-control']).toBe('no-cache');
      expect(answer.headers()['x-content-type-options']).toBe('nosniff');
    }

    // The api through nginx: no-store and nosniff its own, HSTS nginx's, the request id back.
    const api = await page.request.get('/api/connect-ui/user-data', {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    expect(api.status()).toBe(200);
    expect(api.headers()['cache-control']).toBe('no-store');
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
    expect(api.headers()['strict-transport-security']).toBeDefined();
    expect(api.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  test('plain http moves to https, and a cloud POS address opens through nginx', async ({
    page,
  }) => {
    const plain = await newRequest.newContext();
    try {
      const moved = await plain.get(`${stack.plainHttp}/stations?x=1`, { maxRedirects: 0 });
      expect(moved.status()).toBe(301);
      expect(moved.headers().location).toBe(`${stack.shell}/stations?x=1`);
    } finally {
      await plain.dispose();
    }

    // The POS host behind nginx reads the session cookie the api set through nginx.
    await new ShellPage(page).signInAs('manager');
    const address = cloudPosAddress(demoApplication.slug, 'pos');
    expect(address.startsWith('https://')).toBe(true);
    await page.goto(address);
    await new PosStationPage(page).expectOpen(
      stores.coffee.url,
      demoApplication.defaultStation,
      accounts.manager.name,
    );
  });
});
