import { StatTile, apiErrorMessage, useParcel, type StatTileState } from '@pos/shared';
import { useCallback } from 'react';
import { fetchOrderCounts } from '../../api';
import { ORDER_EVENTS, useBusReload } from '../../hooks/useBusReload';
import { useQuietLoad } from '../../hooks/useQuietLoad';
import { todayDate } from '../../selection';
import { analyticsTestIds } from '../../testIds';
import {
  LOADING_ORDERS,
  ORDER_ANALYTICS,
  UNAVAILABLE_WHILE_PAUSED,
  VIEW_ANALYTICS,
  orderWord,
  thisMonth,
} from '../../texts';
import { ANALYTICS_PATH } from '../../urls';
import './OrderAnalyticsTile.css';

const ids = analyticsTestIds.tile;
const link = { to: ANALYTICS_PATH, label: VIEW_ANALYTICS, 'data-testid': ids.link };

/**
 * The dashboard's Order Analytics tile (spec 2.3): orders today as the number, this month's
 * orders under it, a link to /analytics; the error component with a retry on failure (spec 8).
 * It follows the live stream: an 'orders-changed' reloads the counts without a loading flash.
 * A banned account gets it greyed out and asks the api nothing (it would answer 402).
 */
export function OrderAnalyticsTile() {
  const { viewer } = useParcel();
  if (viewer.isBanned) {
    return (
      <StatTile
        title={ORDER_ANALYTICS}
        state={{ status: 'unavailable', message: UNAVAILABLE_WHILE_PAUSED }}
        loadingMessage={LOADING_ORDERS}
        label=""
        link={link}
        disabled
        data-testid={ids.root}
      />
    );
  }
  return <LiveOrderAnalyticsTile />;
}

function LiveOrderAnalyticsTile() {
  const { api } = useParcel();
  // The day is read at each load, so a tile left open over midnight counts the new day.
  const load = useCallback(
    (signal: AbortSignal) => fetchOrderCounts(api, { appId: null, date: todayDate() }, signal),
    [api],
  );
  const { status, data, error, reload, showLoading } = useQuietLoad(load);
  useBusReload(ORDER_EVENTS, reload);
  const state: StatTileState =
    status === 'error'
      ? { status: 'error', message: apiErrorMessage(error), onRetry: reload }
      : showLoading || data === null
        ? { status: 'loading' }
        : { status: 'success', value: data.perDay };
  return (
    <StatTile
      title={ORDER_ANALYTICS}
      state={state}
      loadingMessage={LOADING_ORDERS}
      label={(value) => `${orderWord(value)} today`}
      link={link}
      data-testid={ids.root}
      valueTestId={ids.today}
    >
      {data && (
        <p className="pos-analytics-tile__month" data-testid={ids.month}>
          {thisMonth(data.perMonth)}
        </p>
      )}
    </StatTile>
  );
}
