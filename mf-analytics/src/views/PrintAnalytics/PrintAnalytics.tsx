import { Button, PageHeader, useParcel } from '@pos/shared';
import dayjs from 'dayjs';
import { useLocation } from '@pos/shared/router';
import { analyticsTestIds } from '../../testIds';
import { BACK_TO_ANALYTICS, ORDER_ANALYTICS, PRINT, printedAt } from '../../texts';
import { ANALYTICS_PATH } from '../../urls';
import { RangeLine } from '../OrderAnalytics/RangeLine';
import { UsageBody, UsagePaused } from '../OrderAnalytics/UsageBody';
import { useApplications, useSelection, useUsage } from '../OrderAnalytics/useAnalytics';
import './PrintAnalytics.css';

const ids = analyticsTestIds.analytics;

/**
 * /print-analytics (spec 2.2): the figures of the selection in the address laid out for paper,
 * charts at the A4 text width and every table whole, with a Print button; under print media
 * the buttons and the way back are hidden (the shell hides its own chrome). A banned account
 * gets 'Unavailable while the account is paused' and no request, as on /analytics.
 */
export function PrintAnalytics() {
  const { viewer } = useParcel();
  const { search } = useLocation();
  if (viewer.isBanned) {
    return (
      <div className="pos-page pos-print-analytics" data-testid={ids.printPage}>
        <PageHeader
          title={ORDER_ANALYTICS}
          back={{ to: `${ANALYTICS_PATH}${search}`, label: BACK_TO_ANALYTICS }}
        />
        <UsagePaused />
      </div>
    );
  }
  return <LivePrintAnalytics />;
}

function LivePrintAnalytics() {
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
              {printedAt(dayjs().format('MMM D, YYYY h:mm A'))}
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
      <UsageBody
        status={status}
        data={data}
        error={error}
        reload={reload}
        showLoading={showLoading}
        print
      />
    </div>
  );
}
