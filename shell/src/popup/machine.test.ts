import {
  notOpenedByStore,
  POPUP_TEXTS,
  start,
  step,
  withQueryOf,
  type PopupInput,
  type PopupState,
} from './machine';

const NEED_ACCESS = 'http://login.test/need-access/http%3A%2F%2Flocalhost?product=pos';
const NEED_REGISTER = 'http://login.test/need-register?product=pos&origin=http%3A%2F%2Flocalhost';
const HOME = 'https://shop.example';

const input = (path: string, signedIn = true): PopupInput => {
  const url = new URL(path, 'http://localhost');
  return {
    pathname: url.pathname,
    search: url.search,
    signedIn,
    needAccessUrl: NEED_ACCESS,
    needRegisterUrl: NEED_REGISTER,
  };
};
const onboarding = `/service-onboarding?homeUrl=${encodeURIComponent(HOME)}`;
const loading: PopupState = { page: 'loading', message: POPUP_TEXTS.settingUp };

describe('start', () => {
  it.each([
    ['register', NEED_REGISTER],
    ['login', NEED_ACCESS],
  ])(
    'authMode=%s remembers the page without authMode and goes to the provider with every parameter',
    (authMode, page) => {
      const [state, effects] = start(input(`${onboarding}&authMode=${authMode}`));
      expect(state).toEqual({ page: 'loading', message: POPUP_TEXTS.redirecting });
      const target = new URL(page);
      target.searchParams.append('homeUrl', HOME);
      target.searchParams.append('authMode', authMode);
      expect(effects).toEqual([
        { type: 'remember-return', path: onboarding },
        { type: 'assign', url: target.href },
      ]);
    },
  );

  it('sends a visitor without a usable token to need-access, and another authMode is ignored', () => {
    const [, effects] = start(input(`${onboarding}&authMode=other`, false));
    expect(effects[0]).toEqual({ type: 'remember-return', path: onboarding });
    expect(effects[1]).toMatchObject({ type: 'assign' });
    expect((effects[1] as { url: string }).url.startsWith('http://login.test/need-access/')).toBe(
      true,
    );
  });

  it("only reads the store's name when signed in: no free plan, no application before the confirmation", () => {
    expect(start(input(onboarding))).toEqual([
      { page: 'loading', message: POPUP_TEXTS.checkingStore },
      [{ type: 'site', homeUrl: HOME }],
    ]);
  });

  it.each(['javascript:alert(1)', 'shop.example', 'ftp://shop.example'])(
    'refuses the store address %j before any call',
    (homeUrl) => {
      expect(start(input(`/service-onboarding?homeUrl=${encodeURIComponent(homeUrl)}`))).toEqual([
        {
          page: 'error',
          title: 'Error occurred during the application creation',
          details: POPUP_TEXTS.invalidHomeUrl,
        },
        [],
      ]);
    },
  );

  it('refuses an onboarding without the store address', () => {
    expect(start(input('/service-onboarding'))).toEqual([
      {
        page: 'error',
        title: 'Error occurred during the application creation',
        details: POPUP_TEXTS.missingHomeUrl,
      },
      [],
    ]);
  });

  it("shows spec 5's text when the store's wc-auth answered success=0", () => {
    expect(start(input('/service-launch-confirm?user_id=app_1&success=0'))).toEqual([
      {
        page: 'error',
        title: 'Unable to process your request due to a temporary issue on WP side',
        details: null,
      },
      [],
    ]);
  });

  it('loads the station on launch confirm, and signs in first without a token', () => {
    expect(start(input('/service-launch-confirm?success=1&user_id=app_1'))).toEqual([
      { page: 'loading', message: POPUP_TEXTS.loadingStation },
      [{ type: 'station', applicationId: 'app_1' }],
    ]);
    const [, effects] = start(input('/service-launch-confirm?user_id=app_1', false));
    expect(effects[0]).toEqual({
      type: 'remember-return',
      path: '/service-launch-confirm?user_id=app_1',
    });
  });

  it('fails a launch confirm without an application', () => {
    expect(start(input('/service-launch-confirm'))[0]).toEqual({
      page: 'error',
      title: 'Unable to complete the process',
      details: 'An unexpected error occurred',
    });
  });
});

