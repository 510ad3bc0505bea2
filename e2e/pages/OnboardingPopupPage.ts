import { expect, type Locator, type Page } from '@playwright/test';

/** The onboarding popup (the shell's slim entry: /service-onboarding, /service-launch-confirm). */
export class OnboardingPopupPage {
  readonly main: Locator;
  /** The confirm step: which store, at which address, goes to which account. */
  readonly confirmStep: Locator;
  readonly storeName: Locator;
  readonly storeAddress: Locator;
  readonly account: Locator;
  readonly connectStore: Locator;
  readonly cancel: Locator;
  readonly error: Locator;
  readonly errorDetails: Locator;
  readonly success: Locator;
  readonly stationLink: Locator;
  readonly contactSupport: Locator;
  readonly close: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByTestId('popup-page');
    this.confirmStep = page.getByTestId('popup-confirm');
    this.storeName = page.getByTestId('popup-confirm-store-name');
    this.storeAddress = page.getByTestId('popup-confirm-store-url');
    this.account = page.getByTestId('popup-confirm-account');
    this.connectStore = page.getByRole('button', { name: 'Connect store' });
    this.cancel = page.getByRole('button', { name: 'Cancel' });
    this.error = page.getByTestId('popup-error');
    this.errorDetails = page.getByTestId('popup-error-details');
    this.success = page.getByTestId('popup-success');
    this.stationLink = page.getByTestId('popup-station-link');
    this.contactSupport = page.getByRole('button', { name: 'Contact Support' });
    this.close = page.getByRole('button', { name: 'Close' });
  }

  /** Waits for the confirm step naming the store `storeName` at `homeUrl`. */
  async expectConfirm(storeName: string, homeUrl: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === '/service-onboarding');
    await expect(this.confirmStep.getByRole('heading', { level: 1 })).toHaveText(
      'Connect this store to Cloud POS?',
    );
    await expect(this.storeName).toHaveText(storeName);
    await expect(this.storeAddress).toHaveText(homeUrl);
  }

  /** Confirms the store `storeName` at `homeUrl` (the one step before anything is written). */
  async confirm(storeName: string, homeUrl: string): Promise<void> {
    await this.expectConfirm(storeName, homeUrl);
    await this.connectStore.click();
  }

  /** Waits for the popup's error page titled `title`. */
  async expectError(title: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname.startsWith('/service-'));
    await expect(this.error.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(this.contactSupport).toBeVisible();
    await expect(this.close).toBeVisible();
  }

  /**
   * Clicks Close and waits until the popup is gone. The window closes under the click itself, so
   * the click may end with "Target page closed": that is its purpose, not a failure (a CI run
   * failed on it once); any other error, or a popup still open, fails.
   */
  async closeWindow(): Promise<void> {
    const closed = this.page.waitForEvent('close');
    await this.close.click().catch((error: unknown) => {
      if (!this.page.isClosed()) throw error;
    });
    await closed;
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
