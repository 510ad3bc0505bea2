import { expect, type Locator, type Page } from '@playwright/test';
import { adminTestIds } from '../../mf-admin/src/testIds';

/** The Releases page of the Admin Panel (/admin-panel/releases): one remote's card and the audit. */
export class ReleasesPage {
  readonly heading: Locator;
  readonly dialog: Locator;
  readonly audit: Locator;

  constructor(readonly page: Page) {
    // The remote's own heading: the shell's slot keeps a hidden one of the same name until it
    // has seen the mount finish, and a fast start can show both at once.
    this.heading = page
      .getByTestId(adminTestIds.releasesPage)
      .getByRole('heading', { name: 'Releases', level: 1 });
    this.dialog = page.getByRole('dialog');
    this.audit = page.getByTestId(adminTestIds.releaseAudit);
  }

  async open(): Promise<void> {
    await this.page.goto('/admin-panel/releases');
    await expect(this.heading).toBeVisible();
  }

  /** The card of one remote, e.g. mf_admin. */
  remote(name: string): Locator {
    return this.page.getByTestId(adminTestIds.remoteReleases(name));
  }

  /** A release's row by its id. */
  row(releaseId: string): Locator {
    return this.page.getByTestId(adminTestIds.releaseRow(releaseId));
  }

  /** Promotes a release to everyone, confirming. */
  async promote(releaseId: string): Promise<void> {
    await this.row(releaseId).getByRole('button', { name: 'Promote to everyone' }).click();
    await this.dialog.getByRole('button', { name: 'Promote' }).click();
  }

  /** Starts (or changes) a release's canary for `share` per cent, confirming. */
  async canary(releaseId: string, share: number): Promise<void> {
    await this.row(releaseId)
      .getByRole('button', { name: /^(Canary|Change share)$/ })
      .click();
    await this.dialog.getByLabel('Share of signed-in users').selectOption(String(share));
    await this.dialog.getByRole('button', { name: 'Start canary' }).click();
  }

  /** Rolls a remote back to its previous release, confirming. */
  async rollback(remote: string): Promise<void> {
    await this.remote(remote)
      .getByRole('button', { name: /^Roll back to / })
      .click();
    await this.dialog.getByRole('button', { name: 'Roll back' }).click();
  }
}
