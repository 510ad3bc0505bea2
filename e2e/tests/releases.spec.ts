import { expect, test, type Page } from '@playwright/test';
import { canaryBucket } from '../../shell/src/remotes/releases';
import { ReleasesPage } from '../pages/ReleasesPage';
import { ShellPage, dashboardTileIn } from '../pages/ShellPage';
import { expectAccessible } from '../support/a11y';
import { tokenOf } from '../support/billing';
import { withFirstPaintOnly } from '../support/firstPaint';
import {
  addDashboardTile,
  breakBuild,
  buildOfChangedSources,
  canaryAdmin,
  changeBuild,
  copyOfBuild,
  declareShared,
  distOf,
  filesDigest,
  liveReleaseOf,
  publishRelease,
  remotesJsonEntry,
  shellBuildDirs,
} from '../support/releases';

const HEADING = 'Users';
const CHANGED_HEADING = 'Users (new build)';

/** Opens the Admin Panel afresh (a new start of the dashboard) and answers its page heading. */
async function adminHeading(page: Page): Promise<string> {
  await page.goto('/admin-panel');
  const heading = page.getByRole('heading', { level: 1, name: /^Users/ });
  await expect(heading).toBeVisible();
  return heading.innerText();
}

test.describe("a remote's releases", () => {
  test('publish a changed mf-admin, canary it for half the users, promote it, roll back; an incompatible release is refused; a failing canary is withdrawn on its own', async ({
    page,
    browser,
  }) => {
    // Three sign-ins (one a new account taking its plan) and a dozen starts of the dashboard.
    test.setTimeout(150_000);
    const shellBefore = shellBuildDirs.map(filesDigest);
    const builds = [copyOfBuild('mf-admin'), copyOfBuild('mf-admin'), copyOfBuild('mf-admin')];
    const [changed, incompatible, broken] = builds.map((build) => build.dir) as [
      string,
      string,
      string,
    ];
    try {
      await new ShellPage(page).signInAs('admin');
      const token = await tokenOf(page);

      // The build running now becomes the first release, then a build with a changed heading.
      const current = publishRelease('mf-admin', distOf('mf-admin'), token);
      changeBuild(changed, `children:"${HEADING}"`, `children:"${CHANGED_HEADING}"`);
      const next = publishRelease('mf-admin', changed, token);
      expect(next).not.toBe(current);

      const releases = new ReleasesPage(page);
      await releases.open();
      await expectAccessible(page, 'the releases page');
      await releases.promote(current);
      await expect(releases.row(current)).toContainText('Live');
      await releases.canary(next, 50);
      await expect(releases.row(next)).toContainText('Canary 50%');
      await expect(releases.audit).toContainText('Canary 50%');

      // A second admin drawn into the canary's half; the demo admin is in the other half.
      const canaryEmail = await canaryAdmin('mf_admin', 50, 'canary-pass-1');
      expect(canaryBucket('usr_demo_admin', 'mf_admin')).toBeGreaterThanOrEqual(50);
      const canaryContext = await browser.newContext();
      const canaryPage = await canaryContext.newPage();
      await new ShellPage(canaryPage).signInAsNewUser(canaryEmail, 'canary-pass-1');

      // Each sees their own build, at every start.
      for (let start = 0; start < 2; start += 1) {
        expect(await adminHeading(canaryPage)).toBe(CHANGED_HEADING);
        expect(await adminHeading(page)).toBe(HEADING);
      }

      // Promoted to everyone: both get it; rolled back: both return to the first release.
      await releases.open();
      await releases.promote(next);
      await expect(releases.row(next)).toContainText('Live');
      expect(await adminHeading(page)).toBe(CHANGED_HEADING);
      expect(await adminHeading(canaryPage)).toBe(CHANGED_HEADING);
      await releases.open();
      await releases.rollback('mf_admin');
      await expect(releases.row(current)).toContainText('Live');
      await expect(releases.audit).toContainText('Rolled back');
      expect(await adminHeading(page)).toBe(HEADING);
      expect(await adminHeading(canaryPage)).toBe(HEADING);

      // A release built against a React the live shell does not provide is refused, and why.
      declareShared(incompatible, 'react', '^20.0.0');
      const refused = publishRelease('mf-admin', incompatible, token);
      await releases.open();
      await releases.promote(refused);
      await expect(
        page.getByText('react: the release needs ^20.0.0, the live shell provides 19.3.1'),
      ).toBeVisible();
      expect((await liveReleaseOf('mf_admin'))?.release).toBe(current);

      // A canary whose remote cannot be loaded is withdrawn after its users' failures.
      breakBuild(broken);
      const failing = publishRelease('mf-admin', broken, token);
      await releases.open();
      await releases.canary(failing, 50);
      await expect(releases.row(failing)).toContainText('Canary 50%');
      for (let start = 0; start < 2; start += 1) {
        await canaryPage.goto('/admin-panel');
        await expect(canaryPage.getByText('Admin Panel is unavailable right now.')).toBeVisible();
      }
      await expect.poll(async () => (await liveReleaseOf('mf_admin'))?.canary ?? null).toBeNull();
      expect(await adminHeading(canaryPage)).toBe(HEADING);
      await releases.open();
      await expect(releases.audit).toContainText('Canary withdrawn automatically');
      await expect(releases.audit).toContainText('automatic');
      await canaryContext.close();

      // The shell was never rebuilt nor redeployed.
      expect(shellBuildDirs.map(filesDigest)).toEqual(shellBefore);
    } finally {
      for (const build of builds) build.cleanup();
    }
  });

  test("a release whose contract adds a dashboard tile: its canary's users get the tile, from the first paint on, then everyone; rolled back, it is gone; the shell is never rebuilt", async ({
    page,
    browser,
  }) => {
    // Two sign-ins (one a new account taking its plan), a build and a dozen starts of the dashboard.
    test.setTimeout(150_000);
    const shellBefore = shellBuildDirs.map(filesDigest);
    const withTile = buildOfChangedSources('mf-admin', (sources) =>
      addDashboardTile(sources, NEW_TILE),
    );
    try {
      const shell = new ShellPage(page);
      await shell.signInAs('admin');
      const token = await tokenOf(page);
      await expectNewTile(shell, false);
      const tilesBefore = await shell.dashboardTileTitles();

      // The build running now is live (the journey above may have made it so already); the
      // build of the changed contract is published beside it, by mf-admin's release script.
      const current = publishRelease('mf-admin', distOf('mf-admin'), token);
      const next = publishRelease('mf-admin', withTile.dir, token);
      expect(next).not.toBe(current);
      const releases = new ReleasesPage(page);
      await releases.open();
      if ((await liveReleaseOf('mf_admin'))?.release !== current) await releases.promote(current);
      await expect(releases.row(current)).toContainText('Live');
      await releases.canary(next, 50);
      await expect(releases.row(next)).toContainText('Canary 50%');

      // /remotes.json carries the canary's slots, the new tile's place among them, beside the
      // live release's own.
      const tileIds = (slots?: { tiles: Array<{ id: string }> }) => slots?.tiles.map((t) => t.id);
      const duringCanary = await remotesJsonEntry('mf_admin');
      expect(duringCanary.release).toBe(current);
      expect(tileIds(duringCanary.slots)).toEqual(['admin-users']);
      expect(duringCanary.canary?.release).toBe(next);
      expect(tileIds(duringCanary.canary?.slots)).toEqual([NEW_TILE.id, 'admin-users']);

      // A second admin drawn into the canary's half; the demo admin is in the other half.
      const canaryEmail = await canaryAdmin('mf_admin', 50, 'canary-pass-1');
      expect(canaryBucket('usr_demo_admin', 'mf_admin')).toBeGreaterThanOrEqual(50);
      const canaryContext = await browser.newContext();
      const canaryShell = new ShellPage(await canaryContext.newPage());
      await canaryShell.signInAsNewUser(canaryEmail, 'canary-pass-1');

      // The canary's user has the tile, its place already in the server's first paint (the
      // canary's slots); the demo admin has neither.
      await expectNewTile(canaryShell, true);
      await expectNewTile(shell, false);
      await withFirstPaintOnly(browser, canaryShell.page, async (firstPaint) => {
        await expect(dashboardTileIn(firstPaint, NEW_TILE.title)).toBeVisible();
        await expect(dashboardTileIn(firstPaint, 'Users')).toBeVisible();
      });
      await withFirstPaintOnly(browser, page, async (firstPaint) => {
        await expect(dashboardTileIn(firstPaint, 'Users')).toBeVisible();
        await expect(dashboardTileIn(firstPaint, NEW_TILE.title)).toHaveCount(0);
      });

      // Promoted to everyone: both have it.
      await releases.open();
      await releases.promote(next);
      await expect(releases.row(next)).toContainText('Live');
      expect(tileIds((await remotesJsonEntry('mf_admin')).slots)).toEqual([
        NEW_TILE.id,
        'admin-users',
      ]);
      await expectNewTile(shell, true);
      await expectNewTile(canaryShell, true);
      await withFirstPaintOnly(browser, page, async (firstPaint) => {
        await expect(dashboardTileIn(firstPaint, NEW_TILE.title)).toBeVisible();
      });

      // Rolled back: the tile is gone for both, and the rest of mf_admin is as it was.
      await releases.open();
      await releases.rollback('mf_admin');
      await expect(releases.row(current)).toContainText('Live');
      expect(tileIds((await remotesJsonEntry('mf_admin')).slots)).toEqual(['admin-users']);
      await expectNewTile(shell, false);
      expect(await shell.dashboardTileTitles()).toEqual(tilesBefore);
      await expectNewTile(canaryShell, false);
      await withFirstPaintOnly(browser, canaryShell.page, async (firstPaint) => {
        await expect(dashboardTileIn(firstPaint, 'Users')).toBeVisible();
        await expect(dashboardTileIn(firstPaint, NEW_TILE.title)).toHaveCount(0);
      });
      await canaryContext.close();

      // The shell was never rebuilt nor redeployed.
      expect(shellBuildDirs.map(filesDigest)).toEqual(shellBefore);
    } finally {
      withTile.cleanup();
    }
  });
});

/** The tile the changed contract of mf-admin adds, for admins, after its Users tile. */
const NEW_TILE = {
  id: 'release-notes',
  title: 'Release Notes',
  access: 'admin',
  order: 95,
  text: 'Shipped by publishing mf_admin alone.',
} as const;

/**
 * Starts the dashboard afresh and checks mf_admin's part of it: its Users tile and Admin Panel
 * item as always, and the new tile (its title and its own content) only when `shown`.
 */
async function expectNewTile(shell: ShellPage, shown: boolean): Promise<void> {
  await shell.openDashboard();
  // The Users tile's figure: mf_admin's contract has loaded, so every tile it has is in place.
  await expect(shell.dashboardTile('Users')).toContainText(/users? in total/);
  await expect(shell.navItem('Admin Panel')).toBeVisible();
  if (shown) await expect(shell.dashboardTile(NEW_TILE.title)).toContainText(NEW_TILE.text);
  else await expect(shell.dashboardTile(NEW_TILE.title)).toHaveCount(0);
}
