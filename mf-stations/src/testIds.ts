/** Stable data-testid values of the stations remote, shared with the end-to-end tests. */
export const stationsTestIds = {
  /** /stations (spec 2.5). */
  stations: {
    page: 'stations-page',
    quickLaunch: 'quick-launch-section',
    /** One per pinned station; the card also carries `data-station` (the station's name). */
    quickLaunchCard: 'quick-launch-card',
    quickLaunchSignIn: 'quick-launch-sign-in',
    quickLaunchEmpty: 'quick-launch-empty',
    myStations: 'my-stations-section',
    myStationsRow: (applicationId: string) => `my-stations-row-${applicationId}`,
    myStationsCount: (applicationId: string) => `my-stations-count-${applicationId}`,
    myStationsDelete: (applicationId: string) => `my-stations-delete-${applicationId}`,
    /** The application's status, in place of the count when its stations could not be listed. */
    myStationsStatus: (applicationId: string) => `my-stations-status-${applicationId}`,
    myStationsEmpty: 'my-stations-empty',
    /** Under 'My Stations': how many stores were left out for lacking the Cloud POS plugin. */
    myStationsLeftOut: 'my-stations-left-out',
    myStationsError: 'my-stations-error',
    sharedWithMe: 'shared-with-me-section',
    sharedRow: (applicationId: string) => `shared-with-me-row-${applicationId}`,
    sharedCount: (applicationId: string) => `shared-with-me-count-${applicationId}`,
    /** Beside an application whose owner is blocked or paused: why its stations do not open. */
    sharedUnavailable: (applicationId: string) => `shared-with-me-unavailable-${applicationId}`,
    /** On a Quick Launch card whose station does not open for anyone: why. */
    quickLaunchUnavailable: 'quick-launch-unavailable',
    sharedEmpty: 'shared-with-me-empty',
    sharedLeftOut: 'shared-with-me-left-out',
    sharedError: 'shared-with-me-error',
  },
  /** /applications/:id/stations and /applications/:id/shared-stations (spec 2.4). */
  applicationStations: {
    page: 'application-stations-page',
    sharedPage: 'shared-stations-page',
    table: 'stations-table',
    /** One per station; the row also carries `data-pos-id`. */
    row: 'station-row',
    defaultToggle: 'station-default-toggle',
    slugInput: 'station-slug-input',
    posUrl: 'station-pos-url',
    quickLaunchToggle: 'station-quick-launch-toggle',
    viewPos: 'station-view-pos',
    empty: 'stations-empty',
    error: 'stations-error',
    /** In place of the stations when the store lacks the Cloud POS plugin. */
    pluginPrompt: 'stations-plugin-prompt',
    /** Above the shared stations of an owner who is blocked or paused: why none opens. */
    unavailable: 'shared-stations-unavailable',
  },
  /** The POS tile of the dashboard (spec 2.3). */
  tile: {
    root: 'pos-tile',
    count: 'pos-tile-count',
    link: 'pos-tile-link',
    /** One per pinned station; also carries `data-station`. */
    quickLaunch: 'pos-tile-quick-launch',
    leftOut: 'pos-tile-left-out',
  },
} as const;
