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
  /** The sale's customer (Guest, or the name and email) and its note. */
  readonly customer: Locator;
  readonly note: Locator;
  /** The station's parked sales, with Park sale. */
  readonly parked: Locator;
  /** The dialog that asks a variable product's options. */
  readonly variationDialog: Locator;
  /** How many sales wait for the store (shown while some do). */
  readonly waiting: Locator;
  /** The queued sales the store has settled since, each with its order and totals. */
  readonly settled: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByLabel('Search by name, SKU or barcode');
    this.cart = page.getByRole('region', { name: 'Current sale' });
    this.payDialog = page.getByRole('dialog', { name: /^Take payment/ });
    this.receipt = page.getByRole('region', { name: 'Receipt' });
    this.customer = page.getByTestId('register-customer');
    this.note = page.getByRole('textbox', { name: 'Order note' });
    this.parked = page.getByRole('region', { name: /^Parked sales/ });
    this.variationDialog = page.getByRole('dialog', { name: /^Choose / });
    this.waiting = page.getByTestId('register-waiting');
    this.settled = page.getByTestId('register-settled');
  }

  /** Creates a customer at the register by name and email; the sale is then theirs. */
  async createCustomer(first: string, last: string, email: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New customer' }).click();
    const form = this.page.getByRole('form', { name: 'New customer' });
    await form.getByLabel('First name').fill(first);
    await form.getByLabel('Last name').fill(last);
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Add customer' }).click();
    await expect(this.customer).toHaveText(`${first} ${last} · ${email}`);
  }

  /** Parks the current sale; the cart is empty again. */
  async park(): Promise<void> {
    await this.parked.getByRole('button', { name: 'Park sale' }).click();
    await expect(this.page.getByText('The sale is parked.')).toBeVisible();
  }

  /** Resumes the parked sale of `customerName` into the empty cart. */
  async resume(customerName: string): Promise<void> {
    await this.parked
      .getByRole('button', { name: new RegExp(`^Resume .*, ${escape(customerName)}$`) })
      .click();
    await expect(this.page.getByText('The parked sale is back in the cart.')).toBeVisible();
  }

  /** Emails the receipt to the address in its field (the customer's, unless `email` is given). */
  async emailReceipt(email?: string): Promise<void> {
    const field = this.receipt.getByLabel('Email address for the receipt');
    if (email !== undefined) await field.fill(email);
    const to = await field.inputValue();
    await this.receipt.getByRole('button', { name: 'Email receipt' }).click();
    await expect(this.receipt.getByText(`The receipt was sent to ${to}.`)).toBeVisible();
  }

  /**
   * Opens a variable product's dialog and chooses `options` (attribute → option) with the
   * keyboard, as a cashier without a mouse does; the dialog stays open.
   */
  async chooseOptions(name: string, options: Record<string, string>): Promise<void> {
    await this.product(name).focus();
    await this.page.keyboard.press('Enter');
    await expect(this.variationDialog).toBeVisible();
    for (const option of Object.values(options)) {
      const radio = this.variationDialog.getByRole('radio', { name: option, exact: true });
      await radio.focus();
      await this.page.keyboard.press('Space');
      await expect(radio).toBeChecked();
    }
  }

  /** The units in stock of the chosen variation, as the dialog shows it ('499 in stock'). */
  async chosenStock(): Promise<number> {
    const summary = this.variationDialog.getByTestId('register-variation-summary');
    await expect(summary).toHaveText(/\d+ in stock/);
    return Number(/(\d+) in stock/.exec((await summary.textContent()) ?? '')?.[1]);
  }

  /** Adds the variation of `name` with `options` to the sale. */
  async addVariation(name: string, options: Record<string, string>): Promise<void> {
    await this.chooseOptions(name, options);
    await this.variationDialog.getByRole('button', { name: 'Add to sale' }).click();
    await expect(this.variationDialog).toBeHidden();
  }

  /** Applies a coupon code to the sale; the store's refusal shows in the cart. */
  async applyCoupon(code: string): Promise<void> {
    await this.cart.getByLabel('Coupon code').fill(code);
    await this.cart.getByRole('button', { name: 'Apply coupon' }).click();
  }

  /** A money figure of the cart ('$38.70'), once the store has computed it. */
  async figure(testId: string): Promise<string> {
    const figure = this.cart.getByTestId(testId);
    await expect(figure).toHaveText(/\d/);
    return (await figure.textContent()) ?? '';
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
