import { act, screen } from '@testing-library/react';
import { AppErrorBoundary } from '../components/ErrorBoundary/AppErrorBoundary';
import { FIRST_PAINT_ID } from '../firstPaint/element';
import type { InitialCheckResult } from '../session/SessionManager';
import { browserPath, renderLean, testServices } from '../testing/shellHarness';
import { makeToken, nowInSeconds } from '../testing/tokens';
import { storageKeys } from './storageKeys';
import { ShellRoot } from './ShellRoot';

const never = new Promise<InitialCheckResult>(() => undefined);

/** A page whose rendering fails inside the 'Error!' boundary (the error's log silenced). */
function renderFailingPage(): void {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const Broken = () => {
    throw new Error('boom');
  };
  renderLean(
    <AppErrorBoundary>
      <Broken />
    </AppErrorBoundary>,
    { path: '/' },
  );
}

/** Lets the resolved start-up check reach the component. */
const settle = () => act(async () => undefined);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('ShellRoot', () => {
  it('shows the landing page to a signed-out visitor at /', async () => {
    renderLean(<ShellRoot initialCheck={Promise.resolve('signed-out')} />, { path: '/' });
    await settle();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
  });

  it('shows the landing page for a protected path and remembers the path for after sign-in', async () => {
    renderLean(<ShellRoot initialCheck={Promise.resolve('signed-out')} />, {
      path: '/admin-panel?page=2',
    });
    await settle();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(browserPath()).toBe('/');
    expect(sessionStorage.getItem(storageKeys.redirectPath)).toBe('/admin-panel?page=2');
    expect(sessionStorage.getItem(storageKeys.redirectIsPos)).toBeNull();
  });

  it('shows the deactivated page with the support address to a signed-out visitor', async () => {
    renderLean(<ShellRoot initialCheck={Promise.resolve('signed-out')} />, {
      path: '/deactivated',
    });
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'The account is not active',
    );
    expect(screen.getByRole('link', { name: 'support@cloudpos.example' })).toHaveAttribute(
      'href',
      'mailto:support@cloudpos.example',
    );
  });

  it('shows Loading… while the start-up check of a stored token runs', () => {
    const services = testServices();
    services.session.setToken(
      makeToken({ exp: nowInSeconds() + 3600, nra: nowInSeconds() + 86400 }),
    );
    renderLean(<ShellRoot initialCheck={never} />, { path: '/', services });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('handles a session route whatever the sign-in state', () => {
    const services = testServices();
    renderLean(<ShellRoot initialCheck={never} />, {
      path: '/pos-unauthorized?redirectPath=%2Fpos',
      services,
    });
    expect(services.browser.assign).toHaveBeenCalledTimes(1);
  });
});

describe("ShellRoot and the server's first paint", () => {
  let firstPaint: HTMLElement;
  beforeEach(() => {
    firstPaint = document.createElement('div');
    firstPaint.id = FIRST_PAINT_ID;
    document.body.prepend(firstPaint);
  });
  afterEach(() => firstPaint.remove());

  it('keeps it while the start-up check of a stored token runs', () => {
    const services = testServices();
    services.session.setToken(
      makeToken({ exp: nowInSeconds() + 3600, nra: nowInSeconds() + 86400 }),
    );
    renderLean(<ShellRoot initialCheck={never} />, { path: '/', services });
    expect(firstPaint.isConnected).toBe(true);
  });

  it('removes it for a visitor who turns out to be signed out', async () => {
    renderLean(<ShellRoot initialCheck={Promise.resolve('signed-out')} />, { path: '/' });
    await settle();
    expect(firstPaint.isConnected).toBe(false);
  });

  it("removes it when rendering fails, so that 'Error!' shows", () => {
    renderFailingPage();
    expect(firstPaint.isConnected).toBe(false);
    jest.restoreAllMocks();
  });
});

describe('AppErrorBoundary', () => {
  it("shows 'Error!' when rendering fails", () => {
    renderFailingPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Error!' })).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
