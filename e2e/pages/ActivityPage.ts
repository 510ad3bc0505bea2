import { expect, type Locator, type Page } from '@playwright/test';
import { analyticsTestIds as ids } from '../../mf-analytics/src/testIds';

/** The Activity feed (/activity) and the dashboard's analytics tiles (spec 2.3, 2.9). */
export class ActivityPage {
  readonly root: Locator;
  readonly entries: Locator;
  readonly pagination: Locator;
  readonly ordersTile: Locator;
  readonly ordersToday: Locator;
  readonly ordersThisMonth: Locator;
  readonly miniFeed: Locator;
  readonly miniFeedEntries: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId(ids.activity.page);
    this.entries = page.getByTestId(ids.activity.entry);
    this.pagination = page.getByTestId(ids.activity.pagination);
    this.ordersTile = page.getByTestId(ids.tile.root);
    this.ordersToday = page.getByTestId(ids.tile.today);
    this.ordersThisMonth = page.getByTestId(ids.tile.month);
    this.miniFeed = page.getByTestId(ids.feed.root);
    this.miniFeedEntries = page.getByTestId(ids.feed.entry);
  }

  /** The Order Analytics tile's orders of today, once it shows a figure ('1,204' → 1204). */
  async ordersTodayCount(): Promise<number> {
    await expect(this.ordersToday).toHaveText(/^\d[\d,]*$/);
    return Number((await this.ordersToday.textContent())?.replace(/,/g, ''));
  }

  async open(search = ''): Promise<void> {
    await this.page.goto(`/activity${search}`);
    await expect(this.root).toBeVisible();
  }

  /** A numbered page button of the feed's pagination. */
  pageButton(page: number): Locator {
    return this.pagination.getByRole('button', { name: `Page ${page}`, exact: true });
  }

  /** The entry names of the page shown. */
  async entryNames(): Promise<string[]> {
    return this.entries.getByTestId(ids.activity.entryName).allTextContents();
  }
}
