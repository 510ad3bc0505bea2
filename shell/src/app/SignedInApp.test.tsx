import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '@pos/shared/router';
import type { RemoteEntry } from '../config/runtimeConfig';
import { FIRST_PAINT_ID } from '../firstPaint/element';
import type { FederationRuntime } from '../remotes/federationRuntime';
import { fakeApi, silentRuntime, testServices } from '../testing/shellHarness';
import { SignedInShell } from './SignedInApp';
import { ShellServicesProvider } from './ShellContext';

let path = '';
function Probe() {
  path = useLocation().pathname;
  return null;
}

const trial = {
  id: 'plan_trial',
  name: 'Trial',
  accessType: 'public',
  roleType: 'manager',
  isFree: true,
  isManagerPlan: true,
  perMonth: 0,
  upTo: 100,
  included: 100,
  perExcess: 0,
  cancelDate: null,
  pastDueInvoices: [],
};

function setup(
  firstBan: boolean,
  plan: unknown = trial,
  {
    runtime = silentRuntime,
    remotes = [],
    accountAnswered = Promise.resolve(),
  }: {
    runtime?: FederationRuntime;
    remotes?: RemoteEntry[];
    /** The account's answers wait for this. */
    accountAnswered?: Promise<void>;
  } = {},
) {
  const services = testServices({ remotes });
  const api = fakeApi();
  let banned = firstBan;
  const answers: Record<string, unknown> = {
    '/user-settings': {
      userRole: 'manager',
      quickLaunchPOSIds: {},
      showAssistantInPOS: true,
      firstTaskCompleted: true,
    },
    '/user-data': { fullName: 'Maya Manager', email: 'manager@demo.test', isVerified: true },
    '/subscription-monitor': { plan, isHavePaymentMethod: false },
  };
  api.get.mockImplementation(async (url: string) => {
    await accountAnswered;
    return {
      data: url === '/check-ban' ? { isBanned: banned } : answers[url.split('?')[0] as string],
    };
  });
  render(
    <ShellServicesProvider value={services}>
      <MemoryRouter initialEntries={['/']}>
        <SignedInShell runtime={runtime} apiClient={api} />
        <Probe />
      </MemoryRouter>
    </ShellServicesProvider>,
  );
  return {
    services,
    setBanned: (value: boolean) => {
      banned = value;
    },
  };
}

describe('SignedInShell', () => {
  it('shows Loading… until the account has loaded, then the dashboard', async () => {
    setup(false);
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maya Manager' }),
    ).toBeInTheDocument();
  });

  it("loads the remotes' contracts once the account is shown, not while it is on its way", async () => {
    const remote: RemoteEntry = {
      name: 'mf_admin',
      access: 'admin',
      entry: 'http://remote.test/mf-manifest.json',
      routes: ['/admin-panel'],
    };
    const runtime: FederationRuntime = {
      registerRemotes: jest.fn(),
      loadRemote: jest.fn(() => new Promise<never>(() => undefined)),
    };
    let answer!: () => void;
    const accountAnswered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    setup(false, trial, { runtime, remotes: [remote], accountAnswered });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(runtime.loadRemote).not.toHaveBeenCalled();

    answer();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maya Manager' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledTimes(1));
  });

  it("keeps the server's first paint until the account is shown, then gives way in that commit", async () => {
    const firstPaint = document.createElement('div');
    firstPaint.id = FIRST_PAINT_ID;
    document.body.prepend(firstPaint);
    let answer!: () => void;
    const accountAnswered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    setup(false, trial, { accountAnswered });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(firstPaint.isConnected).toBe(true);
    answer();
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maya Manager' });
    expect(firstPaint.isConnected).toBe(false);
  });

  it("lets the server's first paint give way to the account's error too", async () => {
    const firstPaint = document.createElement('div');
    firstPaint.id = FIRST_PAINT_ID;
    document.body.prepend(firstPaint);
    setup(false, trial, { accountAnswered: Promise.reject(new Error('offline')) });
    await screen.findByRole('heading', { level: 1, name: 'Your account could not be loaded' });
    expect(firstPaint.isConnected).toBe(false);
  });

  it('sends a user without a plan to /subscription-plans once the account has loaded', async () => {
    setup(false, null);
    await waitFor(() => expect(path).toBe('/subscription-plans'));
    expect(screen.getByRole('heading', { level: 1, name: 'My Plan' })).toBeInTheDocument();
  });

  it('sends a banned account to /deactivated once per detection of the ban', async () => {
    const { services, setBanned } = setup(true);
    await waitFor(() => expect(path).toBe('/deactivated'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'The account is not active' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(path).toBe('/');
    await act(async () => services.bus.emit('check-ban'));
    expect(path).toBe('/');

    setBanned(false);
    await act(async () => services.bus.emit('check-ban'));
    setBanned(true);
    await act(async () => services.bus.emit('check-ban'));
    await waitFor(() => expect(path).toBe('/deactivated'));
  });
});
