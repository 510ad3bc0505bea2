import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The stations remote: /stations, an application's stations (/applications/:id/stations), the
 * stations shared with the viewer (/applications/:id/shared-stations) and the dashboard's POS tile.
 */
export class StationsPage {
  constructor(readonly page: Page) {}

  /** /stations, once its sections have loaded. */
  async openOverview(): Promise<Locator> {
    await this.page.goto('/stations');
    const root = this.page.getByTestId('stations-page');
    await expect(root.getByRole('heading', { level: 1, name: 'Stations' })).toBeVisible();
    await expect(root.getByText('Loading stations')).toHaveCount(0);
    await expect(root.getByText('Loading shared stations')).toHaveCount(0);
    return root;
  }

  /** An application's station list, once it has loaded. */
  async openApplicationStations(applicationId: string): Promise<Locator> {
    await this.page.goto(`/applications/${applicationId}/stations`);
    const root = this.page.getByTestId('application-stations-page');
    await expect(root.getByTestId('station-row').first()).toBeVisible();
    return root;
  }

  /** The stations of an application shared with the viewer, once they have loaded. */
  async openSharedStations(applicationId: string): Promise<Locator> {
    await this.page.goto(`/applications/${applicationId}/shared-stations`);
    const root = this.page.getByTestId('shared-stations-page');
    await expect(root.getByTestId('station-row').first()).toBeVisible();
    return root;
  }

  /** An application's stations page of a store without the Cloud POS plugin: the prompt. */
  get pluginPrompt(): Locator {
    return this.page.getByTestId('stations-plugin-prompt');
  }

  /** Under 'My Stations', 'Shared with me' or in the POS tile: the stores left out. */
  leftOut(where: 'My Stations' | 'Shared with me' | 'tile'): Locator {
    return this.page.getByTestId(
      where === 'My Stations'
        ? 'my-stations-left-out'
        : where === 'Shared with me'
          ? 'shared-with-me-left-out'
          : 'pos-tile-left-out',
    );
  }

  /** The row of one station (either station list). */
  row(name: string): Locator {
    return this.page.getByTestId('station-row').filter({ hasText: name });
  }

  defaultToggle(name: string): Locator {
    return this.page.getByRole('switch', { name: `Default station ${name}` });
  }

  quickLaunchToggle(name: string): Locator {
    return this.page.getByRole('switch', { name: `Quick launch ${name}` });
  }

  slugInput(name: string): Locator {
    return this.page.getByRole('textbox', { name: `POS URL of ${name}` });
  }

  /** View POS: a link to the cloud POS address, or a disabled button without access. */
  viewPos(name: string): Locator {
    return this.row(name).getByTestId('station-view-pos');
  }

  /** Types a new POS URL slug and saves it (Enter). */
  async changeSlug(name: string, slug: string): Promise<void> {
    const input = this.slugInput(name);
    await input.fill(slug);
    await input.press('Enter');
  }

  /** The cards of the Quick Launch section of /stations. */
  quickLaunchCard(name: string): Locator {
    return this.page.getByTestId('quick-launch-card').filter({ hasText: name });
  }

  /** A row of 'My Stations' or 'Shared with me' on /stations, by application name. */
  section(title: 'My Stations' | 'Shared with me'): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** The dashboard's POS tile. */
  get tile(): Locator {
    return this.page.getByTestId('pos-tile');
  }

  /** A station pinned to Quick Launch, in the dashboard's POS tile: a link to its address. */
  tileQuickLaunch(name: string): Locator {
    return this.tile.getByRole('link', { name: new RegExp(name) });
  }

  /** Clicks something that opens a station in a new tab and returns that tab. */
  async openInNewTab(trigger: Locator): Promise<Page> {
    const [tab] = await Promise.all([this.page.context().waitForEvent('page'), trigger.click()]);
    await tab.waitForLoadState();
    return tab;
  }
}
