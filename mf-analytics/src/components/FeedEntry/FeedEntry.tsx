import { Icon, cx, type IconName } from '@pos/shared';
import dayjs from 'dayjs';
import { Link } from '@pos/shared/router';
import { analyticsTestIds } from '../../testIds';
import { FEED_TYPE_LABELS } from '../../texts';
import type { Activity, FeedType } from '../../types';
import { feedLink } from './feedLink';
import './FeedEntry.css';

/** Each feedType's icon and colour (spec 3 lists the eleven types). */
const FEED_TYPE_LOOK: Record<FeedType, { icon: IconName; tone: string }> = {
  applicationAdded: { icon: 'plus', tone: 'primary' },
  applicationAuthorized: { icon: 'key', tone: 'success' },
  applicationDisconnected: { icon: 'plug', tone: 'warning' },
  applicationShared: { icon: 'addUser', tone: 'primary' },
  applicationUpdated: { icon: 'applications', tone: 'primary' },
  customerAdded: { icon: 'user', tone: 'info' },
  errorNotification: { icon: 'danger', tone: 'danger' },
  orderProcessed: { icon: 'cart', tone: 'success' },
  posUrlChanged: { icon: 'link', tone: 'info' },
  productAdded: { icon: 'box', tone: 'info' },
  stationOpened: { icon: 'stations', tone: 'primary' },
};

const FALLBACK_LOOK = { icon: 'info' as IconName, tone: 'primary' };

export interface FeedEntryProps {
  activity: Activity;
  /** The dashboard's mini feed: one line per entry, no absolute date. */
  compact?: boolean;
  'data-testid'?: string;
}

/**
 * One entry of the activity feed, drawn by its feedType: the type's icon and wording, the
 * entry's own text, when it happened (the date and time in the viewer's zone; the mini feed
 * leaves out the year) and its link, in the app for a dashboard path or to the other site in a new tab.
 */
export function FeedEntry({ activity, compact = false, 'data-testid': testId }: FeedEntryProps) {
  const look = FEED_TYPE_LOOK[activity.feedType] ?? FALLBACK_LOOK;
  const label = FEED_TYPE_LABELS[activity.feedType] ?? activity.feedType;
  const when = dayjs(activity.createdAt);
  const target = feedLink(activity.link, window.location.origin);
  const linkText = activity.linkName || activity.link || '';
  return (
    <li
      className={cx('pos-feed-entry', compact && 'pos-feed-entry--compact')}
      data-testid={testId ?? analyticsTestIds.activity.entry}
      data-feed-type={activity.feedType}
    >
      <span
        className={`pos-feed-entry__icon pos-feed-entry__icon--${look.tone}`}
        aria-hidden="true"
      >
        <Icon name={look.icon} size={compact ? 16 : 18} />
      </span>
      <div className="pos-feed-entry__body">
        <p className="pos-feed-entry__type">{label}</p>
        <p className="pos-feed-entry__name" data-testid={analyticsTestIds.activity.entryName}>
          {activity.name}
        </p>
        {target && (
          <p className="pos-feed-entry__link">
            {target.kind === 'internal' ? (
              <Link to={target.to}>{linkText}</Link>
            ) : (
              <a href={target.href} target="_blank" rel="noopener noreferrer">
                {linkText}
                <Icon name="external" size={14} title="opens in a new tab" />
              </a>
            )}
          </p>
        )}
      </div>
      <time
        className="pos-feed-entry__time"
        dateTime={when.toISOString()}
        title={when.format('MMM D, YYYY h:mm A')}
      >
        {compact ? when.format('MMM D, h:mm A') : when.format('MMM D, YYYY h:mm A')}
      </time>
    </li>
  );
}