describe('step', () => {
  /** The store's own page (the opener, at the origin of homeUrl) has been heard. */
  const context = { homeUrl: HOME, storeOrigin: HOME };
  const confirm: PopupState = { page: 'confirm', homeUrl: HOME, siteName: 'Demo Book Nook' };
  const creationFailed = (details: string): PopupState => ({
    page: 'error',
    title: 'Error occurred during the application creation',
    details,
  });

  it("asks the person to confirm the store, named after its index, at the request's address", () => {
    expect(
      step(
        loading,
        { type: 'site-done', name: ' Demo Book Nook ', isWooCommerce: true, reachable: true },
        context,
      ),
    ).toEqual([confirm, []]);
  });

  it('names a store without a title after its host, whatever the page heard so far', () => {
    expect(
      step(
        loading,
        { type: 'site-done', name: null, isWooCommerce: true, reachable: true },
        { homeUrl: 'https://shop.example:8443/store', storeOrigin: null },
      )[0],
    ).toEqual({
      page: 'confirm',
      homeUrl: 'https://shop.example:8443/store',
      siteName: 'shop.example:8443',
    });
  });

  it('asks nothing about a site that is no store, or did not answer', () => {
    const site = { type: 'site-done', name: 'Blog', isWooCommerce: false } as const;
    expect(step(loading, { ...site, reachable: true }, context)).toEqual([
      creationFailed(`The site at ${HOME} is not a WooCommerce store`),
      [],
    ]);
    expect(step(loading, { ...site, reachable: false }, context)[0]).toEqual(
      creationFailed(`The site at ${HOME} could not be reached`),
    );
    expect(
      step(loading, { type: 'site-failed', details: 'The URL must name a host' }, context),
    ).toEqual([creationFailed('The URL must name a host'), []]);
  });

  it("waits for the store's own page once the person confirmed", () => {
    expect(step(confirm, { type: 'confirmed' }, context)).toEqual([
      { page: 'loading', message: POPUP_TEXTS.settingUp },
      [{ type: 'await-store' }],
    ]);
  });

  it('ignores a confirmation anywhere but on the confirm page', () => {
    expect(step(loading, { type: 'confirmed' }, context)).toEqual([loading, []]);
  });

  it("gets the free plan once the store's own page was heard", () => {
    expect(step(loading, { type: 'store-waited' }, context)).toEqual([
      loading,
      [{ type: 'subscription' }],
    ]);
  });

  it.each([
    ['no page was heard (a foreign opener, no opener)', null],
    ['a page of another origin was heard', 'https://evil.example'],
  ])('refuses to go on when %s', (_label, storeOrigin) => {
    expect(step(loading, { type: 'store-waited' }, { homeUrl: HOME, storeOrigin })).toEqual([
      creationFailed(notOpenedByStore(HOME)),
      [],
    ]);
    expect(step(loading, { type: 'subscription-done' }, { homeUrl: HOME, storeOrigin })).toEqual([
      creationFailed(notOpenedByStore(HOME)),
      [],
    ]);
  });

  it("finds or creates the application once the subscription is there, bound to the store's page", () => {
    expect(step(loading, { type: 'subscription-done' }, context)).toEqual([
      loading,
      [
        {
          type: 'find-or-create',
          homeUrl: HOME,
          returnPath: `/service-launch-confirm?homeUrl=${encodeURIComponent(HOME)}`,
          storeOrigin: HOME,
        },
      ],
    ]);
  });

  it('goes to launch confirm when the application is authorized already', () => {
    const [state, effects] = step(
      loading,
      {
        type: 'find-or-create-done',
        id: 'app 1',
        isVerifiedAuth: true,
        authInProgress: false,
        authorizeUrl: null,
      },
      context,
    );
    expect(state.page).toBe('loading');
    expect(effects).toEqual([
      {
        type: 'assign',
        url: `/service-launch-confirm?homeUrl=${encodeURIComponent(HOME)}&user_id=app%201`,
      },
    ]);
  });

  it("sends the browser to the store's authorize page while the authorization is in progress", () => {
    const authorizeUrl = `${HOME}/wc-auth/v1/authorize?user_id=app_1`;
    expect(
      step(
        loading,
        {
          type: 'find-or-create-done',
          id: 'app_1',
          isVerifiedAuth: false,
          authInProgress: true,
          authorizeUrl,
        },
        context,
      )[1],
    ).toEqual([{ type: 'assign', url: authorizeUrl }]);
  });

  it.each([
    [{ type: 'find-or-create-failed', details: 'The site is not a WooCommerce store' } as const],
    [{ type: 'subscription-failed', details: 'The site is not a WooCommerce store' } as const],
  ])('shows the creation error with the details of %j', (event) => {
    expect(step(loading, event, context)).toEqual([
      {
        page: 'error',
        title: 'Error occurred during the application creation',
        details: 'The site is not a WooCommerce store',
      },
      [],
    ]);
  });

  it('falls back to the setup text without details', () => {
    expect(step(loading, { type: 'find-or-create-failed', details: null }, context)[0]).toEqual({
      page: 'error',
      title: 'Error occurred during the application creation',
      details: 'Error occurred during Subscription and Application Setup',
    });
  });

  it('shows the station and tells the store on success', () => {
    const stationURL = 'http://pos.test/book-nook/pos';
    expect(
      step(loading, { type: 'station-done', stationURL, applicationHomeUrl: HOME }, context),
    ).toEqual([
      { page: 'success', stationURL },
      [{ type: 'post-setup-complete', stationURL, applicationHomeUrl: HOME }],
    ]);
  });

  it('fails launch confirm with the details, or the fallback', () => {
    expect(step(loading, { type: 'station-failed', details: 'Gone' }, context)[0]).toEqual({
      page: 'error',
      title: 'Unable to complete the process',
      details: 'Gone',
    });
    expect(step(loading, { type: 'station-failed', details: null }, context)[0]).toMatchObject({
      details: 'An unexpected error occurred',
    });
    expect(
      step(
        loading,
        { type: 'station-done', stationURL: null, applicationHomeUrl: HOME },
        context,
      )[0],
    ).toMatchObject({
      title: 'Unable to complete the process',
      details: POPUP_TEXTS.noStation,
    });
  });
});

describe('withQueryOf', () => {
  it("adds the page's parameters without replacing the provider's own", () => {
    expect(withQueryOf('http://login.test/need-register?product=pos', '?product=x&a=1')).toBe(
      'http://login.test/need-register?product=pos&a=1',
    );
  });
});
