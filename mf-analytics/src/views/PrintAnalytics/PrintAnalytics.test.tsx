import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAnalyticsApi, makeUsage } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { PrintAnalytics } from './PrintAnalytics';

jest.mock('../../charts', () => jest.requireActual('../../testing/chartsMock'));

describe('/print-analytics', () => {
  it('lays out the selection of the address with every table shown whole', async () => {
    const { api, requests } = createAnalyticsApi({
      usage: () => ({ status: 200, data: makeUsage({ days: 30, stations: 12 }) }),
    });
    renderWithParcel(<PrintAnalytics />, {
      api,
      basePath: '/print-analytics',
      path: '/print-analytics?appId=app-1&period=90d',
    });
    expect(await screen.findByTestId('analytics-total-orders')).toBeInTheDocument();
    expect(requests.find((request) => request.url === 'analytics/usage')?.params.appId).toBe(
      'app-1',
    );
    const tables = screen.getAllByRole('table');
    expect(tables).toHaveLength(7);
    // No paging and no toggles on paper: all 30 days and all 12 stations.
    expect(
      within(screen.getByRole('table', { name: 'Orders per day' })).getAllByRole('rowheader'),
    ).toHaveLength(30);
    expect(
      within(screen.getByRole('table', { name: 'Orders by station' })).getAllByRole('rowheader'),
    ).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Show table' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(7);
    expect(screen.getByRole('link', { name: /Back to Order Analytics/ })).toHaveAttribute(
      'href',
      '/analytics?appId=app-1&period=90d',
    );
  });

  it('prints with the Print button', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const { api } = createAnalyticsApi();
    renderWithParcel(<PrintAnalytics />, { api, basePath: '/print-analytics' });
    await screen.findByTestId('analytics-total-orders');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('is unavailable while the account is paused, asking the api nothing', async () => {
    const { api, requests } = createAnalyticsApi();
    renderWithParcel(<PrintAnalytics />, {
      api,
      basePath: '/print-analytics',
      viewer: { isBanned: true },
    });
    expect(screen.getByTestId('analytics-paused')).toHaveTextContent(
      'Unavailable while the account is paused',
    );
    await act(async () => undefined);
    expect(requests).toEqual([]);
  });

  it('shows the error with a retry', async () => {
    const { api } = createAnalyticsApi({
      usage: () => ({ status: 500, data: { message: 'Down for maintenance' } }),
    });
    renderWithParcel(<PrintAnalytics />, { api, basePath: '/print-analytics' });
    expect(await screen.findByTestId('analytics-error')).toHaveTextContent('Down for maintenance');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
