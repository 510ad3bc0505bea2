import { expect, type Locator, type Page } from '@playwright/test';
import { adminTestIds } from '../../mf-admin/src/testIds';

/** The Admin Panel remote: users list with filter, date range, paging and actions. */
export class AdminPanelPage {
  readonly heading: Locator;
  readonly filter: Locator;
  readonly dateRange: Locator;
  readonly rows: Locator;
  readonly pagination: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Users', level: 1 });
    this.filter = page.getByLabel('Filter');
    this.dateRange = page.getByRole('switch', { name: 'Date range' });
    this.rows = page.locator(`[data-testid^="${adminTestIds.userRow('')}"]`);
    this.pagination = page.getByRole('navigation', { name: 'Pagination' });
  }

  async open(): Promise<void> {
    await this.page.goto('/admin-panel');
    await expect(this.heading).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  period(label: 'From' | 'To'): { month: Locator; year: Locator } {
    const group = this.page.getByRole('group', { name: label });
    return { month: group.getByLabel('Month'), year: group.getByLabel('Year') };
  }

  async setPeriod(label: 'From' | 'To', year: number, month: number): Promise<void> {
    const picker = this.period(label);
    await picker.year.selectOption(String(year));
    await picker.month.selectOption(String(month));
  }

  row(email: string): Locator {
    return this.rows.filter({ hasText: email });
  }

  statusButton(email: string): Locator {
    return this.row(email).getByRole('button', { name: /^(Active|Blocked)$/ });
  }

  async emails(): Promise<string[]> {
    return this.rows.locator('td, th').filter({ hasText: '@' }).allInnerTexts();
  }
}
