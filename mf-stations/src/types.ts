import type {
  Application,
  ApplicationStations,
  ApplicationStatus,
  SharedStationGroup,
  SlugChange,
  Station,
  StationApplication,
  UserSettings,
} from '@pos/shared';

export type {
  Application,
  ApplicationStations,
  ApplicationStatus,
  SharedStationGroup,
  SlugChange,
  Station,
  StationApplication,
  UserSettings,
};

/**
 * One of the manager's connected applications with its stations and its one status (as the api
 * derives it). `stations` is null when they could not be listed: the store lacks the Cloud POS
 * plugin (`pluginMissing`), its live check failed (an unverified status), or the stations call
 * failed (`error` says why).
 */
export interface OwnApplicationStations {
  application: StationApplication;
  status: ApplicationStatus;
  stations: Station[] | null;
  pluginMissing: boolean;
  error: string | null;
}

/** GET shared-stations: the groups shared with the viewer, and the stores left out for lacking the plugin. */
export interface SharedStationsOverview {
  groups: SharedStationGroup[];
  pluginMissingCount: number;
}

/** Why none of a shared application's stations opens: its owner is blocked or paused. */
export type StationsUnavailable = NonNullable<SharedStationGroup['unavailable']>;

/** A station of Quick Launch, resolved from its key to something to show and open. */
export interface QuickLaunchStation {
  key: string;
  station: Station;
  application: { id: string; name: string; slug: string };
  /** Own stations link to the application's stations, shared ones to its shared stations. */
  kind: 'own' | 'shared';
  /** Why it does not open for anyone (a shared station whose owner is held); null otherwise. */
  unavailable: StationsUnavailable | null;
}
