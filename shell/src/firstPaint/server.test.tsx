import { canaryBucket } from '../remotes/releases';
import { testConfig as harnessConfig } from '../testing/shellHarness';
import { makeToken, nowInSeconds } from '../testing/tokens';
import { FIRST_PAINT_ID } from './element';
import {
  ACCOUNT_CALLS,
  FIRST_PAINT_PATHS,
  renderFirstPaint,
  sessionTokenOf,
  isNavCollapsed,
  withFirstPaint,
  type AccountAnswers,
} from './server';
import { VIEWER_DATA_ID } from './viewerData';

/** /config.json as the stack serves it (Stripe.js from a loopback sandbox). */
const testConfig = {
  ...harnessConfig,
  stripe: { publishableKey: 'pk_test_shell', jsUrl: 'http://127.0.0.1:4699/v3/' },
};

const token = makeToken({
  sub: 'usr_maya',
  exp: nowInSeconds() + 3600,
  nra: nowInSeconds() + 86400,
});

interface ViewerParts {
  settings?: unknown;
  user?: unknown;
  isBanned?: unknown;
  subscription?: unknown;
}

/** GET /viewer's answer, with some parts replaced. */
const viewerAnswer = (overrides: ViewerParts = {}) => ({
  settings: { userRole: 'manager', quickLaunchPOSIds: {}, showAssistantInPOS: true },
  user: { fullName: 'Maya Manager', email: 'manager@demo.test', isVerified: true },
  isBanned: false,
  subscription: { plan: { id: 'plan_trial', name: 'Trial' }, isHavePaymentMethod: false },
  ...overrides,
});

const answers = (overrides: ViewerParts = {}): AccountAnswers => ({
  viewer: viewerAnswer(overrides),
});

/** The markup in a document, to read it as a page would. */
function page(markup: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  return holder;
}

