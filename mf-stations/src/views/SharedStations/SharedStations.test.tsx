import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeStationsApi, heldTeaGroup } from '../../fixtures';
import { stationsTestIds } from '../../testIds';
import { cashierViewer } from '@pos/shared/testing';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { SharedStations } from './SharedStations';

const ids = stationsTestIds.applicationStations;
const PATH = '/applications/app_tea/shared-stations';
const rowOf = (name: string) =>
  within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement);

describe('SharedStations', () => {
  it('lists the shared stations of the application with their POS URL and quick launch', async () => {
    const { api } = createFakeStationsApi({ pinned: ['app_tea/1'] });
    renderWithParcel(<SharedStations />, { api, path: PATH, viewer: cashierViewer });
    expect(screen.getByText('Loading shared stations')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tea House' })).toBeInTheDocument();
    expect(screen.getByText(/Shared by Tia Owner/)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'POS URL',
      'Quick Launch',
    ]);
    expect(screen.getAllByTestId(ids.row).map((row) => row.getAttribute('data-pos-id'))).toEqual([
      '1',
      '4',
    ]);
    const counter = rowOf('Tea Counter');
    const url = counter.getByRole('link', { name: 'http://pos.test/tea-house/pos' });
    expect(url).toHaveAttribute('href', 'http://pos.test/tea-house/pos');
    expect(url).toHaveAttribute('target', '_blank');
    expect(await counter.findByRole('switch', { name: 'Quick launch Tea Counter' })).toBeChecked();
  });

  it('shows the address of a station without access as disabled text, without a switch', async () => {
    const { api } = createFakeStationsApi();
    renderWithParcel(<SharedStations />, { api, path: PATH, viewer: cashierViewer });
    await screen.findByRole('rowheader', { name: 'Back Office' });
    const office = rowOf('Back Office');
    expect(office.queryByRole('link')).not.toBeInTheDocument();
    // Plain text is not a control: it says why in words, not with aria-disabled.
    expect(office.getByTestId(ids.posUrl)).not.toHaveAttribute('aria-disabled');
    expect(office.getByTestId(ids.posUrl)).toHaveTextContent('(No access to this station)');
    expect(office.getByTestId(ids.posUrl)).toHaveTextContent('http://pos.test/tea-house/office');
    expect(office.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says why no station opens while the owner is held, and disables every address', async () => {
    const { api } = createFakeStationsApi({ shared: [heldTeaGroup], pinned: ['app_tea/1'] });
    renderWithParcel(<SharedStations />, { api, path: PATH, viewer: cashierViewer });
    expect(await screen.findByTestId(ids.unavailable)).toHaveTextContent(
      'Service is Paused The account that owns this store is paused, so its stations cannot be opened.',
    );
    const counter = rowOf('Tea Counter');
    expect(counter.queryByRole('link')).not.toBeInTheDocument();
    expect(counter.getByTestId(ids.posUrl)).toHaveTextContent(
      'http://pos.test/tea-house/pos (Service is Paused: The account that owns this store is paused, so its stations cannot be opened.)',
    );
    // A pinned station can still be taken off Quick Launch.
    expect(await counter.findByRole('switch', { name: 'Quick launch Tea Counter' })).toBeChecked();
  });

  it('pins a shared station under its application and station id', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeStationsApi();
    const { bus } = renderWithParcel(<SharedStations />, {
      api,
      path: PATH,
      viewer: cashierViewer,
    });
    const settingsChanged = jest.fn();
    bus.on('settings-changed', settingsChanged);
    const toggle = await screen.findByRole('switch', { name: 'Quick launch Tea Counter' });
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-busy'));
    await user.click(toggle);
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: 'user-settings',
      body: { quickLaunchPOSId: 'app_tea/1' },
    });
    await waitFor(() => expect(settingsChanged).toHaveBeenCalled());
    expect(toggle).toBeChecked();
  });

  it('says There are no shared stations when the application shares nothing with the viewer', async () => {
    const { api } = createFakeStationsApi();
    renderWithParcel(<SharedStations />, {
      api,
      path: '/applications/app_other/shared-stations',
      viewer: cashierViewer,
    });
    expect(await screen.findByText('There are no shared stations')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Shared Stations' })).toBeInTheDocument();
  });

  it('shows a load failure with a danger bubble and a retry', async () => {
    const user = userEvent.setup();
    // Fails until the retry: a count of requests would not do, the mount under StrictMode asks twice.
    let failing = true;
    const { api } = createFakeStationsApi({
      overrides: (request) =>
        request.url === 'shared-stations' && failing
          ? { status: 500, data: { message: 'Database unavailable' } }
          : undefined,
    });
    const { bubbles } = renderWithParcel(<SharedStations />, { api, path: PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(bubbles).toEqual([{ message: 'Database unavailable', status: 'danger' }]);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Tea Counter' })).toBeInTheDocument();
  });
});
