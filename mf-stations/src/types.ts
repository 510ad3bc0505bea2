import type { Application, Station as KitStation, UserSettings } from '@pos/shared';

export type { Application, UserSettings };

/** A POS station of a store (spec 3), as GET applications/{id}/stations returns it. */
export interface Station extends KitStation {
  /** The station's settings on the store; not shown. */
  globalSettings?: Record<string, unknown>;
}

/** The application a station list belongs to. */
export interface StationApplication {
  id: string;
  name: string;
  homeUrl: string;
  slug: string;
}

/** GET applications/{id}/stations. */
export interface ApplicationStations {
  application: StationApplication;
  list: Station[];
}

/** A group of GET shared-stations (spec 3: shared station group). */
export interface SharedStationGroup {
  application: { id: string; name: string; slug: string };
  /** The owner's full name (their email when they have none). */
  adminName: string;
  /** The viewer's roles on the store. */
  roles: string[];
  stations: Station[];
}

/**
 * One of the manager's verified applications with its stations; `stations` is null and `error`
 * says why when the store could not be asked.
 */
export interface OwnApplicationStations {
  application: StationApplication;
  stations: Station[] | null;
  error: string | null;
}

/** The body of PUT applications/{id}/stations/update-slug (spec 7). */
export interface SlugChange {
  stationId: string;
  stationSlug: string;
  stationName: string;
  /** Compare-and-set: the slug the page saw; the server refuses when it changed meanwhile. */
  oldStationSlug: string;
}

/** A station of Quick Launch, resolved from its key to something to show and open. */
export interface QuickLaunchStation {
  key: string;
  station: Station;
  application: { id: string; name: string; slug: string };
  /** Own stations link to the application's stations, shared ones to its shared stations. */
  kind: 'own' | 'shared';
}
