import { testConfig as harnessConfig } from '../testing/shellHarness';
import { makeToken, nowInSeconds } from '../testing/tokens';
import { FIRST_PAINT_ID } from './element';
import {
  ACCOUNT_CALLS,
  FIRST_PAINT_PATHS,
  renderFirstPaint,
  sessionTokenOf,
  withFirstPaint,
  type AccountAnswers,
} from './server';

/** /config.json as the stack serves it (Stripe.js from a loopback sandbox). */
const testConfig = {
  ...harnessConfig,
  stripe: { publishableKey: 'pk_test_shell', jsUrl: 'http://127.0.0.1:4699/v3/' },
};

const token = makeToken({ exp: nowInSeconds() + 3600, nra: nowInSeconds() + 86400 });

const answers = (overrides: Partial<AccountAnswers> = {}): AccountAnswers => ({
  settings: { userRole: 'manager', quickLaunchPOSIds: {}, showAssistantInPOS: true },
  user: { fullName: 'Maya Manager', email: 'manager@demo.test', isVerified: true },
  ban: { isBanned: false },
  plan: { plan: { id: 'plan_trial', name: 'Trial' }, isHavePaymentMethod: false },
  ...overrides,
});

/** The markup in a document, to read it as a page would. */
function page(markup: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  return holder;
}

describe('the first paint on the server', () => {
  it('asks the api what the shell asks on sign-in, for the dashboard only', () => {
    expect(FIRST_PAINT_PATHS).toEqual(['/']);
    expect(ACCOUNT_CALLS).toEqual({
      settings: '/api/connect-ui/user-settings',
      user: '/api/connect-ui/user-data',
      ban: '/api/connect-ui/check-ban',
      plan: '/api/connect-ui/subscription-monitor',
    });
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
    ['a banned account (the shell sends it to /deactivated)', { ban: { isBanned: true } }],
    ['an unknown ban', { ban: {} }],
    ['no current plan (the shell sends it to the plans)', { plan: { plan: null } }],
    ['settings without a role', { settings: { userRole: 'owner' } }],
    ['an answer that is no object', { settings: 'manager' }],
  ])('has no first paint for %s', (_case, overrides) => {
    expect(
      renderFirstPaint(token, answers(overrides as Partial<AccountAnswers>), testConfig),
    ).toBeNull();
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
