import { Icon, PageHeader, useParcel } from '@pos/shared';
import { Link, useNavigate } from '@pos/shared/router';
import { selectionToSearch, type AnalyticsSelection } from '../../selection';
import { analyticsTestIds } from '../../testIds';
import { NO_ORDERS_HINT, ORDER_ANALYTICS, PRINT } from '../../texts';
import { ANALYTICS_PATH, PRINT_ANALYTICS_PATH } from '../../urls';
import { AnalyticsFilters } from './AnalyticsFilters';
import { RangeLine } from './RangeLine';
import { OpenTablesContext, useOpenTables } from './ChartSection';
import { UsageBody, UsagePaused } from './UsageBody';
import { useApplications, useSelection, useUsage } from './useAnalytics';
import './OrderAnalytics.css';

const ids = analyticsTestIds.analytics;

/**
 * /analytics, Order Analytics (spec 2.2, 3; managers only): the application and period in the
 * address, the period's figures in charts with their tables, and a Print link to the same
 * selection on /print-analytics. New orders on the live stream reload the figures in place.
 * A banned account gets 'Unavailable while the account is paused' and no request (the api
 * answers its analytics with 402).
 */
export function OrderAnalytics() {
  const { viewer } = useParcel();
  if (viewer.isBanned) {
    return (
      <div className="pos-page pos-analytics" data-testid={ids.page}>
        <PageHeader title={ORDER_ANALYTICS} />
        <UsagePaused />
      </div>
    );
  }
  return <LiveOrderAnalytics />;
}

function LiveOrderAnalytics() {
  const navigate = useNavigate();
  const selection = useSelection();
  const applications = useApplications();
  const { status, data, error, reload, showLoading, refreshing, range } = useUsage(selection);
  const search = selectionToSearch(selection);
  const openTables = useOpenTables();

  const choose = (next: AnalyticsSelection) =>
    navigate({ pathname: ANALYTICS_PATH, search: selectionToSearch(next) }, { replace: true });

  return (
    <div
      className="pos-page pos-analytics"
      data-testid={ids.page}
      aria-busy={refreshing || undefined}
    >
      <PageHeader
        title={ORDER_ANALYTICS}
        subtitle={
          <RangeLine range={range} applications={applications.data} appId={selection.appId} />
        }
        actions={
          <Link
            to={{ pathname: PRINT_ANALYTICS_PATH, search }}
            className="pos-button pos-button--secondary pos-button--md"
            data-testid={ids.printLink}
          >
            <Icon name="printer" size={18} />
            <span className="pos-button__label">{PRINT}</span>
          </Link>
        }
      />
      <AnalyticsFilters
        selection={selection}
        applications={applications.data ?? []}
        onChange={choose}
      />
      <OpenTablesContext.Provider value={openTables}>
        <UsageBody
          status={status}
          data={data}
          error={error}
          reload={reload}
          showLoading={showLoading}
          emptyHint={NO_ORDERS_HINT}
        />
      </OpenTablesContext.Provider>
    </div>
  );
}
