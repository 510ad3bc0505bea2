import type { AxiosInstance } from 'axios';
import { apiErrorMessage } from '@pos/shared';
import type { ApplicationList, SharedStations, SlugChangeAnswer } from '@pos/shared';
import type {
  Application,
  ApplicationStations,
  OwnApplicationStations,
  SharedStationGroup,
  SlugChange,
  UserSettings,
} from './types';
import { stationsApiPaths } from './urls';

/** GET applications: the manager's applications that are authorized on their store. */
export async function fetchVerifiedApplications(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<Application[]> {
  const { data } = await api.get<Partial<ApplicationList>>(stationsApiPaths.applications, {
    signal,
  });
  return (data.list ?? []).filter((application) => application.isVerifiedAuth);
}

/** GET applications/{id}/stations: the application and its stations, live from the store. */
export async function fetchApplicationStations(
  api: AxiosInstance,
  applicationId: string,
  signal?: AbortSignal,
): Promise<ApplicationStations> {
  const { data } = await api.get<ApplicationStations>(stationsApiPaths.stations(applicationId), {
    signal,
  });
  return { application: data.application, list: data.list ?? [] };
}

/**
 * The stations of every verified application of the manager, asked in parallel. A store that
 * fails costs its own application only: it comes back with `stations: null` and the reason.
 */
export async function fetchOwnStations(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<OwnApplicationStations[]> {
  const applications = await fetchVerifiedApplications(api, signal);
  const answers = await Promise.allSettled(
    applications.map((application) => fetchApplicationStations(api, application.id, signal)),
  );
  return applications.map((application, index) => {
    const answer = answers[index]!;
    const { id, name, homeUrl, slug } = application;
    return answer.status === 'fulfilled'
      ? { application: { id, name, homeUrl, slug }, stations: answer.value.list, error: null }
      : {
          application: { id, name, homeUrl, slug },
          stations: null,
          error: apiErrorMessage(answer.reason),
        };
  });
}

/** GET shared-stations: other users' applications whose stations are shared with the viewer. */
export async function fetchSharedStations(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<SharedStationGroup[]> {
  const { data } = await api.get<Partial<SharedStations>>(stationsApiPaths.sharedStations, {
    signal,
  });
  return data.list ?? [];
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
