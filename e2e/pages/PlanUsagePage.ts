import { expect, type Locator, type Page } from '@playwright/test';
import { testIds } from '../../shell/src/testIds';
import { apiAs } from '../support/billing';

/** The plan's order usage as GET /subscription-monitor answers it. */
export interface WireUsage {
  orders: number;
  limit: number | null;
  period: 'total' | 'month';
  reached: boolean;
  /** The plan's included orders a month. */
  included: number;
  /** This month's orders beyond `included` since the plan started (0 on a free plan). */
  excess: number;
  /** USD the excess orders cost so far. */
  excessAmount: number;
}

/**
 * The plan usage a manager sees: the plan limit banner of spec 4 ('Trial Ended' or 'POINT OF
 * SALE SERVICE PAUSED') on the dashboard, and the usage the api counts behind it.
 */
export class PlanUsagePage {
  readonly banner: Locator;
  readonly choosePlanLink: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByTestId(testIds.banners.planLimit);
    this.choosePlanLink = page.getByTestId(testIds.banners.choosePlan);
  }

  /** The signed-in user's usage, as the dashboard reads it. */
  async usage(): Promise<WireUsage | null> {
    const state = await apiAs<{ usage: WireUsage | null }>(
      this.page,
      'GET',
      '/subscription-monitor',
    );
    return state.usage;
  }

  /** Waits until the api has counted `orders` orders (the store's webhooks are delivered). */
  async expectOrdersCounted(orders: number): Promise<void> {
    await expect
      .poll(async () => (await this.usage())?.orders, { timeout: 30_000, intervals: [500] })
      .toBe(orders);
  }

  /** The banner with its title and why, on the dashboard. */
  async expectBanner(title: string, why: string | RegExp): Promise<void> {
    await expect(this.banner).toBeVisible();
    await expect(this.banner.getByText(title, { exact: true })).toBeVisible();
    await expect(this.banner).toContainText(why);
  }
}
