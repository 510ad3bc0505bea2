import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The register's day, after its sales: split tender in the payment dialog, today's sales with
 * their receipts and refunds, and the end-of-day summary.
 */
export class RegisterDayPage {
  readonly payDialog: Locator;
  readonly receipt: Locator;
  readonly sales: Locator;
  readonly refundDialog: Locator;

  constructor(readonly page: Page) {
    this.payDialog = page.getByRole('dialog', { name: /^Take payment/ });
    this.receipt = page.getByRole('region', { name: 'Receipt' });
    this.sales = page.getByRole('table', { name: "Today's sales" });
    this.refundDialog = page.getByRole('dialog', { name: /^Refund order/ });
  }

  /**
   * Pays the cart in two tenders, with the keyboard: `cash` in cash (Add payment), then the
   * rest on a card taken on the terminal with `reference` (Enter completes the sale).
   */
  async paySplit(cash: string, reference: string): Promise<void> {
    await this.page.getByRole('button', { name: /^Pay / }).click();
    await expect(this.payDialog).toBeVisible();
    await this.payDialog.getByLabel('Amount tendered').fill(cash);
    await this.payDialog.getByRole('button', { name: 'Add payment' }).press('Enter');
    await expect(this.payDialog.getByRole('list', { name: 'Payments' })).toContainText('Cash');
    await this.payDialog.getByRole('radio', { name: 'Card' }).check();
    await this.payDialog.getByLabel('Card terminal reference').fill(reference);
    await this.payDialog.getByLabel('Card terminal reference').press('Enter');
    await expect(this.receipt).toBeVisible();
  }

  /** Opens today's sales of the station. */
  async openTodaysSales(): Promise<void> {
    await this.page.getByRole('button', { name: "Today's sales" }).click();
    await expect(this.sales).toBeVisible();
  }

  /** The row of order `number` in today's sales. */
  sale(number: number): Locator {
    return this.sales.getByTestId(`sale-${number}`);
  }

  /** Opens the receipt of order `number` from today's sales. */
  async openReceipt(number: number): Promise<void> {
    await this.sales.getByRole('button', { name: `Open the receipt of order #${number}` }).click();
    await expect(this.receipt).toBeVisible();
  }

  /** Refunds `units` of the receipt's line `product` for `reason`. */
  async refund(product: string, units: number, reason: string): Promise<void> {
    await this.receipt.getByRole('button', { name: 'Refund' }).click();
    await expect(this.refundDialog).toBeVisible();
    await this.refundDialog.getByLabel(`Units of ${product} to refund`).fill(String(units));
    await this.refundDialog.getByLabel('Reason').fill(reason);
    await this.refundDialog.getByRole('button', { name: 'Refund' }).click();
    await expect(this.refundDialog).toBeHidden();
  }

  /** Opens the end-of-day summary; its figures by test id (summary-orders, -gross, …). */
  async openEndOfDay(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'End of day' }).click();
    const summary = this.page.getByRole('region', { name: /^End-of-day summary/ });
    await expect(summary.getByTestId('summary-orders')).toBeVisible();
    return summary;
  }

  /** Back from the day's views to the current sale. */
  async backToSale(): Promise<void> {
    await this.page.getByRole('button', { name: 'Back to the sale' }).click();
  }
}
