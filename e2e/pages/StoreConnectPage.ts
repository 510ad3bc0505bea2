import { expect, type Locator, type Page } from '@playwright/test';
import { WooStorePage } from './WooStorePage';

/**
 * A store's wp-admin "Connect to Cloud POS" screen (the Cloud POS plugin's, shared
 * assets/connect.js): it opens the onboarding popup and keeps the station address it sends back.
 */
export class StoreConnectPage {
  readonly connectButton: Locator;
  readonly registerButton: Locator;
  readonly status: Locator;
  readonly error: Locator;
  readonly stationLink: Locator;

  constructor(
    readonly page: Page,
    readonly storeUrl: string,
  ) {
    this.connectButton = page.getByTestId('cloud-pos-connect-login');
    this.registerButton = page.getByTestId('cloud-pos-connect-register');
    this.status = page.getByTestId('cloud-pos-connect-status');
    this.error = page.getByTestId('cloud-pos-connect-error');
    this.stationLink = page.getByTestId('cloud-pos-station-link');
  }

  get url(): string {
    return `${this.storeUrl}/wp-admin/admin.php?page=cloud-pos-connect`;
  }

  /** Opens the screen, logging in as the store's administrator first when asked. */
  async open(): Promise<void> {
    await this.page.goto(this.url);
    if (await this.page.getByLabel('Username or Email Address').isVisible()) {
      await new WooStorePage(this.page, this.storeUrl).logIn();
      await this.page.goto(this.url);
    }
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Connect to Cloud POS' }),
    ).toBeVisible();
  }

  /** Presses a button that opens the popup and returns the popup's page. */
  async openPopup(button: Locator = this.connectButton): Promise<Page> {
    const [popup] = await Promise.all([this.page.waitForEvent('popup'), button.click()]);
    return popup;
  }

  /** Waits for the station address the popup sent, saved by the store and shown as a link. */
  async expectStation(stationUrl: string | RegExp): Promise<void> {
    await expect(this.status).toHaveText('This store is connected to Cloud POS.');
    await expect(this.stationLink).toHaveText(stationUrl);
    await expect(this.stationLink).toHaveAttribute('href', stationUrl);
  }
}
