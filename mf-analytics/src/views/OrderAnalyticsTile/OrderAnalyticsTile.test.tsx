import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAnalyticsApi } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { OrderAnalyticsTile } from './OrderAnalyticsTile';

describe('the Order Analytics tile', () => {
  it("shows today's orders, the month's and a link to /analytics", async () => {
    const { api, requests } = createAnalyticsApi();
    renderWithParcel(<OrderAnalyticsTile />, { api });
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders');
    const tile = await screen.findByRole('region', { name: 'Order Analytics' });
    expect(await within(tile).findByTestId('order-analytics-today')).toHaveTextContent('7');
    expect(tile).toHaveTextContent('orders today');
    expect(within(tile).getByTestId('order-analytics-month')).toHaveTextContent(
      '184 orders this month',
    );
    expect(within(tile).getByRole('link', { name: /View Order Analytics/ })).toHaveAttribute(
      'href',
      '/analytics',
    );
    // All own applications (no appId), today, in the viewer's time zone.
    expect(requests[0]?.params).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('shows the error component with a retry on failure (spec 8)', async () => {
    let fail = true;
    const { api } = createAnalyticsApi({
      counts: () =>
        fail
          ? { status: 500, data: { message: 'The analytics are unavailable.' } }
          : { status: 200, data: { perDay: 1, perMonth: 1, total: 1 } },
    });
    renderWithParcel(<OrderAnalyticsTile />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('The analytics are unavailable.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order-analytics-today')).toHaveTextContent('1');
    expect(screen.getByText('1 order this month')).toBeInTheDocument();
  });

  it('follows the live stream: orders-changed reloads the counts without a loading flash', async () => {
    let today = 7;
    const { api, requests } = createAnalyticsApi({
      counts: () => ({ status: 200, data: { perDay: today, perMonth: 184, total: 1520 } }),
    });
    const { bus } = renderWithParcel(<OrderAnalyticsTile />, { api });
    expect(await screen.findByTestId('order-analytics-today')).toHaveTextContent('7');
    const before = requests.length;
    today = 8;
    act(() => bus.emit('orders-changed', { applicationId: 'app-1' }));
    // The old figure stays on screen while the new one loads.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-analytics-today')).toHaveTextContent('7');
    await waitFor(() => expect(screen.getByTestId('order-analytics-today')).toHaveTextContent('8'));
    expect(requests.length).toBe(before + 1);
  });

  it('is greyed out for a banned account, asking the api nothing', () => {
    const { api, requests } = createAnalyticsApi();
    renderWithParcel(<OrderAnalyticsTile />, { api, viewer: { isBanned: true } });
    const tile = screen.getByRole('region', { name: 'Order Analytics' });
    expect(tile).toHaveAttribute('aria-disabled', 'true');
    expect(within(tile).queryByRole('link')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
