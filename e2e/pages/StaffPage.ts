import { expect, type Locator, type Page } from '@playwright/test';
import { staffTestIds } from '../../mf-staff/src/testIds';
import { expectAccessible } from '../support/a11y';

const ids = staffTestIds.list;
const createIds = staffTestIds.create;

/** What the create form takes (spec 2.6, 5). */
export interface NewStaffUser {
  name: string;
  email: string;
  /** The option as people read it: Administrator, Shop Manager, Cashier, Kiosk. */
  role: string;
  application: string;
}

/** The staff remote: /staff (the list and Manage), /staff/create and the dashboard's tile. */
export class StaffPage {
  readonly root: Locator;
  readonly createRoot: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId(ids.page);
    this.createRoot = page.getByTestId(createIds.page);
  }

  /** /staff, once the list (or its empty state) has loaded. */
  async open(): Promise<void> {
    await this.page.goto('/staff');
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.root.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(this.root.getByText('Loading staff list')).toHaveCount(0);
  }

  /** The application selector. */
  get applicationSelect(): Locator {
    return this.root.getByTestId(ids.application);
  }

  async chooseApplication(name: string): Promise<void> {
    await this.applicationSelect.selectOption({ label: name });
    await this.expectLoaded();
  }

  /** Every staff row of the page. */
  get rows(): Locator {
    return this.root.locator('[data-testid^="staff-row-"]');
  }

  /** The row of one staff user, by email. */
  rowOf(email: string): Locator {
    return this.rows.filter({ hasText: email });
  }

  /** The WordPress user id a row carries. */
  async wpUserIdOf(email: string): Promise<number> {
    return Number(await this.rowOf(email).getAttribute('data-wp-user-id'));
  }

  /** One cell of a user's row, by the row's test ids. */
  async cell(
    email: string,
    column: 'role' | 'access' | 'status' | 'lastAccess' | 'inviteStatus',
  ): Promise<Locator> {
    const wpUserId = await this.wpUserIdOf(email);
    return this.rowOf(email).getByTestId(ids[column](wpUserId));
  }

  get connectApplication(): Locator {
    return this.root.getByTestId(ids.connectApplication);
  }

  get downloadAddon(): Locator {
    return this.root.getByTestId(ids.downloadAddon);
  }

  get downloadAddonLink(): Locator {
    return this.root.getByTestId(ids.downloadAddonLink);
  }

  /** /staff/create through the list's create link, once its applications have loaded. */
  async openCreate(): Promise<void> {
    await this.root.getByTestId(ids.createLink).click();
    await this.page.waitForURL((url) => url.pathname === '/staff/create');
    await expect(
      this.createRoot.getByRole('heading', { level: 1, name: 'Create Staff User' }),
    ).toBeVisible();
    await expect(this.createRoot.getByText('Loading staff creation page')).toHaveCount(0);
  }

  get nameInput(): Locator {
    return this.createRoot.getByLabel('Name', { exact: true });
  }

  get emailInput(): Locator {
    return this.createRoot.getByLabel('Email', { exact: true });
  }

  get roleSelect(): Locator {
    return this.createRoot.getByLabel('Role', { exact: true });
  }

  get applicationField(): Locator {
    return this.createRoot.getByLabel('Application', { exact: true });
  }

  get createButton(): Locator {
    return this.createRoot.getByRole('button', { name: 'Create', exact: true });
  }

  /** The form's error line (the server's text, or the generic failure). */
  get createError(): Locator {
    return this.createRoot.getByTestId(createIds.error);
  }

  /** Fills the create form and presses Create. */
  async create(user: NewStaffUser): Promise<void> {
    await this.nameInput.fill(user.name);
    await this.emailInput.fill(user.email);
    await this.roleSelect.selectOption({ label: user.role });
    await this.applicationField.selectOption({ label: user.application });
    await this.createButton.click();
  }

  /** Manage: opens the role dialog of a user, picks another role and confirms it. */
  async changeRole(email: string, role: string): Promise<void> {
    const wpUserId = await this.wpUserIdOf(email);
    await this.rowOf(email).getByTestId(ids.roleButton(wpUserId)).click();
    const dialog = this.page.getByRole('dialog', { name: 'Change role' });
    await dialog.getByTestId(ids.roleSelect).selectOption({ label: role });
    await expectAccessible(this.page, 'the change role dialog');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(dialog).toHaveCount(0);
  }

  /** Manage: removes a user's POS access after the confirm. */
  async removeAccess(email: string): Promise<void> {
    const wpUserId = await this.wpUserIdOf(email);
    await this.rowOf(email).getByTestId(ids.removeButton(wpUserId)).click();
    const dialog = this.page.getByRole('dialog', { name: 'Remove POS access' });
    await expect(dialog).toBeVisible();
    await expectAccessible(this.page, 'the remove access dialog');
    await dialog.getByRole('button', { name: 'Remove access' }).click();
    await expect(dialog).toHaveCount(0);
  }

  /** The dashboard's Staff tile. */
  get tile(): Locator {
    return this.page.getByTestId(staffTestIds.tile.root);
  }

  /** The figure of the Staff tile (absent while it loads). */
  get tileCount(): Locator {
    return this.tile.getByTestId(staffTestIds.tile.count);
  }

  /** How many staff rows the list shows (one page: at most 25), once it has loaded. */
  async rowCount(): Promise<number> {
    await this.expectLoaded();
    return this.rows.count();
  }
}
