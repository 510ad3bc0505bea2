import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  apiErrorMessage,
} from '@pos/shared';
import dayjs from 'dayjs';
import { useLocation } from 'react-router-dom';
import { analyticsTestIds } from '../../testIds';
import {
  BACK_TO_ANALYTICS,
  LOADING_ANALYTICS,
  NO_ORDERS_IN_PERIOD,
  ORDER_ANALYTICS,
  PRINT,
} from '../../texts';
import { ANALYTICS_PATH } from '../../urls';
import { AnalyticsReport } from '../OrderAnalytics/AnalyticsReport';
import { RangeLine } from '../OrderAnalytics/RangeLine';
import { useApplications, useSelection, useUsage } from '../OrderAnalytics/useAnalytics';
import './PrintAnalytics.css';

const ids = analyticsTestIds.analytics;

/**
 * /print-analytics (spec 2.2): the figures of the selection in the address laid out for paper,
 * charts at the A4 text width and every table whole, with a Print button; under print media
 * the buttons and the way back are hidden (the shell hides its own chrome).
 */
export function PrintAnalytics() {
  const { search } = useLocation();
  const selection = useSelection();
  const applications = useApplications();
  const { status, data, error, reload, showLoading, range } = useUsage(selection);
  return (
    <div className="pos-page pos-print-analytics" data-testid={ids.printPage}>
      <PageHeader
        title={ORDER_ANALYTICS}
        back={{ to: `${ANALYTICS_PATH}${search}`, label: BACK_TO_ANALYTICS }}
        subtitle={
          <>
            <RangeLine range={range} applications={applications.data} appId={selection.appId} />
            <span className="pos-print-analytics__printed">
              {`Printed ${dayjs().format('MMM D, YYYY h:mm A')}`}
            </span>
          </>
        }
        actions={
          <Button
            icon="printer"
            className="pos-print-analytics__print"
            onClick={() => window.print()}
            disabled={data === null}
            data-testid={ids.printButton}
          >
            {PRINT}
          </Button>
        }
      />
      {status === 'error' ? (
        <ErrorState message={apiErrorMessage(error)} onRetry={reload} data-testid={ids.error} />
      ) : showLoading || data === null ? (
        <LoadingState message={LOADING_ANALYTICS} />
      ) : data.totals.orders === 0 ? (
        <EmptyState icon="analytics" title={NO_ORDERS_IN_PERIOD} data-testid={ids.empty} />
      ) : (
        <AnalyticsReport usage={data} print />
      )}
    </div>
  );
}
