import { expect, type Page } from '@playwright/test';

/**
 * A sandbox store's web shop (`/shop`): its checkout creates a web order and fires the store's
 * order.created webhook, as a WooCommerce checkout does.
 */
export class StoreShopPage {
  constructor(
    readonly page: Page,
    readonly storeUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.storeUrl}/shop`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  }

  /** Orders one of the first product through the form; ends on 'Order received'. */
  async placeOrder(name: string, email: string): Promise<void> {
    await this.page.getByRole('spinbutton').first().fill('1');
    await this.page.getByLabel('Name').fill(name);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Place order' }).click();
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Order received' }),
    ).toBeVisible();
  }

  /**
   * Places `count` orders through the same checkout over HTTP (a busy day of web orders
   * without driving the form each time); returns their order numbers, in the order placed.
   */
  static async placeOrders(storeUrl: string, count: number): Promise<number[]> {
    const form = await (await fetch(`${storeUrl}/shop`)).text();
    const field = /name="(qty_\d+)"/.exec(form)?.[1];
    if (!field) throw new Error(`the shop of ${storeUrl} lists no product`);
    const orders: number[] = [];
    for (let n = 0; n < count; n += 1) {
      const response = await fetch(`${storeUrl}/shop/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          [field]: '1',
          name: `Web Buyer ${n + 1}`,
          email: `buyer${n + 1}@example.test`,
        }).toString(),
      });
      if (!response.ok) throw new Error(`checkout answered ${response.status}`);
      const number = /Your order #(\d+)/.exec(await response.text())?.[1];
      if (!number) throw new Error('the checkout named no order');
      orders.push(Number(number));
    }
    return orders;
  }
}
