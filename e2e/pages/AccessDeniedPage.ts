import { expect, type Locator, type Page } from '@playwright/test';
import { stack } from '../support/stack';

/** The dashboard's access-denied page (spec 2.13). */
export class AccessDeniedPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('access-denied');
  }

  async expectShown(name: string, text: string | RegExp): Promise<void> {
    await this.page.waitForURL(`${stack.shell}/access-denied`);
    await expect(this.root.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(this.root.getByText(text)).toBeVisible();
  }

  get stationsLink(): Locator {
    return this.root.getByTestId('access-denied-stations-link');
  }

  get wordPressLink(): Locator {
    return this.root.getByTestId('access-denied-wp-access-link');
  }
}
