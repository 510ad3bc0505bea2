import { expect, test } from '@playwright/test';
import { BillingPage } from '../pages/BillingPage';
import { LandingPage } from '../pages/LandingPage';
import { ShellPage } from '../pages/ShellPage';
import { watchCspViolations } from '../support/csp';
import { testCards } from '../support/payments';
import { stack } from '../support/stack';

/**
 * The front ends' security headers in the browser: the shell's Content-Security-Policy blocks
 * nothing the product uses (the SSO frame, every remote, Stripe.js and its card frame, the live
 * stream), and the session cookie the cloud POS host reads is out of script's reach.
 */
test.describe('security headers', () => {
  test("the shell's page carries its policy and the landing page breaks none of it", async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    const answer = await page.goto('/');
    const headers = answer?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain(stack.payments);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await expect(new LandingPage(page).signIn).toBeVisible();
    // The SSO frame has asked and answered.
    await page.waitForTimeout(1_000);
    expect(violations).toEqual([]);
  });

  test('a manager goes through every remote and adds a card without a violation', async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    const shell = new ShellPage(page);
    await shell.signInAs('manager');

    const cookie = (await page.context().cookies()).find((c) => c.name === 'pos_token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(await page.evaluate(() => document.cookie)).not.toContain('pos_token');

    for (const path of ['/applications', '/stations', '/analytics', '/activity', '/staff']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    const billing = new BillingPage(page);
    await billing.open();
    await billing.openPaymentMethods();
    await expect(billing.cardFrame().getByLabel('Credit or debit card number')).toBeVisible();
    await billing.cardFrame().getByLabel('Credit or debit card number').fill(testCards.visa);
    expect(violations).toEqual([]);
  });
});
