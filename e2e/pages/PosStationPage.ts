import { expect, type Locator, type Page } from '@playwright/test';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A store's station POS page, where the cloud POS address hands the person over: the bar with
 * the station and the person, and the Cloud POS register below it.
 */
export class PosStationPage {
  readonly search: Locator;
  readonly cart: Locator;
  readonly payDialog: Locator;
  readonly receipt: Locator;
  /** How many sales wait for the store (shown while some do). */
  readonly waiting: Locator;
  /** The queued sales the store has settled since, each with its order and totals. */
  readonly settled: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByLabel('Search by name, SKU or barcode');
    this.cart = page.getByRole('region', { name: 'Current sale' });
    this.payDialog = page.getByRole('dialog', { name: /^Take payment/ });
    this.receipt = page.getByRole('region', { name: 'Receipt' });
    this.waiting = page.getByTestId('register-waiting');
    this.settled = page.getByTestId('register-settled');
  }

  /** Waits until the store shows the register of `station`, signed in as `personName`. */
  async expectOpen(storeUrl: string, station: string, personName: string): Promise<void> {
    await this.page.waitForURL((url) => url.origin === new URL(storeUrl).origin, {
      timeout: 15_000,
    });
    await expect(this.page.getByRole('heading', { level: 1, name: station })).toBeVisible();
    await expect(this.page.getByText(`Signed in as ${personName}`)).toBeVisible();
  }

  /** A product's button in the grid. */
  product(name: string): Locator {
    return this.page
      .getByRole('list', { name: 'Products' })
      .getByRole('button', { name: new RegExp(`^${escape(name)}\\b`) });
  }

  /** Adds one of the product by its button in the grid. */
  async add(name: string): Promise<void> {
    await this.product(name).click();
    await expect(this.cart.getByText(name, { exact: true })).toBeVisible();
  }

  /** Types a code into the search and Enter, as a keyboard-wedge scanner does. */
  async scan(code: string): Promise<void> {
    await this.search.fill(code);
    await this.search.press('Enter');
  }

  /** The store's total of the cart, once it has computed it. */
  async total(): Promise<string> {
    const total = this.cart.getByTestId('register-total');
    await expect(total).toHaveText(/\d/);
    return (await total.textContent()) ?? '';
  }

  /** Pays the cart in cash, `tendered` typed (the exact total when not given). */
  async payCash(tendered?: string): Promise<void> {
    await this.total();
    await this.cart.getByRole('button', { name: /^Pay / }).click();
    if (tendered !== undefined) await this.payDialog.getByLabel('Amount tendered').fill(tendered);
    await this.payDialog.getByRole('button', { name: 'Complete sale' }).click();
    await expect(this.receipt).toBeVisible();
  }

  /** The number of the order the receipt shows. */
  async receiptOrder(): Promise<number> {
    const text = (await this.receipt.getByTestId('register-order-number').textContent()) ?? '';
    return Number(/#(\d+)/.exec(text)?.[1]);
  }

  /**
   * Rings up a sale on the open register: one of the first product, paid in cash, exactly.
   * The store makes the order (channel POS) and fires order.created; returns its number.
   */
  async ringUpSale(): Promise<number> {
    await this.page.getByRole('list', { name: 'Products' }).getByRole('button').first().click();
    await this.payCash();
    return this.receiptOrder();
  }
}
