import { expect, test, type Page } from '@playwright/test';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { LoginProviderPage } from '../pages/LoginProviderPage';
import { OnboardingPopupPage } from '../pages/OnboardingPopupPage';
import { PosStationPage } from '../pages/PosStationPage';
import { ShellPage } from '../pages/ShellPage';
import { StoreConnectPage } from '../pages/StoreConnectPage';
import { WooStorePage } from '../pages/WooStorePage';
import { expectAccessible } from '../support/a11y';
import { provideAccount } from '../support/provider';
import { resetStore, stores } from '../support/store';
import { accounts, cloudPosAddress, demoApplication, stack } from '../support/stack';

// Issue 15: a store owner connects their store from its own wp-admin through the onboarding
// popup (the shell's slim entry), which tells the store the address of its first station.
// Issue 25: the popup writes nothing before the signed-in person confirms the store, and only
// the store whose own page opened it may be connected.

/** A cloud POS station address: {cloud POS}/{application slug}/{station slug}. */
const STATION_ADDRESS = new RegExp(`^${stack.cloudPos.replace(/[.]/g, '\\.')}/[a-z0-9-]+/[^/]+$`);

const WP_SIDE_ERROR = 'Unable to process your request due to a temporary issue on WP side';
const CREATION_FAILED = 'Error occurred during the application creation';

/** An origin no service of the stack uses, where Playwright serves the attacker's page. */
const ATTACKER_ORIGIN = 'http://127.0.0.1:18999';

/** The popup's refusal of a store whose own page did not open it. */
const notOpenedBy = (homeUrl: string) =>
  `This window was not opened by the store at ${homeUrl}. Open Cloud POS again from the ` +
  'Connect to Cloud POS screen in that store’s own wp-admin.';

