import { expect, type Locator, type Page } from '@playwright/test';
import { testIds } from '../../shell/src/testIds';
import { planStateOf, startFreePlan } from '../support/billing';
import { accounts, stack, type AccountName } from '../support/stack';
import { LoginProviderPage } from './LoginProviderPage';

/**
 * A dashboard tile's place in `root` (the live dashboard, or the server's first paint): the group
 * the shell names by the tile's title, whether the tile is loading, ready or failed. Hidden ones
 * count: the first paint is hidden from assistive technology (the live page takes over from it).
 */
export function dashboardTileIn(root: Locator, title: string): Locator {
  return root
    .locator('.shell-tile')
    .and(root.getByRole('group', { name: title, exact: true, includeHidden: true }));
}

/** The signed-in shell: side navigation, profile menu, bubbles and banners. */
export class ShellPage {
  readonly nav: Locator;
  /** The dashboard's page, where its tiles are. */
  readonly dashboard: Locator;
  /** The close button of the navigation drawer (phones). */
  readonly closeNavigation: Locator;

  /** /success-login's status: signed in at the provider, the session being set up. */
  readonly signInStatus: Locator;

  constructor(readonly page: Page) {
    this.signInStatus = page.getByRole('heading', { name: 'Signed in', exact: true });
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.closeNavigation = page.getByRole('button', { name: 'Close navigation' });
    this.dashboard = page.getByTestId(testIds.dashboard.root);
  }

  /** Signs in through the login provider and waits for the dashboard. */
  async signInAs(account: AccountName): Promise<void> {
    const { email, password } = accounts[account];
    await this.signInWith(email, password);
  }

  /** Signs in with any account of the login provider and waits for the dashboard. */
  async signInWith(email: string, password: string): Promise<void> {
    const provider = new LoginProviderPage(this.page);
    await provider.open();
    await provider.signIn(email, password);
    await this.expectDashboard();
  }

  /**
   * Signs in an account made by the test and opens the dashboard with the account on a plan
   * (see {@link onAPlan}).
   */
  async signInAsNewUser(email: string, password: string): Promise<void> {
    const provider = new LoginProviderPage(this.page);
    await provider.open();
    await provider.signIn(email, password);
    await this.onAPlan();
  }

  /**
   * Once the dashboard has the new account's token: an account without a plan has been sent to
   * /subscription-plans (spec 2.2) and takes its free plan there (through the api, as choosing it
   * does); then the dashboard opens.
   */
  async onAPlan(): Promise<void> {
    await this.page.waitForURL((url) => url.origin === new URL(stack.shell).origin);
    await expect.poll(() => this.token()).toBeTruthy();
    if ((await planStateOf(this.page)).plan === null) {
      await this.page.waitForURL((url) => url.pathname === '/subscription-plans');
      await startFreePlan(this.page);
    }
    await this.page.goto('/');
    await this.expectDashboard();
  }

  async expectDashboard(): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === '/');
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(this.nav).toBeVisible();
  }

  /** The labels of the side navigation, in order. */
  async navLabels(): Promise<string[]> {
    const links = this.nav.getByRole('link');
    await expect(links.first()).toBeVisible();
    return (await links.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  }

  /** Opens the dashboard afresh (a new start of the shell) and waits for its tiles' places. */
  async openDashboard(): Promise<void> {
    await this.page.goto('/');
    await this.expectDashboard();
    await expect(this.dashboard.locator('.shell-tile').first()).toBeVisible();
  }

  /** A tile of the dashboard by its title (see {@link dashboardTileIn}). */
  dashboardTile(title: string): Locator {
    return dashboardTileIn(this.dashboard, title);
  }

  /** The titles of the dashboard's tiles, in order. */
  async dashboardTileTitles(): Promise<string[]> {
    return this.dashboard
      .locator('.shell-tile')
      .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('aria-label') ?? ''));
  }

  navItem(label: string): Locator {
    return this.nav.getByRole('link', { name: label, exact: true });
  }

  /** Collapses the wide screen's side navigation (or expands it again). */
  async toggleNavigation(to: 'collapsed' | 'expanded'): Promise<void> {
    const [from, after] =
      to === 'collapsed'
        ? ['Collapse navigation', 'Expand navigation']
        : ['Expand navigation', 'Collapse navigation'];
    await this.page.getByRole('button', { name: from }).click();
    await expect(this.page.getByRole('button', { name: after })).toBeVisible();
  }

  async openProfileMenu(): Promise<Locator> {
    await this.page.getByRole('button', { name: /profile|account menu/i }).click();
    return this.page.getByRole('menu');
  }

  async logOut(): Promise<void> {
    const menu = await this.openProfileMenu();
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
  }

  /** The token the session store keeps in local storage. */
  token(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('pos.token'));
  }
}
