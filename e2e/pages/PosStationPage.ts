import { expect, type Page } from '@playwright/test';

/** A store's station POS page, where the cloud POS address hands the person over. */
export class PosStationPage {
  constructor(readonly page: Page) {}

  /** Waits until the store shows the register of `station`, signed in as `personName`. */
  async expectOpen(storeUrl: string, station: string, personName: string): Promise<void> {
    await this.page.waitForURL((url) => url.origin === new URL(storeUrl).origin, {
      timeout: 15_000,
    });
    await expect(this.page.getByRole('heading', { level: 1, name: station })).toBeVisible();
    await expect(this.page.getByText(`Signed in as ${personName}`)).toBeVisible();
  }
}
