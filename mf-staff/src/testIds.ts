/** Stable data-testid values of the staff remote, shared with the end-to-end tests. */
export const staffTestIds = {
  /** /staff (spec 2.6). */
  list: {
    page: 'staff-page',
    createLink: 'staff-create-link',
    application: 'staff-application',
    count: 'staff-count',
    table: 'staff-table',
    /** One per staff user; the row also carries `data-wp-user-id` and `data-kind` (pos, wp). */
    row: (wpUserId: number) => `staff-row-${wpUserId}`,
    role: (wpUserId: number) => `staff-role-${wpUserId}`,
    access: (wpUserId: number) => `staff-access-${wpUserId}`,
    status: (wpUserId: number) => `staff-status-${wpUserId}`,
    lastAccess: (wpUserId: number) => `staff-last-access-${wpUserId}`,
    inviteButton: (wpUserId: number) => `staff-invite-${wpUserId}`,
    inviteStatus: (wpUserId: number) => `staff-invite-status-${wpUserId}`,
    /** Manage: opens the 'Change role' dialog of the user. */
    roleButton: (wpUserId: number) => `staff-role-button-${wpUserId}`,
    /** The role select in the 'Change role' dialog (outside the row: a dialog on the page). */
    roleSelect: 'staff-role-select',
    removeButton: (wpUserId: number) => `staff-remove-${wpUserId}`,
    /** Manage of the store administrator who connected the application. */
    ownerNote: (wpUserId: number) => `staff-owner-${wpUserId}`,
    pagination: 'staff-pagination',
    /** The empty-state rows: no verified application, add-on inactive, no staff. */
    connectApplication: 'staff-connect-application',
    connectApplicationLink: 'staff-connect-application-link',
    downloadAddon: 'staff-download-addon',
    downloadAddonLink: 'staff-download-addon-link',
    empty: 'staff-empty',
    /** The store lacks the Cloud POS plugin itself. */
    pluginPrompt: 'staff-plugin-prompt',
    error: 'staff-error',
    /** 'Unavailable while the account is paused' for a banned account. */
    paused: 'staff-paused',
  },
  /** /staff/create (spec 2.6, 5). */
  create: {
    page: 'staff-create-page',
    form: 'staff-create-form',
    name: 'staff-create-name',
    email: 'staff-create-email',
    role: 'staff-create-role',
    application: 'staff-create-application',
    submit: 'staff-create-submit',
    /** 'Creating staff user' while the form posts. */
    creating: 'staff-create-creating',
    error: 'staff-create-error',
    /** The store has no Staff add-on (409): why, and the add-on's download. */
    addonMissing: 'staff-create-addon-missing',
    addonDownloadLink: 'staff-create-addon-download-link',
    loadError: 'staff-create-load-error',
    /** 'Unavailable while the account is paused' for a banned account. */
    paused: 'staff-create-paused',
  },
  /** The dashboard's Staff tile. */
  tile: {
    root: 'staff-tile',
    count: 'staff-tile-count',
    link: 'staff-tile-link',
  },
} as const;
