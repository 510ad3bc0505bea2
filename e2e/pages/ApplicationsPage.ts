import { expect, type Locator, type Page } from '@playwright/test';
import { applicationsTestIds as ids } from '../../mf-applications/src/testIds';

/** The Applications area: the list, the create form and one application's page. */
export class ApplicationsPage {
  readonly listHeading: Locator;
  /** The status badge of the open application: Authorized, Not authorized or Unverified. */
  readonly status: Locator;
  readonly nameField: Locator;
  readonly urlField: Locator;
  readonly keyField: Locator;
  readonly secretField: Locator;
  readonly sharedWith: Locator;

  constructor(readonly page: Page) {
    // Scoped to the remote's page: while a slot loads, the shell holds a hidden h1 of the same name.
    this.listHeading = page
      .getByTestId(ids.list.page)
      .getByRole('heading', { name: 'My Applications', level: 1 });
    this.status = page.getByTestId(ids.detail.status);
    this.nameField = page.getByTestId(ids.detail.name);
    this.urlField = page.getByTestId(ids.detail.url);
    this.keyField = page.getByTestId(ids.auth.keyField);
    this.secretField = page.getByTestId(ids.auth.secretField);
    this.sharedWith = page.getByTestId(ids.sharedWith.table);
  }

  async openList(): Promise<void> {
    await this.page.goto('/applications');
    await expect(this.listHeading).toBeVisible();
  }

  /** The row of the list that shows `name`. */
  row(name: string): Locator {
    return this.page.getByTestId(ids.list.table).getByRole('row').filter({ hasText: name });
  }

  /** The Authorized cell of the list row of `name`. */
  rowStatus(name: string): Locator {
    return this.row(name).locator(`[data-testid^="${ids.list.authorized('')}"]`);
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

  /** Chooses 'Authorize with Account' or 'Connect with Keys'. */
  async chooseAuthMode(mode: 'account' | 'keys'): Promise<void> {
    const radio = this.page.getByTestId(
      mode === 'account' ? ids.auth.modeAccount : ids.auth.modeKeys,
    );
    await radio.check();
  }

  async connectWithKeys(key: string, secret: string): Promise<void> {
    await this.chooseAuthMode('keys');
    await this.keyField.click();
    await this.keyField.fill(key);
    await this.secretField.click();
    await this.secretField.fill(secret);
    await this.page.getByTestId(ids.auth.connectButton).click();
  }

  /** Starts the store's own authorization: the browser leaves for the store. */
  async authorizeWithAccount(storeUrl: string): Promise<void> {
    await this.chooseAuthMode('account');
    await this.page.getByTestId(ids.auth.authorizeButton).click();
    await this.page.waitForURL((url) => url.origin === new URL(storeUrl).origin);
  }

  get keysFail(): Locator {
    return this.page.getByTestId(ids.auth.keysFail);
  }

  get wpUserEmail(): Locator {
    return this.page.getByTestId(ids.auth.wpUserEmail);
  }

  get viewStations(): Locator {
    return this.page.getByTestId(ids.auth.viewStations);
  }

  /** Disconnect asks first: the dialog, as it opens. */
  async startDisconnect(): Promise<Locator> {
    await this.page.getByTestId(ids.auth.disconnectButton).click();
    const dialog = this.page.getByRole('dialog', { name: 'Disconnect application' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Disconnects, confirming in the dialog. */
  async disconnect(): Promise<void> {
    const dialog = await this.startDisconnect();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(dialog).toHaveCount(0);
  }

  /** After a disconnect: whether the store's key was revoked. */
  get keyOutcome(): Locator {
    return this.page.getByTestId(ids.auth.keyOutcome);
  }

  /** Why the last authorization failed, when, and what to do next. */
  get lastAuthFailure(): Locator {
    return this.page.getByTestId(ids.auth.lastFailure);
  }

  /** 'View Stations' of a store without the Cloud POS plugin: the prompt with its download. */
  get stationsPluginPrompt(): Locator {
    return this.page.getByTestId(ids.auth.stationsPlugin);
  }

  /** 'Shared with' of a store without the Cloud POS plugin. */
  get sharedWithPluginPrompt(): Locator {
    return this.page.getByTestId(ids.sharedWith.pluginPrompt);
  }

  /** The site check under a URL field: the offer of the site's own address. */
  siteCheck(where: 'create' | 'detail'): Locator {
    return this.page.getByTestId(where === 'create' ? ids.create.siteCheck : ids.detail.siteCheck);
  }

  /** The row of the 'Shared with' table that shows `email`. */
  sharedUser(email: string): Locator {
    return this.sharedWith.getByRole('row').filter({ hasText: email });
  }

  /** The invitation button of the wp user with `email`. */
  inviteButton(email: string): Locator {
    return this.sharedUser(email).getByRole('button');
  }

  /** Clicks a delete trigger, checks the question and confirms. */
  async confirmDelete(trigger: Locator, expectedQuestion: string): Promise<void> {
    await trigger.click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toContainText(expectedQuestion);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);
  }

  deleteOnDetail(): Locator {
    return this.page.getByTestId(ids.detail.deleteButton);
  }

  deleteOnList(name: string): Locator {
    return this.row(name).getByRole('button', { name: `Delete ${name}` });
  }

  get tileCount(): Locator {
    return this.page.getByTestId(ids.tile.count);
  }
}
