import type { OwnApplicationStations, QuickLaunchStation, SharedStationGroup } from './types';
import { quickLaunchKey } from './urls';

/**
 * The stations pinned to Quick Launch that the viewer can still see, own stations first, in
 * the order of their lists. A key whose station is gone (deleted on the store, no longer shared)
 * is left out rather than shown as a card that cannot open anything.
 */
export function resolveQuickLaunch(
  pinned: Readonly<Record<string, boolean>>,
  own: readonly OwnApplicationStations[],
  shared: readonly SharedStationGroup[],
): QuickLaunchStation[] {
  const resolved: QuickLaunchStation[] = [];
  const seen = new Set<string>();
  const add = (
    application: QuickLaunchStation['application'],
    stations: QuickLaunchStation['station'][],
    kind: QuickLaunchStation['kind'],
    unavailable: QuickLaunchStation['unavailable'],
  ) => {
    for (const station of stations) {
      const key = quickLaunchKey(application.id, station.posID);
      if (pinned[key] && !seen.has(key)) {
        seen.add(key);
        resolved.push({ key, station, application, kind, unavailable });
      }
    }
  };
  for (const { application, stations } of own) add(application, stations ?? [], 'own', null);
  for (const group of shared) {
    add(group.application, group.stations, 'shared', group.unavailable ?? null);
  }
  return resolved;
}

/** How many stations the viewer has: own stations of verified applications plus shared ones. */
export function countStations(
  own: readonly OwnApplicationStations[],
  shared: readonly SharedStationGroup[],
): number {
  return (
    own.reduce((total, { stations }) => total + (stations?.length ?? 0), 0) +
    shared.reduce((total, group) => total + group.stations.length, 0)
  );
}

/** How many of the manager's stores were left out because they lack the Cloud POS plugin. */
export function countPluginMissing(own: readonly OwnApplicationStations[]): number {
  return own.filter(({ pluginMissing }) => pluginMissing).length;
}
