/** Stable data-testid values of the admin remote, shared with the end-to-end tests. */
export const adminTestIds = {
  page: 'admin-panel',
  filter: 'admin-filter',
  dateRangeToggle: 'admin-date-range',
  periodFrom: 'admin-period-from',
  periodTo: 'admin-period-to',
  usersTable: 'admin-users-table',
  userRow: (userId: string) => `admin-user-row-${userId}`,
  blockToggle: (userId: string) => `admin-block-toggle-${userId}`,
  subscriptionType: (userId: string) => `admin-subscription-type-${userId}`,
  pagination: 'admin-pagination',
  empty: 'admin-empty',
  error: 'admin-error',
  usersTile: 'admin-users-tile',
  usersTileTotal: 'admin-users-total',
} as const;
