import {
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  Pagination,
  apiErrorMessage,
  useParcel,
} from '@pos/shared';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from '@pos/shared/router';
import { fetchActivities } from '../../api';
import { FeedEntry } from '../../components/FeedEntry';
import { FEED_EVENTS, useBusReload } from '../../hooks/useBusReload';
import { useQuietLoad } from '../../hooks/useQuietLoad';
import { analyticsTestIds } from '../../testIds';
import { ACTIVITY, FEED_TOOLS, LOADING_ACTIVITY, NO_EVENTS } from '../../texts';
import { FeedTools } from './FeedTools';
import './ActivityFeed.css';

/** Spec 9: the activity page shows 25 entries a page. */
export const ACTIVITY_PAGE_SIZE = 25;

const ids = analyticsTestIds.activity;

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /activity (spec 2.9): the viewer's feed, newest first, 25 a page with the kit's numbered
 * pagination (spec 2.14; the page is in the address), 'There are no events tracked yet' when
 * empty, and the CSV export and tamper check. New entries on the live stream reload the page
 * in place.
 */
export function ActivityFeed() {
  const { api } = useParcel();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const load = useCallback(
    (signal: AbortSignal) => fetchActivities(api, page, ACTIVITY_PAGE_SIZE, signal),
    [api, page],
  );
  const { status, data, lastData, error, reload, showLoading } = useQuietLoad(load);
  useBusReload(FEED_EVENTS, reload);

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo?.({ top: 0 });
  };

  // A page past the end (an old link, entries gone) opens the last page instead of nothing.
  const lastPage = data ? Math.max(1, Math.ceil(data.totalAll / ACTIVITY_PAGE_SIZE)) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) {
      setParams(lastPage === 1 ? {} : { page: String(lastPage) }, { replace: true });
    }
  }, [lastPage, page, setParams]);

  return (
    <div className="pos-page pos-activity" data-testid={ids.page}>
      <PageHeader title={ACTIVITY} />
      <Card flush className="pos-activity__card">
        {status === 'error' ? (
          <ErrorState message={apiErrorMessage(error)} onRetry={reload} data-testid={ids.error} />
        ) : showLoading || data === null ? (
          <LoadingState message={LOADING_ACTIVITY} />
        ) : data.totalAll === 0 ? (
          <EmptyState icon="activity" title={NO_EVENTS} data-testid={ids.empty} />
        ) : (
          <ul className="pos-activity__list" aria-label={ACTIVITY}>
            {data.data.map((activity) => (
              <FeedEntry key={activity.id} activity={activity} />
            ))}
          </ul>
        )}
      </Card>
      {/* The last answer's total keeps the pager in place while the next page loads. */}
      {lastData && (
        <Pagination
          page={page}
          totalRecords={lastData.totalAll}
          pageSize={ACTIVITY_PAGE_SIZE}
          onPageChange={goTo}
          className="pos-activity__pagination"
          data-testid={ids.pagination}
        />
      )}
      {/* The feed comes first; exporting and checking it are the occasional tasks. */}
      <Card title={FEED_TOOLS} className="pos-activity__tools">
        <FeedTools />
      </Card>
    </div>
  );
}
