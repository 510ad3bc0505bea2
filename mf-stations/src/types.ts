import type {
  Application,
  ApplicationStations,
  SharedStationGroup,
  SlugChange,
  Station,
  StationApplication,
  UserSettings,
} from '@pos/shared';

export type {
  Application,
  ApplicationStations,
  SharedStationGroup,
  SlugChange,
  Station,
  StationApplication,
  UserSettings,
};

/**
 * One of the manager's verified applications with its stations; `stations` is null and `error`
 * says why when the store could not be asked.
 */
export interface OwnApplicationStations {
  application: StationApplication;
  stations: Station[] | null;
  error: string | null;
}

/** A station of Quick Launch, resolved from its key to something to show and open. */
export interface QuickLaunchStation {
  key: string;
  station: Station;
  application: { id: string; name: string; slug: string };
  /** Own stations link to the application's stations, shared ones to its shared stations. */
  kind: 'own' | 'shared';
}
