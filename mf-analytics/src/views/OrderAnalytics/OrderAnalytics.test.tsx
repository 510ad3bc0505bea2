import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { APPS, createAnalyticsApi, makeUsage } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { OrderAnalytics } from './OrderAnalytics';

jest.mock('../../charts', () => jest.requireActual('../../testing/chartsMock'));

const render = (api: ReturnType<typeof createAnalyticsApi>['api'], path = '/analytics') =>
  renderWithParcel(<OrderAnalytics />, { api, path });

const chart = (key: string) =>
  screen.getAllByTestId('analytics-chart').find((section) => section.dataset.chart === key)!;

describe('/analytics', () => {
  it('shows the summary figures and a chart with its summary for each usage analytics', async () => {
    const { api, requests } = createAnalyticsApi();
    render(api);
    expect(screen.getByRole('heading', { level: 1, name: 'Order Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading order analytics');
    const usage = makeUsage();
    expect(await screen.findByTestId('analytics-total-orders')).toHaveTextContent(
      String(usage.totals.orders),
    );
    expect(screen.getByTestId('analytics-pos-orders')).toHaveTextContent(String(usage.totals.pos));
    expect(screen.getByTestId('analytics-web-orders')).toHaveTextContent(String(usage.totals.web));
    expect(
      screen
        .getAllByTestId('analytics-chart')
        .map((section) => [
          section.dataset.chart,
          within(section).getByRole('heading').textContent,
        ]),
    ).toEqual([
      ['per-day', 'Orders per day'],
      ['per-month', 'Orders per month'],
      ['applications', 'Orders by application'],
      ['hours', 'Orders by time of day'],
      ['weekdays', 'Orders by day of week'],
      ['stations', 'Orders by station'],
      ['users', 'Orders by user'],
    ]);
    expect(within(chart('weekdays')).getByRole('img')).toHaveAccessibleName(
      'Orders by day of week: 28 orders, 28 POS and 0 web. Most on Sunday: 7 orders.',
    );
    const usageRequest = requests.find((request) => request.url === 'analytics/usage');
    expect(usageRequest?.params).toEqual({
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it("shows a chart's data table on demand, with a caption and a row header per row", async () => {
    const { api } = createAnalyticsApi();
    render(api);
    await screen.findByTestId('analytics-total-orders');
    const section = chart('applications');
    const toggle = within(section).getByRole('button', { name: 'Show table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide table');
    const table = within(section).getByRole('table', { name: 'Orders by application' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Application', 'Orders', 'POS', 'Web', 'Revenue']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([APPS[0].name, APPS[1].name]);
    expect(within(table).getByText('$1,234.50')).toBeInTheDocument();
  });

  it('pages the long tables with Prev/Next, Prev disabled on page 1 (spec 2.14)', async () => {
    const { api } = createAnalyticsApi({
      usage: () => ({ status: 200, data: makeUsage({ days: 30, stations: 12 }) }),
    });
    render(api);
    await screen.findByTestId('analytics-total-orders');
    const days = chart('per-day');
    await userEvent.click(within(days).getByRole('button', { name: 'Show table' }));
    const rows = () =>
      within(days)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(rows()).toHaveLength(10);
    expect(rows()[0]).toBe('Oct 27, 2026');
    const prev = within(days).getByRole('button', { name: 'Prev' });
    const next = within(days).getByRole('button', { name: 'Next' });
    expect(prev).toBeDisabled();
    expect(within(days).getByText('Page 1 of 3')).toBeInTheDocument();
    // Each table's pager has a name of its own.
    expect(
      within(days).getByRole('navigation', { name: 'Orders per day pages' }),
    ).toBeInTheDocument();
    await userEvent.click(next);
    expect(rows()[0]).toBe('Nov 6, 2026');
    expect(prev).toBeEnabled();
    await userEvent.click(next);
    expect(within(days).getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await userEvent.click(prev);
    expect(within(days).getByText('Page 2 of 3')).toBeInTheDocument();

    const stations = chart('stations');
    await userEvent.click(within(stations).getByRole('button', { name: 'Show table' }));
    expect(within(stations).getAllByRole('rowheader')).toHaveLength(10);
    await userEvent.click(within(stations).getByRole('button', { name: 'Next' }));
    expect(
      within(stations)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Register 11', 'Register 12']);
  });

  it('starts the tables on page 1 again for another period, the open ones still open', async () => {
    const { api } = createAnalyticsApi({
      usage: (request) => {
        const days = dayjs(String(request.params.to)).diff(String(request.params.from), 'day') + 1;
        return { status: 200, data: makeUsage({ days }) };
      },
    });
    render(api);
    await screen.findByTestId('analytics-total-orders');
    await userEvent.click(within(chart('per-day')).getByRole('button', { name: 'Show table' }));
    await userEvent.click(within(chart('per-day')).getByRole('button', { name: 'Next' }));
    expect(within(chart('per-day')).getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Period'), '90d');
    await waitFor(() =>
      expect(screen.getByTestId('analytics-total-orders')).toHaveTextContent('270'),
    );
    expect(
      within(chart('per-day')).getByRole('button', { name: 'Hide table' }),
    ).toBeInTheDocument();
    expect(within(chart('per-day')).getByText('Page 1 of 9')).toBeInTheDocument();
  });

  it('asks for the chosen application and period, keeps them in the address and the Print link', async () => {
    const { api, requests } = createAnalyticsApi();
    render(api);
    await screen.findByTestId('analytics-total-orders');
    const application = screen.getByLabelText('Application');
    expect(
      within(application)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All applications', APPS[0].name, APPS[1].name]);
    await userEvent.selectOptions(application, APPS[1].id);
    await userEvent.selectOptions(screen.getByLabelText('Period'), '7d');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/analytics?appId=app-2&period=7d'),
    );
    const last = requests.filter((request) => request.url === 'analytics/usage').at(-1)!;
    expect(last.params.appId).toBe('app-2');
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute(
      'href',
      '/print-analytics?appId=app-2&period=7d',
    );
  });

  it('offers whole months with the PeriodPicker for a custom range', async () => {
    const { api } = createAnalyticsApi();
    render(api, '/analytics?period=custom&start=2026-02&end=2026-04');
    await screen.findByTestId('analytics-total-orders');
    expect(screen.getByRole('group', { name: 'From' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'To' })).toBeInTheDocument();
    expect(screen.getByText(/Feb 1 – Apr 30, 2026/)).toBeInTheDocument();
  });

  it("says 'No orders in this period' when there are none", async () => {
    const { api } = createAnalyticsApi({
      usage: () => ({ status: 200, data: makeUsage({ empty: true }) }),
    });
    render(api);
    expect(await screen.findByTestId('analytics-empty')).toHaveTextContent(
      'No orders in this period',
    );
    expect(screen.queryByTestId('analytics-chart')).not.toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    let fail = true;
    const { api } = createAnalyticsApi({
      usage: () =>
        fail
          ? { status: 404, data: { message: 'Application not found' } }
          : { status: 200, data: makeUsage() },
    });
    render(api);
    expect(await screen.findByTestId('analytics-error')).toHaveTextContent('Application not found');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('analytics-total-orders')).toBeInTheDocument();
  });

  it('with one application chosen, reloads only for its own orders', async () => {
    const { api, requests } = createAnalyticsApi();
    const { bus } = render(api, '/analytics?appId=app-2');
    await screen.findByTestId('analytics-total-orders');
    const usageRequests = () => requests.filter((request) => request.url === 'analytics/usage');
    const before = usageRequests().length;
    act(() => bus.emit('orders-changed', { applicationId: 'app-1' }));
    await act(async () => undefined);
    expect(usageRequests()).toHaveLength(before);
    act(() => bus.emit('orders-changed', { applicationId: 'app-2' }));
    await waitFor(() => expect(usageRequests()).toHaveLength(before + 1));
    // The stream lost its place: every application may have changed.
    act(() => bus.emit('orders-changed', { applicationId: '*' }));
    await waitFor(() => expect(usageRequests()).toHaveLength(before + 2));
  });

  it('is unavailable while the account is paused, asking the api nothing', async () => {
    const { api, requests } = createAnalyticsApi();
    renderWithParcel(<OrderAnalytics />, { api, viewer: { isBanned: true } });
    expect(screen.getByTestId('analytics-paused')).toHaveTextContent(
      'Unavailable while the account is paused',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await act(async () => undefined);
    expect(requests).toEqual([]);
  });

  it('reloads the figures in place when orders change on the live stream', async () => {
    let usage = makeUsage();
    const { api } = createAnalyticsApi({ usage: () => ({ status: 200, data: usage }) });
    const { bus } = render(api);
    const total = await screen.findByTestId('analytics-total-orders');
    const before = usage.totals.orders;
    usage = { ...usage, totals: { ...usage.totals, orders: before + 1 } };
    act(() => bus.emit('orders-changed', { applicationId: 'app-1' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(total).toHaveTextContent(String(before));
    await waitFor(() => expect(total).toHaveTextContent(String(before + 1)));
  });
});
