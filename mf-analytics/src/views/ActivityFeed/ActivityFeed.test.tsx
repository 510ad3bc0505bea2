import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAnalyticsApi, makeActivities, makeActivity } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { ActivityFeed } from './ActivityFeed';

const render = (api: ReturnType<typeof createAnalyticsApi>['api'], path = '/activity') =>
  renderWithParcel(<ActivityFeed />, { api, basePath: '/activity', path });

describe('/activity', () => {
  it('shows the feed 25 a page with numbered pages, the page in the address', async () => {
    const { api, requests } = createAnalyticsApi({}, makeActivities(60));
    render(api);
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(25);
    expect(requests.find((r) => r.url === 'activities-list')?.params).toEqual({
      page: 1,
      limit: 25,
    });
    const pages = screen.getByTestId('activity-pagination');
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(10));
    expect(screen.getAllByTestId('activity-entry')[0]).toHaveTextContent('Order #1051');
    expect(screen.getByTestId('location')).toHaveTextContent('/activity?page=3');
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('opens on the page named in the address', async () => {
    const { api } = createAnalyticsApi({}, makeActivities(30));
    render(api, '/activity?page=2');
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the loading state, not the last page, while another page loads', async () => {
    const feed = makeActivities(60);
    let release = () => {};
    const { api } = createAnalyticsApi({
      activities: (request) => {
        const page = Number(request.params.page);
        const answer = {
          status: 200,
          data: { data: feed.slice((page - 1) * 25, page * 25), totalAll: feed.length },
        };
        if (page === 1) return answer;
        return new Promise((resolve) => {
          release = () => resolve(answer);
        });
      },
    });
    render(api);
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(25);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.queryAllByTestId('activity-entry')).toHaveLength(0);
    expect(screen.getByText('Loading activity')).toBeInTheDocument();
    // The pager stays while the page loads.
    expect(screen.getByTestId('activity-pagination')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(25);
    expect(screen.getAllByTestId('activity-entry')[0]).toHaveTextContent('Order #1026');
  });

  it('opens the last page when the address names a page past the end', async () => {
    const { api } = createAnalyticsApi({}, makeActivities(30));
    render(api, '/activity?page=99');
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(5);
    expect(screen.getByTestId('location')).toHaveTextContent('/activity?page=2');
  });

  it("says 'There are no events tracked yet' with no pages when the feed is empty", async () => {
    const { api } = createAnalyticsApi({}, []);
    render(api);
    expect(await screen.findByTestId('activity-empty')).toHaveTextContent(
      'There are no events tracked yet',
    );
    expect(screen.queryByTestId('activity-pagination')).not.toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    let fail = true;
    const { api } = createAnalyticsApi({
      activities: () =>
        fail
          ? { status: 500, data: { message: 'The feed is unavailable.' } }
          : { status: 200, data: { data: makeActivities(3), totalAll: 3 } },
    });
    render(api);
    expect(await screen.findByTestId('activity-error')).toHaveTextContent(
      'The feed is unavailable.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(3);
  });

  it('shows a new entry from the live stream in place', async () => {
    const feed = makeActivities(3);
    const { api } = createAnalyticsApi({
      activities: () => ({ status: 200, data: { data: [...feed], totalAll: feed.length } }),
    });
    const { bus } = render(api);
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(3);
    feed.unshift(makeActivity(0, 'productAdded', { name: 'Product Flat White added' }));
    act(() => bus.emit('activity-logged', { feedType: 'productAdded', name: 'Flat White' }));
    expect(screen.getAllByTestId('activity-entry')).toHaveLength(3);
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(4));
    expect(screen.getAllByTestId('activity-entry')[0]).toHaveAttribute(
      'data-feed-type',
      'productAdded',
    );
  });
});

describe('the feed tools', () => {
  const createObjectURL = jest.fn(() => 'blob:csv');
  const revokeObjectURL = jest.fn();
  let clicked: HTMLAnchorElement[] = [];

  beforeEach(() => {
    clicked = [];
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
  });

  afterEach(() => jest.restoreAllMocks());

  it('downloads the CSV of the chosen period through the api client', async () => {
    const { api, requests } = createAnalyticsApi();
    render(api);
    await screen.findAllByTestId('activity-entry');
    const from = screen.getByLabelText(/^From/);
    const to = screen.getByLabelText(/^To/);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-20');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(requests.find((r) => r.url === 'activities/export')?.params).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(clicked[0]).toHaveAttribute('href', 'blob:csv');
    expect(clicked[0]).toHaveAttribute('download', 'activity-2026-11-01-to-2026-11-20.csv');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv'));
  });

  it("shows the api's reason when the export is refused", async () => {
    const { api } = createAnalyticsApi({
      exportCsv: () => ({
        status: 400,
        data: new Blob([JSON.stringify({ message: 'The period must not exceed 366 days' })], {
          type: 'application/json',
        }),
      }),
    });
    render(api);
    await screen.findAllByTestId('activity-entry');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The period must not exceed 366 days')).toBeInTheDocument();
    expect(clicked).toHaveLength(0);
  });

  it('reports a verified chain, and names the first broken entry', async () => {
    let broken = false;
    const asked: unknown[] = [];
    const { api } = createAnalyticsApi({
      verify: (request) => {
        asked.push(request.params);
        return {
          status: 200,
          data: broken
            ? {
                ok: false,
                checked: 42,
                firstBroken: { id: 'act-7', createdAt: '2026-11-02T10:00:00.000Z' },
              }
            : { ok: true, checked: 42, firstBroken: null },
        };
      },
    });
    render(api);
    await userEvent.click(screen.getByRole('button', { name: 'Verify feed' }));
    expect(await screen.findByText('Feed verified: 42 entries')).toBeInTheDocument();
    // Always the whole chain: an entry edited before the api's checkpoint must be found too.
    expect(asked).toEqual([expect.objectContaining({ full: true })]);
    broken = true;
    await userEvent.click(screen.getByRole('button', { name: 'Verify feed' }));
    expect(
      await screen.findByText(
        /^The feed was altered: the entry of Nov 2, 2026 .* no longer matches/,
      ),
    ).toBeInTheDocument();
  });

  it('says the newest entries are missing when the chain is broken with no broken entry', async () => {
    const { api } = createAnalyticsApi({
      verify: () => ({ status: 200, data: { ok: false, checked: 40, firstBroken: null } }),
    });
    render(api);
    await userEvent.click(screen.getByRole('button', { name: 'Verify feed' }));
    expect(await screen.findByTestId('activity-verify-result')).toHaveTextContent(
      'The feed was altered: its newest entries are missing',
    );
    expect(screen.queryByText(/Feed verified/)).not.toBeInTheDocument();
  });

  it("shows the api's reason when a check is refused", async () => {
    const { api } = createAnalyticsApi({
      verify: () => ({
        status: 429,
        data: { message: 'The feed was verified moments ago: try again in 7 s' },
      }),
    });
    render(api);
    await userEvent.click(screen.getByRole('button', { name: 'Verify feed' }));
    expect(await screen.findByTestId('activity-verify-result')).toHaveTextContent(
      'The feed was verified moments ago: try again in 7 s',
    );
  });

  it('clears the last verdict when a new check starts', async () => {
    let answer: (response: { status: number; data: unknown }) => void = () => {};
    let calls = 0;
    const { api } = createAnalyticsApi({
      verify: () => {
        calls += 1;
        if (calls === 1) return { status: 200, data: { ok: true, checked: 42, firstBroken: null } };
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    });
    render(api);
    await userEvent.click(screen.getByRole('button', { name: 'Verify feed' }));
    expect(await screen.findByText('Feed verified: 42 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify feed' }));
    expect(screen.queryByText('Feed verified: 42 entries')).not.toBeInTheDocument();
    await act(async () =>
      answer({ status: 200, data: { ok: true, checked: 43, firstBroken: null } }),
    );
    expect(await screen.findByText('Feed verified: 43 entries')).toBeInTheDocument();
  });

  it('clears the last export error when a new export starts', async () => {
    let calls = 0;
    let answer: (response: { status: number; data: unknown }) => void = () => {};
    const { api } = createAnalyticsApi({
      exportCsv: () => {
        calls += 1;
        if (calls === 1) {
          return {
            status: 400,
            data: new Blob([JSON.stringify({ message: 'The period must not exceed 366 days' })], {
              type: 'application/json',
            }),
          };
        }
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    });
    render(api);
    await screen.findAllByTestId('activity-entry');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The period must not exceed 366 days')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(screen.queryByText('The period must not exceed 366 days')).not.toBeInTheDocument();
    await act(async () =>
      answer({ status: 200, data: new Blob(['createdAt\n'], { type: 'text/csv' }) }),
    );
    await waitFor(() => expect(clicked).toHaveLength(1));
  });
});
