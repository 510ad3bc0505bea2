import type { ParcelLifecycles, ParcelProps } from '@pos/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@pos/shared/router';
import { currentRouterPath, makeViewer, renderSignedIn } from '../testing/shellHarness';
import { textParcel } from '../testing/contracts';
import { ParcelSlot } from './ParcelSlot';

/** Lifecycles that record what single-spa asks of them. */
function recordingParcel() {
  const calls: string[] = [];
  const seen: ParcelProps[] = [];
  const lifecycles: ParcelLifecycles = {
    bootstrap: async () => {},
    mount: async (props) => {
      calls.push('mount');
      seen.push(props);
      props.domElement.textContent = `mounted at ${props.location.pathname}`;
    },
    update: async (props) => {
      calls.push(`update ${props.location.pathname}`);
      seen.push(props);
      props.domElement.textContent = `mounted at ${props.location.pathname}`;
    },
    unmount: async (props) => {
      calls.push('unmount');
      props.domElement.textContent = '';
    },
  };
  return { lifecycles, calls, seen };
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('ParcelSlot', () => {
  it('mounts the parcel with the shell props and a route base path', async () => {
    const { lifecycles, seen } = recordingParcel();
    const { services, api } = renderSignedIn(
      <ParcelSlot title="Stations" load={async () => lifecycles} basePath="/stations" />,
      { path: '/stations' },
    );
    expect(await screen.findByText('mounted at /stations')).toBeInTheDocument();
    const props = seen[0] as ParcelProps;
    expect(props.bus).toBe(services.bus);
    expect(props.session).toBe(services.session);
    expect(props.api).toBe(api);
    expect(props.basePath).toBe('/stations');
    expect(props.cloudPosUrl).toBe('http://pos.test');
    expect(props.stripe).toEqual({
      publishableKey: 'pk_test_shell',
      jsUrl: 'http://payments.test/v3/',
    });
    expect(props.viewer).toEqual(makeViewer());
    expect(typeof props.navigator.push).toBe('function');
  });

  it('updates the parcel when the location changes, and unmounts it when the slot goes', async () => {
    const { lifecycles, calls } = recordingParcel();
    const load = async () => lifecycles;
    const { unmount } = renderSignedIn(
      <>
        <Link to="/stations/2">Next</Link>
        <ParcelSlot title="Stations" load={load} basePath="/stations" />
      </>,
      { path: '/stations' },
    );
    await screen.findByText('mounted at /stations');
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('mounted at /stations/2')).toBeInTheDocument();
    expect(currentRouterPath()).toBe('/stations/2');
    unmount();
    await waitFor(() => expect(calls.at(-1)).toBe('unmount'));
    expect(calls[0]).toBe('mount');
    expect(calls).toContain('update /stations/2');
  });

  it('shows the slot error when the parcel cannot be loaded, and Try again loads it anew', async () => {
    jest.useFakeTimers();
    let failures = 3;
    const load = jest.fn(async () => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('chunk failed');
      }
      return textParcel('Stations list');
    });
    renderSignedIn(<ParcelSlot title="Stations" load={load} basePath="/stations" pageHeading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Stations…');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2_000);
    });
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Stations is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Stations' })).toBeInTheDocument();
    jest.useRealTimers();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Stations list')).toBeInTheDocument();
    expect(screen.queryByText('Stations is unavailable right now.')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows the slot error when mounting throws', async () => {
    const broken: ParcelLifecycles = {
      ...textParcel('never'),
      mount: async () => {
        throw new Error('render failed');
      },
    };
    renderSignedIn(
      <ParcelSlot title="Order Analytics" load={async () => broken} basePath="/analytics" />,
    );
    expect(
      await screen.findByText('Order Analytics is unavailable right now.'),
    ).toBeInTheDocument();
  });
});
