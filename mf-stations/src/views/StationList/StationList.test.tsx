import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeStationsApi, heldTeaGroup, sampleApplication, teaGroup } from '../../fixtures';
import { stationsTestIds } from '../../testIds';
import { cashierViewer } from '@pos/shared/testing';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { StationList } from './StationList';

const ids = stationsTestIds.stations;
const section = (name: string) => within(screen.getByRole('region', { name }));

describe('StationList', () => {
  it("shows a manager's Quick Launch, My Stations and Shared with me", async () => {
    const { api } = createFakeStationsApi({ pinned: ['app_coffee/2', 'app_tea/1'] });
    renderWithParcel(<StationList />, { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Stations' })).toBeInTheDocument();
    expect(screen.getAllByText('Loading stations').length).toBeGreaterThan(0);
    expect(screen.getByText('Loading shared stations')).toBeInTheDocument();

    const cards = await screen.findAllByTestId(ids.quickLaunchCard);
    expect(cards.map((card) => card.getAttribute('data-station'))).toEqual([
      'Espresso Bar',
      'Tea Counter',
    ]);
    const espresso = within(cards[0]!);
    expect(espresso.getByRole('heading', { name: 'Espresso Bar' })).toBeInTheDocument();
    expect(espresso.getByRole('link', { name: 'Demo Coffee Roasters' })).toHaveAttribute(
      'href',
      '/applications/app_coffee/stations',
    );
    const signIn = espresso.getByRole('link', { name: /^Sign in Espresso Bar/ });
    expect(signIn).toHaveAttribute('href', 'http://pos.test/demo-coffee-roasters/espresso-bar');
    expect(signIn).toHaveAttribute('target', '_blank');
    expect(within(cards[1]!).getByRole('link', { name: 'Tea House' })).toHaveAttribute(
      'href',
      '/applications/app_tea/shared-stations',
    );
    expect(within(cards[1]!).getByRole('link', { name: /^Sign in Tea Counter/ })).toHaveAttribute(
      'href',
      'http://pos.test/tea-house/pos',
    );

    const mine = section('My Stations');
    expect(mine.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Application',
      'Stations',
      'Delete',
    ]);
    // Only verified applications have stations to list.
    expect(mine.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Demo Coffee Roasters',
    ]);
    expect(mine.getByRole('link', { name: '3 stations of Demo Coffee Roasters' })).toHaveAttribute(
      'href',
      '/applications/app_coffee/stations',
    );
    const deleteLink = mine.getByRole('link', { name: /^Delete stations of Demo Coffee Roasters/ });
    expect(deleteLink).toHaveAttribute(
      'href',
      'http://127.0.0.1:4201/wp-admin/edit.php?post_type=pos_station',
    );
    expect(deleteLink).toHaveAttribute('target', '_blank');

    const shared = section('Shared with me');
    expect(shared.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Application',
      'Administrator',
      'My Role',
      'Stations',
    ]);
    const tea = within(screen.getByTestId(ids.sharedRow('app_tea')));
    expect(tea.getByRole('rowheader')).toHaveTextContent('Tea House');
    expect(tea.getByText('Tia Owner')).toBeInTheDocument();
    expect(tea.getByText('Cashier, Shop Manager')).toBeInTheDocument();
    expect(tea.getByRole('link', { name: '2 stations of Tea House' })).toHaveAttribute(
      'href',
      '/applications/app_tea/shared-stations',
    );
  });

  it('shows the spec empty states and a hint when nothing is pinned', async () => {
    const { api } = createFakeStationsApi({ applications: [], shared: [] });
    renderWithParcel(<StationList />, { api });
    expect(await screen.findByText('There are no authorized applications')).toBeInTheDocument();
    expect(await screen.findByText('There are no shared stations')).toBeInTheDocument();
    expect(await screen.findByTestId(ids.quickLaunchEmpty)).toHaveTextContent(
      'No stations are pinned to Quick Launch',
    );
  });

  it('shows a cashier Shared with me only, without asking for applications', async () => {
    const { api, requests } = createFakeStationsApi({ pinned: ['app_tea/1'] });
    renderWithParcel(<StationList />, { api, viewer: cashierViewer });
    expect(await screen.findByTestId(ids.sharedRow('app_tea'))).toBeInTheDocument();
    expect(await screen.findByTestId(ids.quickLaunchCard)).toHaveAttribute(
      'data-station',
      'Tea Counter',
    );
    expect(screen.queryByRole('region', { name: 'My Stations' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).not.toContain('applications');
  });

  it('keeps a station without access on Quick Launch with its sign-in button disabled', async () => {
    const { api } = createFakeStationsApi({ pinned: ['app_tea/4'] });
    renderWithParcel(<StationList />, { api, viewer: cashierViewer });
    const card = within(await screen.findByTestId(ids.quickLaunchCard));
    const signIn = card.getByRole('button', { name: 'Sign in Back Office' });
    expect(signIn).toHaveAttribute('aria-disabled', 'true');
    expect(signIn).toHaveAccessibleDescription('No access to this station');
  });

  it('says why a held owner’s stations do not open: beside the application and on its cards', async () => {
    const { api } = createFakeStationsApi({ pinned: ['app_tea/1'], shared: [heldTeaGroup] });
    renderWithParcel(<StationList />, { api, viewer: cashierViewer });
    const badge = await screen.findByTestId(ids.sharedUnavailable('app_tea'));
    expect(badge).toHaveTextContent('Service is Paused');
    expect(badge).toHaveAttribute(
      'title',
      'The account that owns this store is paused, so its stations cannot be opened.',
    );
    const card = within(await screen.findByTestId(ids.quickLaunchCard));
    expect(card.getByTestId(ids.quickLaunchUnavailable)).toHaveTextContent('Service is Paused');
    const signIn = card.getByRole('button', { name: 'Sign in Tea Counter' });
    expect(signIn).toHaveAttribute('aria-disabled', 'true');
    expect(signIn).toHaveAccessibleDescription(
      'Service is Paused: The account that owns this store is paused, so its stations cannot be opened.',
    );
    expect(card.queryByRole('link', { name: /Sign in/ })).not.toBeInTheDocument();
  });

  it('shows no reason for the stations of an owner who is not held', async () => {
    const { api } = createFakeStationsApi({ pinned: ['app_tea/1'] });
    renderWithParcel(<StationList />, { api, viewer: cashierViewer });
    expect(await screen.findByTestId(ids.sharedRow('app_tea'))).toBeInTheDocument();
    expect(screen.queryByTestId(ids.sharedUnavailable('app_tea'))).not.toBeInTheDocument();
    const card = within(await screen.findByTestId(ids.quickLaunchCard));
    expect(card.getByRole('link', { name: /Sign in Tea Counter/ })).toBeInTheDocument();
  });

  it('tells a store that failed in a danger bubble and its row, and lists the others', async () => {
    const { api } = createFakeStationsApi({
      applications: [
        sampleApplication(),
        sampleApplication({ id: 'app_down', name: 'Closed Shop', slug: 'closed-shop' }),
      ],
      overrides: (request) =>
        request.url === 'applications/app_down/stations'
          ? { status: 502, data: { message: 'The store could not be reached' } }
          : undefined,
    });
    const { bubbles } = renderWithParcel(<StationList />, { api });
    const down = within(await screen.findByTestId(ids.myStationsRow('app_down')));
    // Issue 10: no status of its own ('Unavailable'): the list says Authorized, so the row says
    // why its stations are missing.
    expect(down.getByText('The store could not be reached')).toBeInTheDocument();
    expect(down.queryByText('Unavailable')).not.toBeInTheDocument();
    expect(screen.getByTestId(ids.myStationsCount('app_coffee'))).toHaveTextContent('3');
    expect(bubbles).toEqual([
      { message: 'Closed Shop: The store could not be reached', status: 'danger' },
    ]);
  });

  it('shows a failed section with a retry, and the other sections as usual', async () => {
    const user = userEvent.setup();
    // Fails until the retry: a count of requests would not do, the mount under StrictMode asks twice.
    let failing = true;
    const { api } = createFakeStationsApi({
      overrides: (request) =>
        request.url === 'shared-stations' && failing
          ? { status: 500, data: { message: 'Database unavailable' } }
          : undefined,
    });
    renderWithParcel(<StationList />, { api });
    const error = await screen.findByTestId(ids.sharedError);
    expect(error).toHaveTextContent('Database unavailable');
    expect(await screen.findByTestId(ids.myStationsRow('app_coffee'))).toBeInTheDocument();
    failing = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId(ids.sharedRow(teaGroup.application.id))).toBeInTheDocument();
  });

  it('shows the error of My Stations when the applications cannot be loaded', async () => {
    const { api } = createFakeStationsApi({
      overrides: (request) =>
        request.url === 'applications'
          ? { status: 500, data: { message: 'Database unavailable' } }
          : undefined,
    });
    renderWithParcel(<StationList />, { api });
    await waitFor(() =>
      expect(screen.getByTestId(ids.myStationsError)).toHaveTextContent('Database unavailable'),
    );
  });
});
