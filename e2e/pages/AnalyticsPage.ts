import { expect, type Locator, type Page } from '@playwright/test';
import { analyticsTestIds as ids } from '../../mf-analytics/src/testIds';

/** The chart sections of Order Analytics, by their data-chart key. */
export type ChartKey =
  'per-day' | 'per-month' | 'applications' | 'hours' | 'weekdays' | 'stations' | 'users';

export const CHART_KEYS: readonly ChartKey[] = [
  'per-day',
  'per-month',
  'applications',
  'hours',
  'weekdays',
  'stations',
  'users',
];

/** Order Analytics (/analytics) and its paper layout (/print-analytics). */
export class AnalyticsPage {
  readonly root: Locator;
  readonly printRoot: Locator;
  readonly range: Locator;
  readonly totalOrders: Locator;
  readonly posOrders: Locator;
  readonly webOrders: Locator;
  readonly application: Locator;
  readonly period: Locator;
  readonly printLink: Locator;
  readonly printButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId(ids.analytics.page);
    this.printRoot = page.getByTestId(ids.analytics.printPage);
    this.range = page.getByTestId(ids.analytics.range);
    this.totalOrders = page.getByTestId(ids.analytics.total);
    this.posOrders = page.getByTestId(ids.analytics.pos);
    this.webOrders = page.getByTestId(ids.analytics.web);
    this.application = page.getByLabel('Application', { exact: true });
    this.period = page.getByLabel('Period', { exact: true });
    this.printLink = page.getByTestId(ids.analytics.printLink);
    this.printButton = page.getByTestId(ids.analytics.printButton);
  }

  async open(search = ''): Promise<void> {
    await this.page.goto(`/analytics${search}`);
    await expect(this.root).toBeVisible();
  }

  async openPrint(search = ''): Promise<void> {
    await this.page.goto(`/print-analytics${search}`);
    await expect(this.printRoot).toBeVisible();
  }

  /** One chart's section: its heading, the drawing (role img) and its table. */
  chart(key: ChartKey): Locator {
    return this.page.locator(`[data-testid="${ids.analytics.chart}"][data-chart="${key}"]`);
  }

  /** The drawing of a chart, named by its summary. */
  drawing(key: ChartKey): Locator {
    return this.chart(key).getByRole('img');
  }

  table(key: ChartKey): Locator {
    return this.chart(key).getByRole('table');
  }

  async showTable(key: ChartKey): Promise<Locator> {
    await this.chart(key).getByRole('button', { name: 'Show table' }).click();
    const table = this.table(key);
    await expect(table).toBeVisible();
    return table;
  }

  /** The row headers (first cells) of a chart's table as shown now. */
  async rowNames(key: ChartKey): Promise<string[]> {
    return this.table(key).getByRole('rowheader').allTextContents();
  }

  prev(key: ChartKey): Locator {
    return this.chart(key).getByRole('button', { name: 'Prev' });
  }

  next(key: ChartKey): Locator {
    return this.chart(key).getByRole('button', { name: 'Next' });
  }
}
