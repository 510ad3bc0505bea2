import { screen, within } from '@testing-library/react';
import { createAnalyticsApi, makeActivity } from '../../fixtures';
import { FEED_TYPE_LABELS } from '../../texts';
import { renderWithParcel } from '../../testing/renderWithParcel';
import type { FeedType } from '../../types';
import { FeedEntry } from './FeedEntry';
import { feedLink } from './feedLink';

const FEED_TYPES = Object.keys(FEED_TYPE_LABELS) as FeedType[];

const renderEntry = (activity: ReturnType<typeof makeActivity>) =>
  renderWithParcel(
    <ul>
      <FeedEntry activity={activity} />
    </ul>,
    { api: createAnalyticsApi().api },
  );

describe('a feed entry', () => {
  it.each(FEED_TYPES)('draws a %s entry with its own icon and wording', (feedType) => {
    renderEntry(makeActivity(1, feedType, { name: 'Something happened' }));
    const entry = screen.getByTestId('activity-entry');
    expect(entry).toHaveAttribute('data-feed-type', feedType);
    expect(entry).toHaveTextContent(FEED_TYPE_LABELS[feedType]);
    expect(entry).toHaveTextContent('Something happened');
    expect(entry.querySelector('svg[data-icon]')).not.toBeNull();
  });

  it('gives each of the eleven feedTypes of spec 3 a different icon', () => {
    const icons = FEED_TYPES.map((feedType) => {
      const { unmount } = renderEntry(makeActivity(1, feedType));
      const icon = screen.getByTestId('activity-entry').querySelector('svg')!.dataset.icon;
      unmount();
      return icon;
    });
    expect(FEED_TYPES).toHaveLength(11);
    expect(new Set(icons).size).toBe(11);
  });

  it('says when it happened, in the viewer’s time', () => {
    renderEntry(makeActivity(1, 'customerAdded', { createdAt: '2026-11-20T09:05:00.000Z' }));
    const time = screen.getByTestId('activity-entry').querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-11-20T09:05:00.000Z');
    expect(time.textContent).toMatch(/^Nov (19|20|21), 2026 \d{1,2}:\d{2} (AM|PM)$/);
  });

  it('links a dashboard path in the app and another site in a new tab', () => {
    const { unmount } = renderEntry(
      makeActivity(1, 'applicationAdded', {
        link: '/applications/app-1',
        linkName: 'Demo Coffee Roasters',
      }),
    );
    const inApp = screen.getByRole('link', { name: 'Demo Coffee Roasters' });
    expect(inApp).toHaveAttribute('href', '/applications/app-1');
    expect(inApp).not.toHaveAttribute('target');
    unmount();

    renderEntry(
      makeActivity(2, 'orderProcessed', {
        link: 'https://shop.example/wp-admin/post.php?post=12',
        linkName: 'Order #12',
      }),
    );
    const external = screen.getByRole('link', { name: /Order #12/ });
    expect(external).toHaveAttribute('href', 'https://shop.example/wp-admin/post.php?post=12');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows no link for an entry without one, or with one that is not http(s)', () => {
    renderEntry(
      makeActivity(1, 'errorNotification', { link: 'javascript:alert(1)', linkName: 'x' }),
    );
    expect(within(screen.getByTestId('activity-entry')).queryByRole('link')).toBeNull();
  });
});

describe('feedLink', () => {
  const origin = 'https://dash.example';
  it.each([
    ['/stations', { kind: 'internal', to: '/stations' }],
    ['https://dash.example/activity?page=2', { kind: 'internal', to: '/activity?page=2' }],
    ['https://shop.example/x', { kind: 'external', href: 'https://shop.example/x' }],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    ['https://dash.example/\\evil.example', null],
    ['/activity/../stations', { kind: 'internal', to: '/stations' }],
    ['javascript:alert(1)', null],
    [null, null],
  ] as const)('%s → %j', (link, expected) => {
    expect(feedLink(link, origin)).toEqual(expected);
  });
});
