import {
  Card,
  EmptyState,
  ErrorState,
  Icon,
  LoadingState,
  apiErrorMessage,
  useParcel,
} from '@pos/shared';
import { useCallback } from 'react';
import { Link } from '@pos/shared/router';
import { fetchActivities } from '../../api';
import { FeedEntry } from '../../components/FeedEntry';
import { FEED_EVENTS, useBusReload } from '../../hooks/useBusReload';
import { useQuietLoad } from '../../hooks/useQuietLoad';
import { analyticsTestIds } from '../../testIds';
import {
  LOADING_ACTIVITY,
  NO_EVENTS,
  RECENT_ACTIVITY,
  UNAVAILABLE_WHILE_PAUSED,
  VIEW_ALL_ACTIVITY,
} from '../../texts';
import { ACTIVITY_PATH } from '../../urls';
import './MiniActivityFeed.css';

/** Spec 9: the dashboard's feed shows 5 entries. */
export const MINI_FEED_SIZE = 5;

const ids = analyticsTestIds.feed;

/**
 * The dashboard's mini activity feed (spec 2.3): the 5 newest entries and a link to /activity.
 * A new entry on the live stream ('activity-logged') reloads it without a loading flash.
 */
export function MiniActivityFeed() {
  const { viewer } = useParcel();
  return (
    <Card
      title={RECENT_ACTIVITY}
      className="pos-mini-feed"
      disabled={viewer.isBanned}
      data-testid={ids.root}
    >
      {viewer.isBanned ? (
        <p className="pos-mini-feed__note">{UNAVAILABLE_WHILE_PAUSED}</p>
      ) : (
        <Entries />
      )}
      {viewer.isBanned ? (
        <span className="pos-mini-feed__link is-disabled">{VIEW_ALL_ACTIVITY}</span>
      ) : (
        <Link to={ACTIVITY_PATH} className="pos-mini-feed__link" data-testid={ids.link}>
          {VIEW_ALL_ACTIVITY}
          <Icon name="chevron-right" size={16} />
        </Link>
      )}
    </Card>
  );
}

function Entries() {
  const { api } = useParcel();
  const load = useCallback(
    (signal: AbortSignal) => fetchActivities(api, 1, MINI_FEED_SIZE, signal),
    [api],
  );
  const { status, data, error, reload, showLoading } = useQuietLoad(load);
  useBusReload(FEED_EVENTS, reload);
  if (status === 'error') {
    return <ErrorState message={apiErrorMessage(error)} onRetry={reload} />;
  }
  if (showLoading || data === null) return <LoadingState inline message={LOADING_ACTIVITY} />;
  if (data.data.length === 0) return <EmptyState icon="activity" title={NO_EVENTS} />;
  return (
    <ul className="pos-mini-feed__list">
      {data.data.slice(0, MINI_FEED_SIZE).map((activity) => (
        <FeedEntry key={activity.id} activity={activity} compact data-testid={ids.entry} />
      ))}
    </ul>
  );
}
