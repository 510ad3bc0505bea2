import { expect, type Page } from '@playwright/test';
import { storeAdmin } from '../support/stack';

/**
 * A sandbox WooCommerce store as its administrator sees it: the login form, the wc-auth
 * approve/deny page, the REST API keys screen and the Plugins screen.
 */
export class WooStorePage {
  constructor(
    readonly page: Page,
    readonly storeUrl: string,
  ) {}

  /**
   * The login form's user field: WordPress's wp-login.php says 'Username or Email Address',
   * WooCommerce's own wc-auth login 'Username or email address'.
   */
  private get usernameField() {
    return this.page.getByLabel(/^Username or email address/i);
  }

  /**
   * Fills the store's login form (wp-login.php or the wc-auth login step) as the store's
   * administrator (a real store's has its own password).
   */
  async logIn(login: { username: string; password: string } = storeAdmin): Promise<void> {
    await this.usernameField.fill(login.username);
    await this.page.getByLabel(/^Password/).fill(login.password);
    await this.page.getByRole('button', { name: /^Log ?in$/i }).click();
  }

  /** Waits for the wc-auth approve page of `appName`. */
  async expectApprovePage(appName: string): Promise<void> {
    await expect(
      this.page.getByText(`${appName} would like to connect to your store`),
    ).toBeVisible();
  }

  /**
   * On the store's station access screen (wp-admin/users.php?pos_station=…, logged in): lets
   * the user labelled `userLabel` open the station, and saves.
   */
  async grantStationAccess(userLabel: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: /^Station access:/ })).toBeVisible();
    await this.page.getByLabel(userLabel).check();
    await this.page.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByLabel(userLabel)).toBeChecked();
  }

  /**
   * On wp-admin's Plugins screen (logging in first when asked, as `login`), activates the plugin
   * named `pluginName` and waits for WordPress's notice.
   */
  async activatePlugin(
    pluginName: string,
    login: { username: string; password: string } = storeAdmin,
  ): Promise<void> {
    const plugins = `${this.storeUrl}/wp-admin/plugins.php`;
    await this.page.goto(plugins);
    if (await this.usernameField.isVisible()) {
      await this.logIn(login);
      await this.page.goto(plugins);
    }
    // A button on the sandbox's screen, a link on WordPress's own.
    const name = `Activate ${pluginName}`;
    await this.page
      .getByRole('button', { name, exact: true })
      .or(this.page.getByRole('link', { name, exact: true }))
      .click();
    await expect(this.page.getByText('Plugin activated.')).toBeVisible();
  }

  /** Approve on the wc-auth page (a button on the sandbox's, a link on WooCommerce's own). */
  approve(): Promise<void> {
    return this.page
      .getByRole('button', { name: 'Approve' })
      .or(this.page.getByRole('link', { name: 'Approve' }))
      .click();
  }

  deny(): Promise<void> {
    return this.page.getByRole('link', { name: 'Deny' }).click();
  }

  /**
   * Creates a REST key on the store's WooCommerce › Settings › Advanced › REST API screen and
   * reads the key pair the screen shows once.
   */
  async createKeys(
    description: string,
    permissions: 'Read' | 'Write' | 'Read/Write' = 'Read/Write',
  ): Promise<{ key: string; secret: string }> {
    await this.page.goto(
      `${this.storeUrl}/wp-admin/admin.php?page=wc-settings&tab=advanced&section=keys`,
    );
    if (await this.usernameField.isVisible()) await this.logIn();
    await this.page.getByLabel('Description').fill(description);
    await this.page.getByLabel('Permissions').selectOption({ label: permissions });
    await this.page.getByRole('button', { name: /generate api key|add key/i }).click();
    const key = this.page.locator('#key_consumer_key');
    await expect(key).toBeVisible();
    const read = async (selector: string) => {
      const element = this.page.locator(selector);
      const value = await element.inputValue().catch(() => null);
      return (value ?? (await element.innerText())).trim();
    };
    return { key: await read('#key_consumer_key'), secret: await read('#key_consumer_secret') };
  }
}