describe('the first paint on the server', () => {
  it('asks the api what the shell asks on sign-in, in one call, for the dashboard only', () => {
    expect(FIRST_PAINT_PATHS).toEqual(['/']);
    expect(ACCOUNT_CALLS).toEqual({ viewer: '/api/connect-ui/viewer' });
  });

  it("greets a manager in the live page's frame, with the shell's own navigation", () => {
    const shown = page(renderFirstPaint(token, answers(), testConfig)!);
    const heading = shown.querySelector('h1');
    expect(heading?.textContent).toBe('Welcome back, Maya Manager');
    expect(heading?.className).toBe('shell-page-header__title');
    expect(shown.querySelector('.shell > .shell-header > .shell-sidebar')).not.toBeNull();
    expect(shown.querySelector('.shell > .shell-content > main#shell-main')).not.toBeNull();
    const nav = shown.querySelector('nav[aria-label="Main"]');
    expect(nav?.getAttribute('aria-busy')).toBe('true');
    expect([...nav!.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Resources',
    ]);
    expect(shown.querySelector('.shell-profile__button')?.textContent).toContain('Maya Manager');
    expect(shown.querySelector('[role="status"]')?.textContent).toContain(
      'Loading your dashboard…',
    );
    expect(
      shown.querySelector('.shell-footer a[href="https://legal.test/privacy"]'),
    ).not.toBeNull();
  });

  it("lays out the remotes' declared items, tile places and widgets as the live page will", () => {
    const remotes = {
      remotes: [
        {
          name: 'mf_staff',
          entry: 'http://staff.test/mf-manifest.json',
          routes: ['/staff'],
          access: 'manager',
          slots: {
            navItems: [
              {
                id: 'staff',
                label: 'Staff',
                path: '/staff',
                access: 'manager',
                order: 30,
                disabledWhenBanned: false,
                icon: 'staff',
              },
            ],
            tiles: [
              { id: 'staff', title: 'Staff', access: 'manager', order: 25, rows: 1 },
              { id: 'admin', title: 'Users', access: 'admin', order: 90, rows: 1 },
            ],
            navWidgets: [
              {
                id: 'assistant',
                title: 'Assistant',
                access: 'manager',
                order: 10,
                height: 106,
                collapsedHeight: 64,
              },
            ],
          },
        },
      ],
    };
    const shown = page(renderFirstPaint(token, answers(), testConfig, { remotes })!);
    const nav = shown.querySelector('nav[aria-label="Main"]');
    expect([...nav!.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Staff',
      'Resources',
    ]);
    const tiles = shown.querySelector('.shell-dashboard__tiles--reserved');
    expect(
      [...tiles!.querySelectorAll('[role="group"]')].map((tile) => tile.getAttribute('aria-label')),
    ).toEqual(['Staff']);
    expect(tiles!.querySelector('.shell-tile-skeleton h2')?.textContent).toBe('Staff');
    expect(shown.textContent).not.toContain('Loading your dashboard…');
    const widget = shown.querySelector<HTMLElement>('.shell-nav-widget[data-reserved]');
    expect(widget?.style.getPropertyValue('--shell-nav-widget-height')).toBe('106px');
    expect(widget?.textContent).toContain('Loading Assistant…');
  });

  it("lays out the canary's tiles for a user the shell gives the canary, the live release's for others", () => {
    const tile = (id: string, title: string, order: number) => ({
      id,
      title,
      access: 'manager',
      order,
      rows: 1,
    });
    const staff = (share: number) => ({
      remotes: [
        {
          name: 'mf_staff',
          entry: 'http://staff.test/releases/live/mf-manifest.json',
          routes: ['/staff'],
          access: 'manager',
          release: 'rel-live',
          slots: { tiles: [tile('staff', 'Staff', 25)] },
          canary: {
            release: 'rel-canary',
            entry: 'http://staff.test/releases/canary/mf-manifest.json',
            share,
            slots: { tiles: [tile('staff', 'Staff', 25), tile('shifts', 'Shifts', 26)] },
          },
        },
      ],
    });
    const tilesShown = (remotes: unknown) =>
      [
        ...page(renderFirstPaint(token, answers(), testConfig, { remotes })!).querySelectorAll(
          '.shell-dashboard__tiles--reserved [role="group"]',
        ),
      ].map((group) => group.getAttribute('aria-label'));
    // usr_maya's bucket for mf_staff is below 50 and not below 5 (canaryBucket).
    expect(canaryBucket('usr_maya', 'mf_staff')).toBeLessThan(50);
    expect(canaryBucket('usr_maya', 'mf_staff')).toBeGreaterThanOrEqual(5);
    expect(tilesShown(staff(50))).toEqual(['Staff', 'Shifts']);
    expect(tilesShown(staff(5))).toEqual(['Staff']);
  });

  it('leaves the date to the browser, keeping its line', () => {
    const eyebrow = page(renderFirstPaint(token, answers(), testConfig)!).querySelector(
      '.shell-page-header__eyebrow',
    );
    expect(eyebrow?.textContent).toBe('\u00a0');
  });

  it('carries no test ids: nothing in it is the live page', () => {
    expect(renderFirstPaint(token, answers(), testConfig)).not.toContain('data-testid');
  });

  it('escapes what people type into their names', () => {
    const markup = renderFirstPaint(
      token,
      answers({ user: { fullName: '<img src=x onerror=alert(1)>', email: 'a@b.test' } }),
      testConfig,
    )!;
    expect(markup).not.toContain('<img');
    expect(page(markup).querySelector('h1')?.textContent).toBe(
      'Welcome back, <img src=x onerror=alert(1)>',
    );
  });

  it('titles the dashboard for someone who is not a manager', () => {
    const shown = page(
      renderFirstPaint(token, answers({ settings: { userRole: 'other' } }), testConfig)!,
    );
    expect(shown.querySelector('h1')?.textContent).toBe('Dashboard');
  });

  it('greets without a name when the profile has none', () => {
    const shown = page(
      renderFirstPaint(token, answers({ user: { fullName: null, email: null } }), testConfig)!,
    );
    expect(shown.querySelector('h1')?.textContent).toBe('Welcome back');
  });

  it.each([
    ['a banned account (the shell sends it to /deactivated)', { isBanned: true }],
    ['an unknown ban', { isBanned: undefined }],
    ['no current plan (the shell sends it to the plans)', { subscription: { plan: null } }],
    ['settings without a role', { settings: { userRole: 'owner' } }],
    ['an answer that is no object', { settings: 'manager' }],
    ['no profile', { user: null }],
  ])('has no first paint for %s', (_case, overrides) => {
    expect(renderFirstPaint(token, answers(overrides), testConfig)).toBeNull();
  });

  it('has no first paint for an answer that is not an object', () => {
    expect(renderFirstPaint(token, { viewer: [] }, testConfig)).toBeNull();
    expect(renderFirstPaint(token, { viewer: null }, testConfig)).toBeNull();
  });

  describe("the account's answer in the page (the shell takes it instead of asking again)", () => {
    const dataOf = (markup: string) => {
      const block = page(markup).querySelector(`script#${VIEWER_DATA_ID}`);
      expect(block?.getAttribute('type')).toBe('application/json');
      return JSON.parse(block?.textContent ?? '') as unknown;
    };

    it("carries GET /viewer's answer as a JSON data block, with the token's sub", () => {
      expect(dataOf(renderFirstPaint(token, answers(), testConfig)!)).toEqual({
        sub: 'usr_maya',
        viewer: viewerAnswer(),
      });
    });

    it('cannot be closed early or turned into markup by what the answer holds', () => {
      const fullName = '</script><script>alert(1)</script><!--';
      const markup = renderFirstPaint(
        token,
        answers({ user: { fullName, email: 'a&b@test', isVerified: true } }),
        testConfig,
      )!;
      const data = markup.slice(markup.indexOf(`id="${VIEWER_DATA_ID}"`));
      expect(data.match(/<\/script/gi)).toHaveLength(1);
      expect(data).not.toContain('<!--');
      expect(data).not.toContain('&b');
      expect(dataOf(markup)).toMatchObject({ viewer: { user: { fullName, email: 'a&b@test' } } });
    });

    it('is left out for a token without a sub', () => {
      const anonymous = makeToken({
        sub: undefined,
        exp: nowInSeconds() + 3600,
        nra: nowInSeconds() + 86400,
      });
      const markup = renderFirstPaint(anonymous, answers(), testConfig)!;
      expect(markup).toContain('Welcome back');
      expect(markup).not.toContain(VIEWER_DATA_ID);
    });
  });

  describe('matches the live page at takeover', () => {
    it("shows the account's banners, as the live page does", () => {
      const shown = page(
        renderFirstPaint(
          token,
          answers({
            user: {
              fullName: 'Maya Manager',
              email: 'manager@demo.test',
              isVerified: false,
              registeredAt: new Date().toISOString(),
            },
          }),
          testConfig,
        )!,
      );
      const banners = shown.querySelector('.shell-main > .shell-banners');
      expect(banners?.textContent).toContain('Please confirm your email address');
      expect(banners?.textContent).toContain('We sent a confirmation link to manager@demo.test.');
      expect(shown.querySelector('.shell-banners + .shell-dashboard')).not.toBeNull();
    });

    it('shows the plan limit banner of a plan at its limit', () => {
      const shown = page(
        renderFirstPaint(
          token,
          answers({
            subscription: {
              plan: { id: 'plan_trial', name: 'Trial', isManagerPlan: true, pastDueInvoices: [] },
              isHavePaymentMethod: false,
              usage: { orders: 50, limit: 50, period: 'total', reached: true },
            },
          }),
          testConfig,
        )!,
      );
      expect(shown.querySelector('.shell-banners')?.textContent).toContain('Trial Ended');
    });

    it('has no banner for a verified account in good standing', () => {
      const shown = page(renderFirstPaint(token, answers(), testConfig)!);
      expect(shown.querySelector('.shell-banners')?.children).toHaveLength(0);
    });

    it('collapses the sidebar when the cookie says so, and only then', () => {
      const collapsed = page(
        renderFirstPaint(token, answers(), testConfig, {
          cookie: 'pos_token=x; pos_nav_collapsed=1',
        })!,
      );
      expect(collapsed.querySelector('.shell')?.classList.contains('is-collapsed')).toBe(true);
      expect(collapsed.querySelector('.shell-sidebar__collapse')?.getAttribute('aria-label')).toBe(
        'Expand navigation',
      );
      for (const cookie of [undefined, 'pos_nav_collapsed=0', 'pos_nav_collapsed=']) {
        const shown = page(renderFirstPaint(token, answers(), testConfig, { cookie })!);
        expect(shown.querySelector('.shell')?.classList.contains('is-collapsed')).toBe(false);
      }
    });

    it('reads the collapsed cookie', () => {
      expect(isNavCollapsed('a=1; pos_nav_collapsed=1')).toBe(true);
      expect(isNavCollapsed('pos_nav_collapsed=true')).toBe(false);
      expect(isNavCollapsed(undefined)).toBe(false);
    });
  });

  it('refuses a config.json that is not one', () => {
    expect(() => renderFirstPaint(token, answers(), { links: 'none' })).toThrow();
  });

  it("reads the session token from the request's cookies", () => {
    expect(sessionTokenOf('theme=dark; pos_token=a.b%2Bc.d; other=1')).toBe('a.b+c.d');
    expect(sessionTokenOf('theme=dark')).toBeNull();
    expect(sessionTokenOf('pos_token=')).toBeNull();
    expect(sessionTokenOf(undefined)).toBeNull();
  });

  describe('withFirstPaint', () => {
    const built =
      '<!doctype html><html lang=en><head><title>Cloud POS</title><script defer src=/main.js></script></head><body><noscript>JS</noscript><div id=root></div></body></html>';

    it('puts it before #root, hidden from assistive technology and inert, its styles in the head', () => {
      const html = withFirstPaint(built, '<h1>Hi</h1>', [
        { href: '/bootstrap.1.css', text: ':root{--a:1}' },
        { href: '/signed-in.2.css', text: '.shell{display:grid}' },
      ])!;
      // data-href: the chunk loader's sign that the stylesheet is on the page already.
      expect(html).toContain(
        '<style data-href="/bootstrap.1.css">:root{--a:1}</style><style data-href="/signed-in.2.css">.shell{display:grid}</style></head>',
      );
      expect(html).toContain(
        `<div id="${FIRST_PAINT_ID}" class="${FIRST_PAINT_ID}" aria-hidden="true" inert><h1>Hi</h1></div><div id=root></div>`,
      );
    });

    it('takes a development build’s quoted #root as well', () => {
      expect(withFirstPaint('<head></head><div id="root"></div>', 'x', [])).toContain(
        'inert>x</div><div id="root">',
      );
    });

    it('escapes the addresses, cannot be closed early by a stylesheet, and keeps $ patterns', () => {
      const html = withFirstPaint(built, "<p>$&$'</p>", [
        { href: '/a".css', text: 'a::after{content:"</style><script>"}' },
      ])!;
      expect(html).toContain('data-href="/a&quot;.css"');
      expect(html).toContain('a::after{content:"<\\/style><script>"}</style>');
      expect(html.match(/<\/style>/g)).toHaveLength(1);
      expect(html).toContain("<p>$&$'</p>");
    });

    it('gives nothing for a page without #root', () => {
      expect(withFirstPaint('<head></head><body></body>', 'x', [])).toBeNull();
    });
  });
});