const uniqueEmail = (what: string) =>
  `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;

/** Every path the popup window loaded, in order. */
function pathsOf(popup: Page): string[] {
  const seen: string[] = [];
  popup.on('framenavigated', (frame) => {
    if (frame === popup.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return seen;
}

test.describe('the onboarding popup', () => {
  test.afterEach(async () => {
    await resetStore(stores.books.url);
    await resetStore(stores.coffee.url);
  });

  test('a new owner registers in the popup, connects Demo Book Nook and gets its station link in the store', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const store = new StoreConnectPage(page, stores.books.url);
    await store.open();
    await expectAccessible(page, "the store's Connect to Cloud POS screen");

    const popup = await store.openPopup(store.registerButton);
    // authMode=register: the provider's registration page, with the popup's query carried over.
    await popup.waitForURL((url) => url.pathname === '/need-register');
    const query = new URL(popup.url()).searchParams;
    expect(query.get('homeUrl')).toBe(stores.books.url);
    expect(query.get('authMode')).toBe('register');
    const name = 'Paula Popup';
    await new LoginProviderPage(popup).fillRegistration(
      name,
      uniqueEmail('popup'),
      'a-strong-pass',
    );

    // Back in the popup: the new owner confirms which store goes to their account.
    const onboarding = new OnboardingPopupPage(popup);
    await onboarding.expectConfirm(stores.books.name, stores.books.url);
    await expect(onboarding.account).toContainText(name);
    await expectAccessible(popup, "the popup's confirm step");
    await onboarding.connectStore.click();

    // The application is made and the store asks its owner to approve.
    await new WooStorePage(popup, stores.books.url).expectApprovePage('Cloud POS');
    await expect(store.status).toHaveText(
      'The Cloud POS window is ready. Follow the steps there to connect this store.',
    );
    await new WooStorePage(popup, stores.books.url).approve();

    const stationUrl = await onboarding.expectConnected();
    expect(stationUrl).toMatch(STATION_ADDRESS);
    await expectAccessible(popup, "the popup's launch confirm");

    // The store got setup-complete, saved the address and shows it — after a reload too.
    await store.expectStation(stationUrl);
    await page.reload();
    await expect(store.stationLink).toHaveText(stationUrl);

    // The link opens the store's station, signed in as the new owner.
    const [tab] = await Promise.all([page.waitForEvent('popup'), store.stationLink.click()]);
    await new PosStationPage(tab).expectOpen(stores.books.url, 'Checkout', name);
    await tab.close();

    // The dashboard (the popup signed this browser in) lists the application as authorized.
    await onboarding.close.click();
    const dashboard = await page.context().newPage();
    const apps = new ApplicationsPage(dashboard);
    await dashboard.goto(`${stack.shell}/applications`);
    // The list asks every store live, so it may take a moment on a busy machine.
    await expect(apps.row(stores.books.url)).toBeVisible({ timeout: 30_000 });
    await expect(
      apps.row(stores.books.url).locator('[data-testid^="application-authorized-"]'),
    ).toHaveText('Authorized');
  });

  test('a signed-in manager whose store is connected confirms it and goes straight to launch confirm', async ({
    page,
  }) => {
    await new ShellPage(page).signInAs('manager');
    const storePage = await page.context().newPage();
    const store = new StoreConnectPage(storePage, stores.coffee.url);
    await store.open();
    const popup = await store.openPopup();
    const visited = pathsOf(popup);
    // authMode=login: the provider, where the manager is signed in already, asks only to go on.
    await new LoginProviderPage(popup).continueAs(accounts.manager.name);
    const onboarding = new OnboardingPopupPage(popup);
    await onboarding.confirm(stores.coffee.name, stores.coffee.url);
    const stationUrl = await onboarding.expectConnected();
    // The default station of the demo application, and no authorization on the way.
    expect(stationUrl).toBe(cloudPosAddress(demoApplication.slug, 'pos'));
    expect(visited.some((path) => path.startsWith('/wc-auth/'))).toBe(false);
    await store.expectStation(stationUrl);

    // Close closes the popup.
    await onboarding.closeWindow();
  });

  test('a message from a foreign origin is ignored: the popup tells a foreign opener nothing and connects nothing', async ({
    page,
  }) => {
    await new ShellPage(page).signInAs('manager');
    // A page of another origin (Demo Garden Supply) opens the popup for Demo Coffee Roasters and
    // claims, every 200 ms, to be that store.
    const foreign = await page.context().newPage();
    await foreign.goto(`${stores.garden.url}/wp-login.php`);
    const [popup] = await Promise.all([
      foreign.waitForEvent('popup'),
      foreign.evaluate(
        ({ shell, homeUrl }) => {
          const received: unknown[] = [];
          (window as unknown as { received: unknown[] }).received = received;
          window.addEventListener('message', (event) => received.push(event.data));
          const opened = window.open(
            `${shell}/service-onboarding?homeUrl=${encodeURIComponent(homeUrl)}`,
            'ServiceAuthGateway',
            'popup,width=520,height=720',
          );
          const claim = { type: 'parent-origin', origin: new URL(homeUrl).origin };
          setInterval(() => opened?.postMessage(claim, shell), 200);
          setInterval(() => opened?.postMessage(JSON.stringify(claim), shell), 200);
        },
        { shell: stack.shell, homeUrl: stores.coffee.url },
      ),
    ]);
    const onboarding = new OnboardingPopupPage(popup);
    // Even confirmed, the store the foreign page named is not the page that opened the popup.
    await onboarding.confirm(stores.coffee.name, stores.coffee.url);
    await onboarding.expectError(CREATION_FAILED);
    await expect(onboarding.errorDetails).toHaveText(notOpenedBy(stores.coffee.url));
    // Many claims later: nothing came back to the foreign page.
    expect(
      await foreign.evaluate(() => (window as unknown as { received: unknown[] }).received),
    ).toEqual([]);
  });

  test('a page of another origin that opens the popup for a store it controls gets a confirm step, and no application or authorization', async ({
    page,
  }) => {
    await new ShellPage(page).signInAs('manager');
    // Every request of the browser to a store's authorize page (the popup's, or anyone's).
    const authorizeRequests: string[] = [];
    page.context().on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/wc-auth/')) {
        authorizeRequests.push(request.url());
      }
    });
    // The attacker's page, on an origin of its own (a port of 127.0.0.1 the stack does not use,
    // answered by Playwright), opens the popup for a store the attacker controls: Demo Book Nook.
    const attacker = await page.context().newPage();
    await attacker.route(`${ATTACKER_ORIGIN}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Free gift cards</title><h1>Free gift cards</h1></html>',
      }),
    );
    await attacker.goto(`${ATTACKER_ORIGIN}/gift-cards`);
    const [popup] = await Promise.all([
      attacker.waitForEvent('popup'),
      attacker.evaluate(
        ({ shell, homeUrl }) => {
          window.open(
            `${shell}/service-onboarding?homeUrl=${encodeURIComponent(homeUrl)}`,
            'ServiceAuthGateway',
            'popup,width=520,height=720',
          );
        },
        { shell: stack.shell, homeUrl: stores.books.url },
      ),
    ]);
    const visited = pathsOf(popup);

    // No click of the visitor's, no application: the popup asks, naming the store and its address.
    const onboarding = new OnboardingPopupPage(popup);
    await onboarding.expectConfirm(stores.books.name, stores.books.url);
    await expect(onboarding.account).toContainText(accounts.manager.email);
    await expectAccessible(popup, "the popup's confirm step");
    await popup.screenshot({ path: test.info().outputPath('confirm-step.png') });

    // Even a confirmation connects nothing: the page that opened the popup is not the store's.
    await onboarding.connectStore.click();
    await onboarding.expectError(CREATION_FAILED);
    await expect(onboarding.errorDetails).toHaveText(notOpenedBy(stores.books.url));
    expect(visited.filter((path) => !path.startsWith('/service-'))).toEqual([]);
    expect(authorizeRequests).toEqual([]);

    // The manager's applications are as they were: Demo Coffee Roasters, no Demo Book Nook.
    const apps = new ApplicationsPage(page);
    await page.goto(`${stack.shell}/applications`);
    await expect(apps.row(stores.coffee.name)).toBeVisible({ timeout: 30_000 });
    await expect(apps.row(stores.books.name)).toHaveCount(0);
  });

  test("deny on the store's wc-auth page shows the spec's text, and Close closes the popup", async ({
    page,
  }) => {
    const email = uniqueEmail('deny');
    await provideAccount(email, { name: 'Dana Deny', password: 'a-strong-pass' });
    await new ShellPage(page).signInAsNewUser(email, 'a-strong-pass');
    const storePage = await page.context().newPage();
    const store = new StoreConnectPage(storePage, stores.books.url);
    await store.open();
    const popup = await store.openPopup();
    await new LoginProviderPage(popup).continueAs('Dana Deny');
    await new OnboardingPopupPage(popup).confirm(stores.books.name, stores.books.url);
    const woo = new WooStorePage(popup, stores.books.url);
    await woo.expectApprovePage('Cloud POS');
    await woo.deny();

    const onboarding = new OnboardingPopupPage(popup);
    await onboarding.expectError(WP_SIDE_ERROR);
    expect(new URL(popup.url()).searchParams.get('success')).toBe('0');
    await expectAccessible(popup, "the popup's error page");

    await onboarding.closeWindow();
    await expect(store.status).toHaveText(
      'The Cloud POS window was closed before this store was connected.',
    );
    await expect(store.stationLink).toBeHidden();
  });
});
