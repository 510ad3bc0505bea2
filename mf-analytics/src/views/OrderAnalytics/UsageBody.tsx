import { EmptyState, ErrorState, LoadingState, apiErrorMessage } from '@pos/shared';
import { analyticsTestIds } from '../../testIds';
import { LOADING_ANALYTICS, NO_ORDERS_IN_PERIOD, UNAVAILABLE_WHILE_PAUSED } from '../../texts';
import type { UsageAnalytics } from '../../types';
import { AnalyticsReport } from './AnalyticsReport';

const ids = analyticsTestIds.analytics;

/** What {@link UsageBody} shows: the usage load's state, as useUsage gives it. */
export interface UsageBodyProps {
  status: 'loading' | 'success' | 'error';
  data: UsageAnalytics | null;
  error: unknown;
  reload: () => void;
  showLoading: boolean;
  /** The paper layout: every table whole. */
  print?: boolean;
  /** A line under 'No orders in this period' (the screen's hint; none on paper). */
  emptyHint?: string;
}

/**
 * The body of /analytics and /print-analytics: the error with a retry, the loading state, 'No
 * orders in this period' or the report, decided the same way on both pages.
 */
export function UsageBody({
  status,
  data,
  error,
  reload,
  showLoading,
  print,
  emptyHint,
}: UsageBodyProps) {
  if (status === 'error') {
    return <ErrorState message={apiErrorMessage(error)} onRetry={reload} data-testid={ids.error} />;
  }
  if (showLoading || data === null) return <LoadingState message={LOADING_ANALYTICS} />;
  if (data.totals.orders === 0) {
    return (
      <EmptyState
        icon="analytics"
        title={NO_ORDERS_IN_PERIOD}
        message={emptyHint}
        data-testid={ids.empty}
      />
    );
  }
  return <AnalyticsReport usage={data} print={print} />;
}

/**
 * The body of both pages for a banned account: the api answers its analytics with 402, so a
 * retry could never succeed; the same words as the greyed-out tile instead, and no request.
 */
export function UsagePaused() {
  return <EmptyState icon="analytics" title={UNAVAILABLE_WHILE_PAUSED} data-testid={ids.paused} />;
}
