import type { Page } from '@playwright/test';

/** One Content-Security-Policy violation a page (or one of its frames) reported. */
export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
}

/**
 * Collects the page's Content-Security-Policy violations from now on: the
 * `securitypolicyviolation` events of every frame (an init script, which the policy does not
 * govern) and Chromium's 'Refused to …' console messages, which also cover a blocked frame.
 * Call before the first navigation; read the list at the end and expect it empty.
 */
export async function watchCspViolations(page: Page): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await page.exposeBinding(
    '__reportCspViolation',
    ({ frame }, directive: string, blocked: string) => {
      violations.push({ directive, blocked, page: frame.url() });
    },
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (a: string, b: string) => void>)
        .__reportCspViolation;
      void report?.(event.effectiveDirective, event.blockedURI);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy/.test(text)) {
      violations.push({ directive: 'console', blocked: text, page: page.url() });
    }
  });
  return violations;
}
