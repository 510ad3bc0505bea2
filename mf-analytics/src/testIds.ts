/** Stable data-testid values of the analytics remote, shared with the end-to-end tests. */
export const analyticsTestIds = {
  /** /analytics and /print-analytics (spec 2.2, 3). */
  analytics: {
    page: 'order-analytics-page',
    printPage: 'print-analytics-page',
    application: 'analytics-application',
    preset: 'analytics-period',
    printLink: 'analytics-print-link',
    /** The subtitle: the application (or 'All applications') and the dates covered. */
    range: 'analytics-range',
    printButton: 'analytics-print-button',
    total: 'analytics-total-orders',
    pos: 'analytics-pos-orders',
    web: 'analytics-web-orders',
    empty: 'analytics-empty',
    error: 'analytics-error',
    /** For a banned account, instead of the figures. */
    paused: 'analytics-paused',
    /** One per chart section; the section also carries `data-chart` (its key). */
    chart: 'analytics-chart',
    chartTable: 'analytics-chart-table',
    tableToggle: 'analytics-table-toggle',
  },
  /** /activity (spec 2.9). */
  activity: {
    page: 'activity-page',
    /** One per entry; the entry also carries `data-feed-type`. */
    entry: 'activity-entry',
    /** An entry's own text (on the page and in the mini feed). */
    entryName: 'activity-entry-name',
    empty: 'activity-empty',
    error: 'activity-error',
    pagination: 'activity-pagination',
    download: 'activity-download',
    verify: 'activity-verify',
    verifyResult: 'activity-verify-result',
  },
  /** The dashboard's Order Analytics tile (spec 2.3). */
  tile: {
    root: 'order-analytics-tile',
    today: 'order-analytics-today',
    month: 'order-analytics-month',
    link: 'order-analytics-link',
  },
  /** The dashboard's mini activity feed (spec 2.3). */
  feed: {
    root: 'mini-activity-feed',
    entry: 'mini-activity-entry',
    link: 'mini-activity-link',
  },
} as const;
