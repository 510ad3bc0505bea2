/** Stable data-testid values of the applications remote, shared with the end-to-end tests. */
export const applicationsTestIds = {
  list: {
    page: 'applications-page',
    createLink: 'applications-create-link',
    table: 'applications-table',
    row: (applicationId: string) => `application-row-${applicationId}`,
    authorized: (applicationId: string) => `application-authorized-${applicationId}`,
    deleteButton: (applicationId: string) => `application-delete-${applicationId}`,
    empty: 'applications-empty',
    error: 'applications-error',
  },
  create: {
    page: 'application-create-page',
    form: 'application-create-form',
    name: 'application-create-name',
    url: 'application-create-url',
    submit: 'application-create-submit',
    error: 'application-create-error',
    siteCheck: 'application-create-site-check',
  },
  detail: {
    page: 'application-page',
    error: 'application-load-error',
    form: 'application-form',
    name: 'application-name',
    url: 'application-url',
    save: 'application-save',
    deleteButton: 'application-delete',
    status: 'application-status',
    storeError: 'application-store-error',
    siteCheck: 'application-site-check',
  },
  auth: {
    panel: 'application-auth',
    modeAccount: 'application-auth-mode-account',
    modeKeys: 'application-auth-mode-keys',
    authorizeButton: 'application-authorize',
    keyField: 'application-consumer-key',
    secretField: 'application-consumer-secret',
    keyToggle: 'application-consumer-key-toggle',
    secretToggle: 'application-consumer-secret-toggle',
    connectButton: 'application-connect',
    keysFail: 'application-keys-fail',
    wpUserEmail: 'application-wp-user-email',
    disconnectButton: 'application-disconnect',
    viewStations: 'application-view-stations',
    stationsCount: 'application-stations-count',
    /** 'View Stations' of a store without the Cloud POS plugin: says so, with the download. */
    stationsPlugin: 'application-stations-plugin',
    /** Why the last authorization failed, when, and what to do next. */
    lastFailure: 'application-last-auth-failure',
    lastFailureMessage: 'application-last-auth-failure-message',
    /** After a disconnect: whether the store's key was revoked. */
    keyOutcome: 'application-key-outcome',
    /** An authorization started that has not come back: its likely causes (issue 27). */
    notBack: 'application-auth-not-back',
  },
  sharedWith: {
    section: 'application-shared-with',
    table: 'application-shared-with-table',
    row: (wpUserId: number) => `shared-user-row-${wpUserId}`,
    access: (wpUserId: number) => `shared-user-access-${wpUserId}`,
    inviteButton: (wpUserId: number) => `shared-user-invite-${wpUserId}`,
    inviteStatus: (wpUserId: number) => `shared-user-invite-status-${wpUserId}`,
    pagination: 'application-shared-with-pagination',
    empty: 'application-shared-with-empty',
    error: 'application-shared-with-error',
    /** In place of the table when the store lacks the Cloud POS plugin. */
    pluginPrompt: 'application-shared-with-plugin',
  },
  wcAuthorization: {
    page: 'wc-authorization-page',
    connecting: 'wc-authorization-connecting',
    /** The store has not called back in time: the likely causes, the way back (issue 27). */
    notBack: 'wc-authorization-not-back',
    backLink: 'wc-authorization-back',
  },
  tile: {
    root: 'applications-tile',
    count: 'applications-tile-count',
    link: 'applications-tile-link',
  },
} as const;
