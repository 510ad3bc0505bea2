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

  /**
   * Rings up a sale on the open register: one of the first product, then Charge. The store
   * makes the order (channel POS) and fires order.created; returns the order's number.
   */
  async ringUpSale(): Promise<number> {
    await this.page.getByRole('region', { name: 'Products' }).getByRole('button').first().click();
    await this.page.getByRole('button', { name: 'Charge' }).click();
    const status = this.page.getByRole('status').filter({ hasText: 'Sale complete' });
    await expect(status).toHaveText(/^Sale complete: order #\d+, .+ paid\.$/);
    return Number(/#(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
  }
}
