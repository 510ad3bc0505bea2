import { screen, waitFor, within } from '@testing-library/react';
import { Link } from '@pos/shared/router';
import userEvent from '@testing-library/user-event';
import {
  coffeeStations,
  createFakeApi,
  createFakeStationsApi,
  sampleApplication,
  sampleSettings,
  sampleStation,
  type FakeResponse,
  type RecordedRequest,
} from '../../fixtures';
import { stationsTestIds } from '../../testIds';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { ApplicationStations } from './ApplicationStations';

const ids = stationsTestIds.applicationStations;
const PATH = '/applications/app_coffee/stations';
const DEFAULT_ASSIGNED =
  'Default station has already been assigned for the application. Disable current default and assign a new station as the default.';
const DUPLICATE = 'POS URL already exist. A unique POS URL per station is required.';

const render = (api: ReturnType<typeof createFakeStationsApi>['api']) =>
  renderWithParcel(<ApplicationStations />, { api, path: PATH });
const rowOf = (name: string) =>
  within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement);
const slugUpdates = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.endsWith('/update-slug'));

describe('ApplicationStations', () => {
  it("lists the application's stations with their default, POS URL, quick launch and View POS", async () => {
    const { api } = createFakeStationsApi({ pinned: ['app_coffee/2'] });
    render(api);
    expect(screen.getByText('Loading stations')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Demo Coffee Roasters' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Demo Coffee Roasters' })).toHaveAttribute(
      'href',
      '/applications/app_coffee',
    );
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Application URL',
      'Default',
      'POS URL',
      'Quick Launch',
      'View POS',
    ]);
    const rows = screen.getAllByTestId(ids.row);
    expect(rows.map((row) => row.getAttribute('data-pos-id'))).toEqual(['1', '2', '3']);

    const front = rowOf('Front Counter');
    expect(front.getByRole('switch', { name: 'Default station Front Counter' })).toBeChecked();
    expect(front.getByRole('textbox', { name: 'POS URL of Front Counter' })).toBeDisabled();
    expect(front.getByRole('textbox', { name: 'POS URL of Front Counter' })).toHaveValue('pos');
    expect(front.getByText('http://pos.test/demo-coffee-roasters/')).toBeInTheDocument();
    expect(front.getByRole('link', { name: /^View POS Front Counter/ })).toHaveAttribute(
      'href',
      'http://pos.test/demo-coffee-roasters/pos',
    );
    expect(front.getByRole('link', { name: 'http://127.0.0.1:4201/pos/1' })).toHaveAttribute(
      'target',
      '_blank',
    );

    const espresso = rowOf('Espresso Bar');
    expect(
      espresso.getByRole('switch', { name: 'Default station Espresso Bar' }),
    ).not.toBeChecked();
    expect(espresso.getByRole('textbox', { name: 'POS URL of Espresso Bar' })).toBeEnabled();
    expect(
      await espresso.findByRole('switch', { name: 'Quick launch Espresso Bar' }),
    ).toBeChecked();
    expect(front.getByRole('switch', { name: 'Quick launch Front Counter' })).not.toBeChecked();
  });

  it('disables View POS and leaves out the quick-launch switch of a station without access', async () => {
    const { api } = createFakeStationsApi();
    render(api);
    await screen.findByRole('rowheader', { name: 'Pickup Window' });
    const pickup = rowOf('Pickup Window');
    const viewPos = pickup.getByRole('button', { name: 'View POS Pickup Window' });
    expect(viewPos).toHaveAttribute('aria-disabled', 'true');
    expect(viewPos).toHaveAccessibleDescription('No access to this station');
    viewPos.focus();
    expect(viewPos).toHaveFocus();
    expect(pickup.queryByRole('link', { name: /View POS/ })).not.toBeInTheDocument();
    expect(pickup.queryByRole('switch', { name: /Quick launch/ })).not.toBeInTheDocument();
  });

  it('says There are no stations for this application when the store has none', async () => {
    const { api } = createFakeStationsApi({ stations: { app_coffee: [] } });
    render(api);
    expect(
      await screen.findByText('There are no stations for this application'),
    ).toBeInTheDocument();
  });

  it('tells a load failure in a danger bubble and an error state whose retry loads again', async () => {
    const user = userEvent.setup();
    // Fails until the retry: a count of requests would not do, the mount under StrictMode asks twice.
    let failing = true;
    const { api } = createFakeStationsApi({
      overrides: (request) =>
        request.url.endsWith('/stations') && failing
          ? { status: 502, data: { message: 'The store at 127.0.0.1:4201 could not be reached' } }
          : undefined,
    });
    const { bubbles } = render(api);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The store at 127.0.0.1:4201 could not be reached',
    );
    expect(bubbles).toEqual([
      { message: 'The store at 127.0.0.1:4201 could not be reached', status: 'danger' },
    ]);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Front Counter' })).toBeInTheDocument();
  });

  it("refuses a second default with the spec's message and changes nothing", async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeStationsApi();
    const { bubbles } = render(api);
    await screen.findByRole('rowheader', { name: 'Espresso Bar' });
    const toggle = screen.getByRole('switch', { name: 'Default station Espresso Bar' });
    await user.click(toggle);
    expect(bubbles).toEqual([{ message: DEFAULT_ASSIGNED, status: 'info' }]);
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Default station Front Counter' })).toBeChecked();
    expect(slugUpdates(requests)).toHaveLength(0);
  });

  it("turns the default off with the station id as slug, then another station on with 'pos'", async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeStationsApi();
    const { bubbles } = render(api);
    await screen.findByRole('rowheader', { name: 'Front Counter' });

    await user.click(screen.getByRole('switch', { name: 'Default station Front Counter' }));
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Default station Front Counter' }),
      ).not.toBeChecked(),
    );
    const frontField = screen.getByRole('textbox', { name: 'POS URL of Front Counter' });
    expect(frontField).toHaveValue('1');
    expect(frontField).toBeEnabled();

    await user.click(screen.getByRole('switch', { name: 'Default station Espresso Bar' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Default station Espresso Bar' })).toBeChecked(),
    );
    expect(screen.getByRole('textbox', { name: 'POS URL of Espresso Bar' })).toBeDisabled();
    expect(rowOf('Espresso Bar').getByRole('link', { name: /^View POS/ })).toHaveAttribute(
      'href',
      'http://pos.test/demo-coffee-roasters/pos',
    );
    expect(slugUpdates(requests).map((request) => request.body)).toEqual([
      { stationId: '1', stationSlug: '1', stationName: 'Front Counter', oldStationSlug: 'pos' },
      {
        stationId: '2',
        stationSlug: 'pos',
        stationName: 'Espresso Bar',
        oldStationSlug: 'espresso-bar',
      },
    ]);
    expect(bubbles).toEqual([
      {
        message: 'POS URL of Front Counter changed to http://pos.test/demo-coffee-roasters/1',
        status: 'success',
      },
      {
        message: 'POS URL of Espresso Bar changed to http://pos.test/demo-coffee-roasters/pos',
        status: 'success',
      },
    ]);
  });

  it('saves a POS URL on Enter and opens the station at its new address', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeStationsApi();
    render(api);
    await screen.findByRole('rowheader', { name: 'Pickup Window' });
    const field = screen.getByRole('textbox', { name: 'POS URL of Espresso Bar' });
    await user.clear(field);
    await user.type(field, 'Coffee-Bar{Enter}');
    await waitFor(() => expect(slugUpdates(requests)).toHaveLength(1));
    expect(slugUpdates(requests)[0]!.body).toEqual({
      stationId: '2',
      stationSlug: 'coffee-bar',
      stationName: 'Espresso Bar',
      oldStationSlug: 'espresso-bar',
    });
    await waitFor(() =>
      expect(rowOf('Espresso Bar').getByRole('link', { name: /^View POS/ })).toHaveAttribute(
        'href',
        'http://pos.test/demo-coffee-roasters/coffee-bar',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'POS URL of Espresso Bar' })).toHaveValue(
      'coffee-bar',
    );
  });

  it("refuses another station's POS URL with the spec's message and puts the saved one back", async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeStationsApi();
    const { bubbles } = render(api);
    await screen.findByRole('rowheader', { name: 'Pickup Window' });
    const field = screen.getByRole('textbox', { name: 'POS URL of Pickup Window' });
    await user.clear(field);
    await user.type(field, 'espresso-bar');
    await user.tab();
    expect(bubbles).toEqual([{ message: DUPLICATE, status: 'info' }]);
    expect(screen.getByRole('textbox', { name: 'POS URL of Pickup Window' })).toHaveValue('3');
    expect(slugUpdates(requests)).toHaveLength(0);
  });

  it("refuses a POS URL the server would refuse, in the server's words, without asking it", async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeStationsApi();
    const { bubbles } = render(api);
    const field = await screen.findByRole('textbox', { name: 'POS URL of Espresso Bar' });
    await user.clear(field);
    await user.type(field, 'bar_2{Enter}');
    expect(bubbles).toEqual([
      {
        message:
          'The POS URL can only contain lowercase letters a-z, digits and single hyphens between them',
        status: 'info',
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'POS URL of Espresso Bar' })).toHaveValue(
      'espresso-bar',
    );
    expect(slugUpdates(requests)).toHaveLength(0);
  });

  it('gives the saved POS URL back on Escape and saves nothing', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeStationsApi();
    const { bubbles } = render(api);
    const field = await screen.findByRole('textbox', { name: 'POS URL of Espresso Bar' });
    await user.clear(field);
    await user.type(field, 'half-typed{Escape}');
    expect(field).toHaveValue('espresso-bar');
    await user.tab();
    expect(slugUpdates(requests)).toHaveLength(0);
    expect(bubbles).toEqual([]);
  });

  it('resets the field with the info message when the server finds the POS URL taken', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeStationsApi({
      overrides: (request) =>
        request.url.endsWith('/update-slug')
          ? { status: 409, data: { message: DUPLICATE } }
          : undefined,
    });
    const { bubbles } = render(api);
    await screen.findByRole('rowheader', { name: 'Espresso Bar' });
    const field = screen.getByRole('textbox', { name: 'POS URL of Espresso Bar' });
    await user.clear(field);
    await user.type(field, 'taken-meanwhile{Enter}');
    await waitFor(() => expect(bubbles).toEqual([{ message: DUPLICATE, status: 'info' }]));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'POS URL of Espresso Bar' })).toHaveValue(
        'espresso-bar',
      ),
    );
    expect(slugUpdates(requests)).toHaveLength(1);
  });

  it("tells the server's 409 default message as info and keeps the switch off", async () => {
    const user = userEvent.setup();
    const { api } = createFakeStationsApi({
      stations: { app_coffee: [sampleStation({ posID: '1', cloudStationSlug: '1' })] },
      overrides: (request) =>
        request.url.endsWith('/update-slug')
          ? { status: 409, data: { message: DEFAULT_ASSIGNED } }
          : undefined,
    });
    const { bubbles } = render(api);
    const toggle = await screen.findByRole('switch', { name: 'Default station Front Counter' });
    await user.click(toggle);
    await waitFor(() => expect(bubbles).toEqual([{ message: DEFAULT_ASSIGNED, status: 'info' }]));
    expect(screen.getByRole('switch', { name: 'Default station Front Counter' })).not.toBeChecked();
  });

  it('reloads the stations when the POS URL was changed meanwhile elsewhere', async () => {
    const user = userEvent.setup();
    const changedMeanwhile = [
      coffeeStations[0]!,
      { ...coffeeStations[1]!, cloudStationSlug: 'bar' },
      coffeeStations[2]!,
    ];
    let loads = 0;
    const { api } = createFakeApi((request): FakeResponse => {
      if (request.url === 'user-settings') return { status: 200, data: { quickLaunchPOSIds: {} } };
      if (request.url.endsWith('/update-slug')) {
        return {
          status: 409,
          data: {
            message:
              'The POS URL of this station was changed meanwhile. Reload the stations and try again.',
          },
        };
      }
      loads += 1;
      return {
        status: 200,
        data: {
          application: {
            id: 'app_coffee',
            name: 'Demo Coffee Roasters',
            homeUrl: 'http://127.0.0.1:4201',
            slug: 'demo-coffee-roasters',
          },
          list: loads === 1 ? coffeeStations : changedMeanwhile,
        },
      };
    });
    const { bubbles } = renderWithParcel(<ApplicationStations />, { api, path: PATH });
    const field = await screen.findByRole('textbox', { name: 'POS URL of Espresso Bar' });
    await user.clear(field);
    await user.type(field, 'espresso{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'POS URL of Espresso Bar' })).toHaveValue('bar'),
    );
    expect(bubbles).toEqual([
      {
        message:
          'The POS URL of this station was changed meanwhile. Reload the stations and try again.',
        status: 'danger',
      },
    ]);
  });

  it("shows any other refusal as a danger bubble with the server's text", async () => {
    const user = userEvent.setup();
    const { api } = createFakeStationsApi({
      overrides: (request) =>
        request.url.endsWith('/update-slug')
          ? { status: 502, data: { message: 'The store did not answer in time' } }
          : undefined,
    });
    const { bubbles } = render(api);
    const field = await screen.findByRole('textbox', { name: 'POS URL of Espresso Bar' });
    await user.clear(field);
    await user.type(field, 'bar{Enter}');
    await waitFor(() =>
      expect(bubbles).toEqual([{ message: 'The store did not answer in time', status: 'danger' }]),
    );
    expect(screen.getByRole('textbox', { name: 'POS URL of Espresso Bar' })).toHaveValue(
      'espresso-bar',
    );
  });

  it('pins a station at once, and tells the dashboard once the server agreed', async () => {
    const user = userEvent.setup();
    let answer: (response: FakeResponse) => void = () => {};
    const { api, requests } = createFakeStationsApi({
      overrides: (request) =>
        request.method === 'PUT' && request.url === 'user-settings'
          ? new Promise<FakeResponse>((resolve) => {
              answer = resolve;
            })
          : undefined,
    });
    const { bus } = render(api);
    const settingsChanged = jest.fn();
    bus.on('settings-changed', settingsChanged);
    const toggle = await screen.findByRole('switch', { name: 'Quick launch Espresso Bar' });
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-busy'));
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(settingsChanged).not.toHaveBeenCalled();
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: 'user-settings',
      body: { quickLaunchPOSId: 'app_coffee/2' },
    });
    answer({ status: 200, data: { quickLaunchPOSIds: { 'app_coffee/2': true } } });
    await waitFor(() => expect(settingsChanged).toHaveBeenCalledTimes(1));
    expect(toggle).toBeChecked();
  });

  it('puts the quick-launch switch back with a danger bubble when the server refuses', async () => {
    const user = userEvent.setup();
    const { api } = createFakeStationsApi({
      pinned: ['app_coffee/1'],
      overrides: (request) =>
        request.method === 'PUT' && request.url === 'user-settings'
          ? { status: 500, data: { message: 'Settings could not be saved' } }
          : undefined,
    });
    const { bubbles } = render(api);
    const toggle = await screen.findByRole('switch', { name: 'Quick launch Front Counter' });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await waitFor(() =>
      expect(bubbles).toEqual([{ message: 'Settings could not be saved', status: 'danger' }]),
    );
    expect(toggle).toBeChecked();
  });

  it('keeps focus on a Default switch while its change is saved and after', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const { api } = createFakeStationsApi({
      overrides: (request) =>
        request.url.endsWith('/update-slug')
          ? new Promise<FakeResponse>((resolve) => {
              answer = () => resolve({ status: 200, data: { stationId: '1', stationSlug: '1' } });
            })
          : undefined,
    });
    render(api);
    const toggle = await screen.findByRole('switch', { name: 'Default station Front Counter' });
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-busy', 'true'));
    expect(toggle).toHaveFocus();
    answer();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('switch', { name: 'Default station Front Counter' })).toHaveFocus();
  });

  it('saves a POS URL once on Enter, keeps focus in the field, and does not save again on leaving', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeStationsApi();
    const { bubbles } = render(api);
    const field = await screen.findByRole('textbox', { name: 'POS URL of Espresso Bar' });
    await user.clear(field);
    await user.type(field, 'coffee-bar{Enter}');
    await waitFor(() =>
      expect(rowOf('Espresso Bar').getByRole('link', { name: /^View POS/ })).toHaveAttribute(
        'href',
        'http://pos.test/demo-coffee-roasters/coffee-bar',
      ),
    );
    const after = screen.getByRole('textbox', { name: 'POS URL of Espresso Bar' });
    expect(after).toHaveFocus();
    expect(after).toHaveValue('coffee-bar');
    await user.tab();
    expect(slugUpdates(requests)).toHaveLength(1);
    expect(bubbles).toEqual([
      {
        message:
          'POS URL of Espresso Bar changed to http://pos.test/demo-coffee-roasters/coffee-bar',
        status: 'success',
      },
    ]);
  });

  it('turns Default on after a POS URL save of the same station that was still running', async () => {
    const user = userEvent.setup();
    let answerSlug: () => void = () => {};
    let held = true;
    const { api, requests, stored } = createFakeStationsApi({
      stations: {
        app_coffee: [
          sampleStation({ posID: '1', cloudStationSlug: '1' }),
          sampleStation({ posID: '2', name: 'Espresso Bar', cloudStationSlug: 'espresso-bar' }),
        ],
      },
      overrides: (request) =>
        request.url.endsWith('/update-slug') && held
          ? new Promise<FakeResponse>((resolve) => {
              held = false;
              answerSlug = () => {
                stored.app_coffee![1]!.cloudStationSlug = 'bar';
                resolve({ status: 200, data: { stationId: '2', stationSlug: 'bar' } });
              };
            })
          : undefined,
    });
    const { bubbles } = render(api);
    const field = await screen.findByRole('textbox', { name: 'POS URL of Espresso Bar' });
    await user.clear(field);
    await user.type(field, 'bar{Enter}');
    await waitFor(() => expect(slugUpdates(requests)).toHaveLength(1));
    const toggle = screen.getByRole('switch', { name: 'Default station Espresso Bar' });
    await user.click(toggle);
    // The switch says it is waiting rather than ignore the click.
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    answerSlug();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(slugUpdates(requests).map((request) => request.body)).toEqual([
      {
        stationId: '2',
        stationSlug: 'bar',
        stationName: 'Espresso Bar',
        oldStationSlug: 'espresso-bar',
      },
      { stationId: '2', stationSlug: 'pos', stationName: 'Espresso Bar', oldStationSlug: 'bar' },
    ]);
    expect(stored.app_coffee![1]!.cloudStationSlug).toBe('pos');
    expect(bubbles.map((bubble) => bubble.status)).toEqual(['success', 'success']);
  });

  it("does not put a late save of one application's POS URL on another application's row", async () => {
    const user = userEvent.setup();
    let answerSlug: () => void = () => {};
    const teaApplication = sampleApplication({
      id: 'app_tea_own',
      name: 'Tea Corner',
      slug: 'tea-corner',
    });
    const { api } = createFakeStationsApi({
      applications: [sampleApplication(), teaApplication],
      stations: {
        app_coffee: coffeeStations,
        app_tea_own: [sampleStation({ posID: '2', name: 'Tea Bar', cloudStationSlug: 'tea-bar' })],
      },
      overrides: (request) =>
        request.url === 'applications/app_coffee/stations/update-slug'
          ? new Promise<FakeResponse>((resolve) => {
              answerSlug = () =>
                resolve({ status: 200, data: { stationId: '2', stationSlug: 'late-bar' } });
            })
          : undefined,
    });
    const { bubbles } = renderWithParcel(
      <>
        <ApplicationStations />
        <Link to="/applications/app_tea_own/stations">Tea Corner stations</Link>
      </>,
      { api, path: PATH },
    );
    const field = await screen.findByRole('textbox', { name: 'POS URL of Espresso Bar' });
    await user.clear(field);
    await user.type(field, 'late-bar{Enter}');
    await user.click(screen.getByRole('link', { name: 'Tea Corner stations' }));
    const teaField = await screen.findByRole('textbox', { name: 'POS URL of Tea Bar' });
    expect(teaField).toHaveValue('tea-bar');
    answerSlug();
    // The coffee save is done (its success bubble tells the store's truth); the tea row is as it was.
    await waitFor(() =>
      expect(bubbles).toEqual([
        {
          message:
            'POS URL of Espresso Bar changed to http://pos.test/demo-coffee-roasters/late-bar',
          status: 'success',
        },
      ]),
    );
    expect(screen.getByRole('textbox', { name: 'POS URL of Tea Bar' })).toHaveValue('tea-bar');
    expect(screen.getByRole('textbox', { name: 'POS URL of Tea Bar' })).not.toHaveAttribute(
      'readonly',
    );
    expect(rowOf('Tea Bar').getByRole('link', { name: /^View POS/ })).toHaveAttribute(
      'href',
      'http://pos.test/tea-corner/tea-bar',
    );
  });

  it('shows a store address that is not http(s) as text, never as a link', async () => {
    const { api } = createFakeStationsApi({
      stations: {
        app_coffee: [
          sampleStation({ posID: '1', url: 'javascript:alert(document.cookie)' }),
          sampleStation({ posID: '2', name: 'Espresso Bar', url: 'data:text/html,<b>hi</b>' }),
        ],
      },
    });
    render(api);
    await screen.findByRole('rowheader', { name: 'Espresso Bar' });
    expect(
      rowOf('Front Counter').getByText('javascript:alert(document.cookie)'),
    ).not.toHaveAttribute('href');
    expect(
      rowOf('Front Counter').queryByRole('link', { name: /javascript:/ }),
    ).not.toBeInTheDocument();
    expect(rowOf('Espresso Bar').queryByRole('link', { name: /^data:/ })).not.toBeInTheDocument();
    expect(rowOf('Espresso Bar').getByText('data:text/html,<b>hi</b>')).toBeInTheDocument();
  });

  it('keeps a station pinned that was pinned elsewhere meanwhile, by sending the toggle again', async () => {
    const user = userEvent.setup();
    const { api, requests, settings } = createFakeStationsApi();
    const { bus, bubbles } = render(api);
    const settingsChanged = jest.fn();
    bus.on('settings-changed', settingsChanged);
    const toggle = await screen.findByRole('switch', { name: 'Quick launch Espresso Bar' });
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-busy'));
    // Pinned in another tab after this page loaded: the server's toggle would unpin it.
    settings.quickLaunchPOSIds['app_coffee/2'] = true;
    await user.click(toggle);
    await waitFor(() => expect(settingsChanged).toHaveBeenCalledTimes(1));
    expect(toggle).toBeChecked();
    expect(settings.quickLaunchPOSIds['app_coffee/2']).toBe(true);
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(2);
    expect(bubbles).toEqual([]);
  });

  it('shows what the server holds, with an info bubble, when a second toggle still disagrees', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeStationsApi({
      overrides: (request) =>
        request.method === 'PUT' && request.url === 'user-settings'
          ? { status: 200, data: sampleSettings([]) }
          : undefined,
    });
    const { bubbles } = render(api);
    const toggle = await screen.findByRole('switch', { name: 'Quick launch Espresso Bar' });
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-busy'));
    await user.click(toggle);
    await waitFor(() =>
      expect(bubbles).toEqual([
        {
          message:
            'Quick Launch was changed elsewhere meanwhile. The switch now shows what is saved.',
          status: 'info',
        },
      ]),
    );
    expect(toggle).not.toBeChecked();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(2);
  });
});
