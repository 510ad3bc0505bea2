import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAnalyticsApi, makeActivities, makeActivity } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { MiniActivityFeed } from './MiniActivityFeed';

describe('the mini activity feed', () => {
  it('shows the 5 newest entries and a link to the full feed', async () => {
    const { api, requests } = createAnalyticsApi({}, makeActivities(30));
    renderWithParcel(<MiniActivityFeed />, { api });
    const feed = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(feed).getByRole('status')).toHaveTextContent('Loading activity');
    const entries = await within(feed).findAllByTestId('mini-activity-entry');
    expect(entries).toHaveLength(5);
    expect(entries[0]).toHaveTextContent('Order #1001');
    expect(within(feed).getByRole('link', { name: /View all activity/ })).toHaveAttribute(
      'href',
      '/activity',
    );
    expect(requests[0]?.params).toEqual({ page: 1, limit: 5 });
  });

  it("says 'There are no events tracked yet' when the feed is empty", async () => {
    const { api } = createAnalyticsApi({}, []);
    renderWithParcel(<MiniActivityFeed />, { api });
    expect(await screen.findByText('There are no events tracked yet')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    let fail = true;
    const feed = makeActivities(2);
    const { api } = createAnalyticsApi({
      activities: () =>
        fail
          ? { status: 503, data: { message: 'Try later.' } }
          : { status: 200, data: { data: feed, totalAll: 2 } },
    });
    renderWithParcel(<MiniActivityFeed />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Try later.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('mini-activity-entry')).toHaveLength(2);
  });

  it('shows a new entry from the live stream without a loading flash', async () => {
    const feed = makeActivities(5);
    const { api } = createAnalyticsApi({
      activities: () => ({ status: 200, data: { data: feed.slice(0, 5), totalAll: feed.length } }),
    });
    const { bus } = renderWithParcel(<MiniActivityFeed />, { api });
    expect(await screen.findAllByTestId('mini-activity-entry')).toHaveLength(5);
    feed.unshift(makeActivity(0, 'orderProcessed', { name: 'Order #999 for $4.00' }));
    act(() => bus.emit('activity-logged', { feedType: 'orderProcessed', name: 'Order #999' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId('mini-activity-entry')[0]).toHaveTextContent('Order #999'),
    );
    expect(screen.getAllByTestId('mini-activity-entry')).toHaveLength(5);
  });

  it('is greyed out for a banned account, asking the api nothing', () => {
    const { api, requests } = createAnalyticsApi();
    renderWithParcel(<MiniActivityFeed />, { api, viewer: { isBanned: true } });
    expect(screen.getByRole('region', { name: 'Recent Activity' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
