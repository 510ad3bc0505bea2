// Spec 4 and 5 (default station, POS URL slugs) applied on the client, so a refusal the server
// would give is told at once without a request. The slug rules themselves and their texts are
// the api's (@pos/shared/rules); the server stays the authority and checks them again inside
// its transaction.
import {
  customSlugProblem,
  DEFAULT_STATION_SLUG,
  isDefaultSlug,
  normaliseSlug,
  SLUG_TEXTS,
} from '@pos/shared';
import type { Station } from './types';

/** Whether the station is its application's default. */
export const isDefaultStation = (station: Pick<Station, 'cloudStationSlug'>) =>
  isDefaultSlug(station.cloudStationSlug);

/** What a change asks of the server, or why it is refused without asking. */
export type SlugDecision =
  | { kind: 'save'; stationSlug: string }
  | { kind: 'unchanged' }
  | { kind: 'refused'; reason: 'default-assigned' | 'duplicate' | 'invalid'; message: string };

const refused = (
  reason: 'default-assigned' | 'duplicate' | 'invalid',
  message: string,
): SlugDecision => ({ kind: 'refused', reason, message });

/**
 * Spec 4: turning Default on sets the slug to 'pos', unless another station of the application
 * is the default already (spec 5's message); turning it off sets the slug to the station id.
 */
export function decideDefault(
  stations: readonly Station[],
  station: Station,
  on: boolean,
): SlugDecision {
  if (on === isDefaultStation(station)) return { kind: 'unchanged' };
  if (!on) return { kind: 'save', stationSlug: station.posID };
  const otherDefault = stations.some(
    (other) => other.posID !== station.posID && isDefaultStation(other),
  );
  return otherDefault
    ? refused('default-assigned', SLUG_TEXTS.defaultTaken)
    : { kind: 'save', stationSlug: DEFAULT_STATION_SLUG };
}

/**
 * Spec 5: a POS URL typed for `station`. Its own station id resets it (for the default too: that
 * is turning Default off); 'pos' only comes from the Default switch; a slug another station of
 * the application has is a duplicate; the default's POS URL does not change otherwise.
 */
export function decideSlug(
  stations: readonly Station[],
  station: Station,
  typed: string,
): SlugDecision {
  const slug = normaliseSlug(typed);
  if (slug === station.cloudStationSlug) return { kind: 'unchanged' };
  if (isDefaultStation(station) && slug !== station.posID) {
    return refused('invalid', SLUG_TEXTS.defaultLocked);
  }
  // Another station's own id is its address while it has no custom slug: a duplicate too.
  const taken = stations.some(
    (other) => other.posID !== station.posID && other.cloudStationSlug === slug,
  );
  if (taken) return refused('duplicate', SLUG_TEXTS.duplicate);
  if (slug === station.posID) return { kind: 'save', stationSlug: slug };
  const problem = customSlugProblem(slug);
  return problem ? refused('invalid', problem) : { kind: 'save', stationSlug: slug };
}
