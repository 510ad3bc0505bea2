import { expect, type Locator, type Page } from '@playwright/test';

/** The Applications area: the list, the create form and one application's page. */
export class ApplicationsPage {
  readonly listHeading: Locator;
  readonly bubbles: Locator;

  constructor(readonly page: Page) {
    this.listHeading = page.getByRole('heading', { name: 'My Applications', level: 1 });
    this.bubbles = page.getByRole('status').or(page.getByRole('alert'));
  }

  async openList(): Promise<void> {
    await this.page.goto('/applications');
    await expect(this.listHeading).toBeVisible();
  }

  /** The row of the list that shows `name`. */
  row(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }

  /** Creates an application through /applications/create and waits for its page. */
  async create(name: string, url: string): Promise<string> {
    await this.page.goto('/applications/create');
    await this.page.getByLabel('Name').fill(name);
    await this.page.getByLabel('URL').fill(url);
    await this.page.getByRole('button', { name: 'Create' }).click();
    await this.page.waitForURL(/\/applications\/[^/]+$/);
    await expect(this.nameField).toHaveValue(name);
    return new URL(this.page.url()).pathname.split('/').pop() ?? '';
  }

  async openDetail(id: string): Promise<void> {
    await this.page.goto(`/applications/${id}`);
    await expect(this.nameField).toBeVisible();
  }

  get nameField(): Locator {
    return this.page.getByLabel('Name', { exact: true });
  }

  get urlField(): Locator {
    return this.page.getByLabel('URL', { exact: true });
  }

  /** Chooses 'Authorize with Account' or 'Connect with Keys'. */
  async chooseAuthMode(mode: 'Authorize with Account' | 'Connect with Keys'): Promise<void> {
    await this.page.getByRole('radio', { name: mode }).check();
  }

  get keyField(): Locator {
    return this.page.getByLabel('Key', { exact: true });
  }

  get secretField(): Locator {
    return this.page.getByLabel('Secret', { exact: true });
  }

  async connectWithKeys(key: string, secret: string): Promise<void> {
    await this.chooseAuthMode('Connect with Keys');
    await this.keyField.click();
    await this.keyField.fill(key);
    await this.secretField.click();
    await this.secretField.fill(secret);
    await this.page.getByRole('button', { name: 'Connect', exact: true }).click();
  }

  /** Starts the store's own authorization: the browser leaves for the store. */
  async authorizeWithAccount(storeUrl: string): Promise<void> {
    await this.chooseAuthMode('Authorize with Account');
    await this.page.getByRole('button', { name: 'Authorize with Account' }).click();
    await this.page.waitForURL((url) => url.origin === new URL(storeUrl).origin);
  }

  /** The badge that tells whether the open application is authorized. */
  get authorizedBadge(): Locator {
    return this.page.getByText('Authorized', { exact: true });
  }

  async disconnect(): Promise<void> {
    await this.page.getByRole('button', { name: 'Disconnect' }).click();
  }

  get sharedWith(): Locator {
    return this.page.getByRole('table', { name: 'Shared with' });
  }

  /** The invitation button of the wp user with `email` in the 'Shared with' table. */
  inviteButton(email: string): Locator {
    return this.sharedWith.getByRole('row').filter({ hasText: email }).getByRole('button');
  }

  /** Asks for the delete on the open page or on a row of the list, and confirms. */
  async confirmDelete(trigger: Locator, expectedQuestion: string): Promise<void> {
    await trigger.click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toContainText(expectedQuestion);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);
  }
}
