import type { AxiosInstance } from 'axios';
import { apiErrorMessage } from '@pos/shared';
import type { ApplicationList, SharedStations, SlugChangeAnswer } from '@pos/shared';
import type {
  Application,
  ApplicationStations,
  OwnApplicationStations,
  SharedStationsOverview,
  SlugChange,
  UserSettings,
} from './types';
import { stationsApiPaths } from './urls';

/**
 * GET applications: the manager's applications connected to their store, by the api's one
 * status: authorized, or unverified (connected, but the store failed its live check).
 */
export async function fetchConnectedApplications(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<Application[]> {
  const { data } = await api.get<Partial<ApplicationList>>(stationsApiPaths.applications, {
    signal,
  });
  return (data.list ?? []).filter(
    ({ status }) => status.code === 'authorized' || status.code === 'unverified',
  );
}

/**
 * GET applications/{id}/stations: the application and its stations, live from the store;
 * `pluginMissing` when the store lacks the Cloud POS plugin (then there is no list to give).
 */
export async function fetchApplicationStations(
  api: AxiosInstance,
  applicationId: string,
  signal?: AbortSignal,
): Promise<ApplicationStations> {
  const { data } = await api.get<ApplicationStations>(stationsApiPaths.stations(applicationId), {
    signal,
  });
  return {
    application: data.application,
    list: data.list ?? [],
    pluginMissing: data.pluginMissing === true,
  };
}

/**
 * The stations of every connected application of the manager, asked in parallel. A store that
 * fails costs its own application only: it comes back with `stations: null` and the reason. An
 * unverified application (its store failed the live check the list just made) is not asked
 * again; a store without the Cloud POS plugin comes back with `pluginMissing`.
 */
export async function fetchOwnStations(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<OwnApplicationStations[]> {
  const applications = await fetchConnectedApplications(api, signal);
  const answers = await Promise.allSettled(
    applications.map((application) =>
      application.status.code === 'authorized'
        ? fetchApplicationStations(api, application.id, signal)
        : Promise.resolve(null),
    ),
  );
  return applications.map(({ id, name, homeUrl, slug, status }, index) => {
    const answer = answers[index]!;
    const own = { application: { id, name, homeUrl, slug }, status };
    if (answer.status === 'rejected') {
      return {
        ...own,
        stations: null,
        pluginMissing: false,
        error: apiErrorMessage(answer.reason),
      };
    }
    const listed = answer.value;
    return listed && !listed.pluginMissing
      ? { ...own, stations: listed.list, pluginMissing: false, error: null }
      : { ...own, stations: null, pluginMissing: listed?.pluginMissing ?? false, error: null };
  });
}

/**
 * GET shared-stations: other users' applications whose stations are shared with the viewer, and
 * how many stores were left out because they lack the Cloud POS plugin.
 */
export async function fetchSharedStations(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<SharedStationsOverview> {
  const { data } = await api.get<Partial<SharedStations>>(stationsApiPaths.sharedStations, {
    signal,
  });
  return { groups: data.list ?? [], pluginMissingCount: data.pluginMissingCount ?? 0 };
}

/** PUT applications/{id}/stations/update-slug: resolves to the slug the server stored. */
export async function updateStationSlug(
  api: AxiosInstance,
  applicationId: string,
  change: SlugChange,
): Promise<SlugChangeAnswer> {
  const { data } = await api.put<SlugChangeAnswer>(
    stationsApiPaths.updateSlug(applicationId),
    change,
  );
  return data;
}

/** GET user-settings: the viewer's settings, with the stations pinned to Quick Launch. */
export async function fetchUserSettings(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<UserSettings> {
  const { data } = await api.get<UserSettings>(stationsApiPaths.userSettings, { signal });
  return { ...data, quickLaunchPOSIds: data.quickLaunchPOSIds ?? {} };
}

/**
 * PUT user-settings {quickLaunchPOSId}: the server toggles the station in quickLaunchPOSIds and
 * answers the settings it holds now.
 */
export async function toggleQuickLaunch(
  api: AxiosInstance,
  quickLaunchPOSId: string,
): Promise<UserSettings> {
  const { data } = await api.put<UserSettings>(stationsApiPaths.userSettings, {
    quickLaunchPOSId,
  });
  return { ...data, quickLaunchPOSIds: data?.quickLaunchPOSIds ?? {} };
}
