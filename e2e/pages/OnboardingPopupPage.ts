import { expect, type Locator, type Page } from '@playwright/test';

/** The onboarding popup (the shell's slim entry: /service-onboarding, /service-launch-confirm). */
export class OnboardingPopupPage {
  readonly main: Locator;
  readonly error: Locator;
  readonly errorDetails: Locator;
  readonly success: Locator;
  readonly stationLink: Locator;
  readonly contactSupport: Locator;
  readonly close: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByTestId('popup-page');
    this.error = page.getByTestId('popup-error');
    this.errorDetails = page.getByTestId('popup-error-details');
    this.success = page.getByTestId('popup-success');
    this.stationLink = page.getByTestId('popup-station-link');
    this.contactSupport = page.getByRole('button', { name: 'Contact Support' });
    this.close = page.getByRole('button', { name: 'Close' });
  }

  /** Waits for the popup's error page titled `title`. */
  async expectError(title: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname.startsWith('/service-'));
    await expect(this.error.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(this.contactSupport).toBeVisible();
    await expect(this.close).toBeVisible();
  }

  /** Waits for launch confirm's success and returns the station address it shows. */
  async expectConnected(): Promise<string> {
    await this.page.waitForURL((url) => url.pathname === '/service-launch-confirm');
    await expect(this.success.getByRole('heading', { level: 1 })).toHaveText(
      'Your store is connected',
    );
    const href = await this.stationLink.getAttribute('href');
    expect(href).toBeTruthy();
    return href ?? '';
  }
}
