import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/ShellPage';
import { watchCspViolations } from '../support/csp';
import { withFirstPaintOnly } from '../support/firstPaint';
import { accounts } from '../support/stack';

/**
 * The dashboard's first paint (shell/src/firstPaint): a signed-in visit's HTML carries the
 * frame and the greeting, rendered by the shell's server from the api's answers to the
 * session cookie, and the live page takes over from it.
 */
test.describe('the first paint of the dashboard', () => {
  test("a manager's dashboard paints from the HTML, then the live page takes its place", async ({
    page,
    browser,
  }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    const greeting = `Welcome back, ${accounts.manager.name}`;

    // The page as the server sends it: the greeting is in it, for this visitor only.
    const answer = await page.request.get('/', { headers: { accept: 'text/html' } });
    expect(answer.headers()['cache-control']).toBe('no-store');
    expect(answer.headers().vary).toMatch(/cookie/i);
    const html = await answer.text();
    expect(html).toContain('id="shell-first-paint"');
    expect(html).toContain(greeting);

    // Before any script runs, the greeting and the navigation are on screen, styled.
    await withFirstPaintOnly(browser, page, async (firstPaint) => {
      await expect(firstPaint.locator('h1')).toHaveText(greeting);
      await expect(firstPaint.locator('h1')).toBeVisible();
      await expect(firstPaint.locator('nav a').first()).toHaveText('Dashboard');
      await expect(firstPaint.locator('.shell-sidebar')).toBeVisible();
    });

    // With scripts, the live page replaces it: one greeting, the live one, and no violation.
    const violations = await watchCspViolations(page);
    await page.reload();
    await shell.expectDashboard();
    await expect(page.locator('#shell-first-paint')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: greeting })).toHaveCount(1);
    await expect(page.getByText(greeting)).toHaveCount(1);
    // The live page is usable: its profile menu opens.
    const menu = await shell.openProfileMenu();
    await expect(menu.getByText(accounts.manager.email)).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the remotes arrive into the places the first paint gave them: nothing moves', async ({
    page,
    browser,
  }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('admin');
    const finalLabels = await shell.navLabels();

    // Before any script: every item of the navigation, and a place for each of the admin's tiles.
    await withFirstPaintOnly(browser, page, async (firstPaint) => {
      await expect(firstPaint.locator('nav a')).toHaveText(finalLabels);
      await expect(firstPaint.locator('.shell-tile')).toHaveText([
        /Order Analytics/,
        /Applications/,
        /Staff/,
        /POS/,
        /My Plan/,
        /Recent Activity/,
        /Users/,
      ]);
    });

    // With scripts, the takeover and every remote mounting into its place shift nothing.
    await page.addInitScript(() => {
      const shifts = { score: 0 };
      Object.defineProperty(window, '__layoutShifts', { value: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) shifts.score += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.reload();
    await shell.expectDashboard();
    await expect(shell.nav).not.toHaveAttribute('aria-busy');
    await page.waitForLoadState('networkidle');
    expect(await shell.navLabels()).toEqual(finalLabels);
    const score = await page.evaluate(
      () => (window as unknown as { __layoutShifts: { score: number } }).__layoutShifts.score,
    );
    expect(score).toBeLessThanOrEqual(0.01);
  });

  test('the account comes with the page, and the sidebar as it was left', async ({
    page,
    browser,
  }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('manager');

    // The page carries GET /viewer's answer; the shell takes it and does not ask again.
    const html = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<script type="application/json" id="shell-viewer-data">');
    const viewerCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/connect-ui/viewer')
        viewerCalls.push(request.url());
    });
    const violations = await watchCspViolations(page);
    await page.reload();
    await shell.expectDashboard();
    await expect(page.locator('#shell-first-paint')).toHaveCount(0);
    expect(viewerCalls).toEqual([]);
    expect(violations).toEqual([]);

    // Collapsed, the next visit's first paint is collapsed too, before any script runs.
    await shell.toggleNavigation('collapsed');
    await withFirstPaintOnly(browser, page, async (firstPaint) => {
      await expect(firstPaint.locator('.shell')).toHaveClass(/is-collapsed/);
    });
    await shell.toggleNavigation('expanded');
    const expanded = await (
      await page.request.get('/', { headers: { accept: 'text/html' } })
    ).text();
    // The frame's own class (the inlined stylesheets name is-collapsed too).
    expect(expanded).toContain('<div class="shell">');
  });

  test('a signed-out visitor and a signed-out session get the page without one', async ({
    page,
  }) => {
    const anonymous = await page.request.get('/', { headers: { accept: 'text/html' } });
    expect(await anonymous.text()).not.toContain('shell-first-paint');

    const shell = new ShellPage(page);
    await shell.signInAs('admin');
    const signedIn = await page.request.get('/', { headers: { accept: 'text/html' } });
    expect(await signedIn.text()).toContain(`Welcome back, ${accounts.admin.name}`);

    await shell.logOut();
    await expect
      .poll(async () => (await page.context().cookies()).map((c) => c.name))
      .not.toContain('pos_token');
    const after = await page.request.get('/', { headers: { accept: 'text/html' } });
    expect(await after.text()).not.toContain('shell-first-paint');
  });
});
