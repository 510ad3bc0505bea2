// Every path and URL of the stations domain lives here and nowhere else.

/** The stations page of everyone (spec 2.5). */
export const STATIONS_PATH = '/stations';

/** The react-router pattern of an application's stations (spec 2.4, managers). */
export const APPLICATION_STATIONS_PATTERN = '/applications/:id/stations';

/** The react-router pattern of the stations of an application shared with the viewer. */
export const SHARED_STATIONS_PATTERN = '/applications/:id/shared-stations';

/** The detail page of one of the manager's applications (mf_applications' page). */
export const applicationPath = (applicationId: string) =>
  `/applications/${encodeURIComponent(applicationId)}`;

/** The stations of one of the manager's applications. */
export const applicationStationsPath = (applicationId: string) =>
  `${applicationPath(applicationId)}/stations`;

/** The stations of another user's application that are shared with the viewer. */
export const sharedStationsPath = (applicationId: string) =>
  `${applicationPath(applicationId)}/shared-stations`;

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** The cloud POS addresses of stations: one rule, shared with the onboarding popup. */
export { cloudStationUrl, cloudStationUrlPrefix } from '@pos/shared/rules';

/**
 * The store's admin list of POS stations (spec 2.5: the delete link of 'My Stations'); stations
 * are deleted on the store, not in the dashboard.
 */
export const storeStationsAdminUrl = (homeUrl: string) =>
  `${withoutTrailingSlash(homeUrl)}/wp-admin/edit.php?post_type=pos_station`;

/** The key of a station in the user settings' quickLaunchPOSIds (spec 3). */
export const quickLaunchKey = (applicationId: string, posID: string) => `${applicationId}/${posID}`;

/** The api paths of the stations domain, relative to /api/connect-ui (spec 7). */
export const stationsApiPaths = {
  applications: 'applications',
  stations: (applicationId: string) => `applications/${encodeURIComponent(applicationId)}/stations`,
  updateSlug: (applicationId: string) =>
    `applications/${encodeURIComponent(applicationId)}/stations/update-slug`,
  sharedStations: 'shared-stations',
  userSettings: 'user-settings',
} as const;
