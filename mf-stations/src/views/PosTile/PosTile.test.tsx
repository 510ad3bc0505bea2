import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createFakeStationsApi,
  gardenApplication,
  heldTeaGroup,
  sampleApplications,
} from '../../fixtures';
import { stationsTestIds } from '../../testIds';
import { cashierViewer } from '@pos/shared/testing';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { PosTile } from './PosTile';

const ids = stationsTestIds.tile;

describe('PosTile', () => {
  it('counts own and shared stations and opens pinned stations in a new tab', async () => {
    const { api } = createFakeStationsApi({ pinned: ['app_coffee/1', 'app_tea/1'] });
    renderWithParcel(<PosTile />, { api, path: '/' });
    expect(screen.getByText('Loading stations')).toBeInTheDocument();
    expect(await screen.findByTestId(ids.count)).toHaveTextContent('5');
    const tile = within(screen.getByRole('region', { name: 'POS' }));
    expect(tile.getByText('stations')).toBeInTheDocument();
    const launches = await screen.findAllByTestId(ids.quickLaunch);
    expect(launches.map((launch) => launch.getAttribute('data-station'))).toEqual([
      'Front Counter',
      'Tea Counter',
    ]);
    expect(launches[0]).toHaveAttribute('href', 'http://pos.test/demo-coffee-roasters/pos');
    expect(launches[0]).toHaveAttribute('target', '_blank');
    expect(launches[1]).toHaveAttribute('href', 'http://pos.test/tea-house/pos');
    expect(tile.getByRole('link', { name: 'View Stations' })).toHaveAttribute('href', '/stations');
  });

  it('shows a pinned station of a held owner without a link, saying why', async () => {
    const { api } = createFakeStationsApi({ pinned: ['app_tea/1'], shared: [heldTeaGroup] });
    renderWithParcel(<PosTile />, { api, path: '/' });
    const [launch] = await screen.findAllByTestId(ids.quickLaunch);
    expect(launch).not.toHaveAttribute('href');
    expect(launch).toHaveAttribute(
      'title',
      'Service is Paused: The account that owns this store is paused, so its stations cannot be opened.',
    );
    expect(launch).toHaveTextContent(
      '(Service is Paused: The account that owns this store is paused, so its stations cannot be opened.)',
    );
  });

  it('leaves out stores without the Cloud POS plugin and says how many, with the download', async () => {
    const { api } = createFakeStationsApi({
      applications: [...sampleApplications, gardenApplication],
      sharedPluginMissing: 1,
    });
    renderWithParcel(<PosTile />, { api, path: '/' });
    expect(await screen.findByTestId(ids.count)).toHaveTextContent(/^5$/);
    const leftOut = screen.getByTestId(ids.leftOut);
    expect(leftOut).toHaveTextContent('2 stores left out: they need the Cloud POS plugin');
    expect(
      within(leftOut).getByRole('link', { name: 'Download the Cloud POS plugin' }),
    ).toHaveAttribute('href', '/downloads/cloud-pos.zip');
  });

  it("counts a cashier's shared stations without asking for applications", async () => {
    const { api, requests } = createFakeStationsApi();
    renderWithParcel(<PosTile />, { api, path: '/', viewer: cashierViewer });
    expect(await screen.findByTestId(ids.count)).toHaveTextContent('2');
    expect(requests.map((request) => request.url)).not.toContain('applications');
    expect(screen.queryByTestId(ids.quickLaunch)).not.toBeInTheDocument();
  });

  it('shows a station pinned elsewhere once the settings change', async () => {
    const { api, settings } = createFakeStationsApi();
    const { bus } = renderWithParcel(<PosTile />, { api, path: '/' });
    await screen.findByTestId(ids.count);
    expect(screen.queryByTestId(ids.quickLaunch)).not.toBeInTheDocument();
    settings.quickLaunchPOSIds['app_coffee/2'] = true;
    act(() => bus.emit('settings-changed'));
    expect(await screen.findByTestId(ids.quickLaunch)).toHaveAttribute(
      'data-station',
      'Espresso Bar',
    );
  });

  it('shows the error component when the stations cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    // Fails until the retry: a count of requests would not do, the mount under StrictMode asks twice.
    let failing = true;
    const { api } = createFakeStationsApi({
      overrides: (request) =>
        request.url === 'shared-stations' && failing
          ? { status: 500, data: { message: 'Database unavailable' } }
          : undefined,
    });
    renderWithParcel(<PosTile />, { api, path: '/' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId(ids.count)).toHaveTextContent('5');
  });

  it('is disabled, without links, and asks the api nothing for a banned account', async () => {
    // The api answers every call of a banned account with 402 (spec 7).
    const { api, requests } = createFakeStationsApi({
      pinned: ['app_coffee/1'],
      overrides: () => ({ status: 402, data: { message: 'Service is Paused' } }),
    });
    renderWithParcel(<PosTile />, { api, path: '/', viewer: { isBanned: true } });
    const tile = screen.getByRole('region', { name: 'POS' });
    expect(tile).toHaveAttribute('aria-disabled', 'true');
    expect(within(tile).getByText('Unavailable while the account is paused')).toBeInTheDocument();
    // Give any load a chance to start and fail before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(requests).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByTestId(ids.count)).not.toBeInTheDocument();
  });
});
