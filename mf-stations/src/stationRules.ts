// Spec 4 and 5 (default station, POS URL slugs) mirrored on the client, so a refusal the server
// would give is told at once without a request. The server stays the authority: it checks the
// same rules again inside its transaction.
import {
  DEFAULT_ALREADY_ASSIGNED,
  DEFAULT_URL_LOCKED,
  DUPLICATE_POS_URL,
  POS_URL_EMPTY,
  POS_URL_LETTER,
  POS_URL_PATTERN,
  RESERVED_POS_URL,
  posUrlTooLong,
} from './texts';
import type { Station } from './types';

/** The cloudStationSlug of an application's default station (spec 3, 4). */
export const DEFAULT_STATION_SLUG = 'pos';

/** The longest POS URL slug the server accepts. */
export const MAX_SLUG_LENGTH = 64;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether the station is its application's default. */
export const isDefaultStation = (station: Pick<Station, 'cloudStationSlug'>) =>
  station.cloudStationSlug === DEFAULT_STATION_SLUG;

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
    ? refused('default-assigned', DEFAULT_ALREADY_ASSIGNED)
    : { kind: 'save', stationSlug: DEFAULT_STATION_SLUG };
}

/** What the person typed, as a slug: no surrounding spaces, lowercase. */
export const normaliseSlug = (typed: string) => typed.trim().toLowerCase();

/**
 * Why `slug` cannot be a custom POS URL, in the server's words, or null when it can: lowercase
 * letters, digits and single hyphens, 1-64 characters, at least one letter (so it never equals a
 * numeric station id), not 'pos' (the Default switch sets that).
 */
export function customSlugProblem(slug: string): string | null {
  if (slug.length === 0) return POS_URL_EMPTY;
  if (slug.length > MAX_SLUG_LENGTH) return posUrlTooLong(MAX_SLUG_LENGTH);
  if (!SLUG_PATTERN.test(slug)) return POS_URL_PATTERN;
  if (!/[a-z]/.test(slug)) return POS_URL_LETTER;
  if (slug === DEFAULT_STATION_SLUG) return RESERVED_POS_URL;
  return null;
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
    return refused('invalid', DEFAULT_URL_LOCKED);
  }
  // Another station's own id is its address while it has no custom slug: a duplicate too.
  const taken = stations.some(
    (other) => other.posID !== station.posID && other.cloudStationSlug === slug,
  );
  if (taken) return refused('duplicate', DUPLICATE_POS_URL);
  if (slug === station.posID) return { kind: 'save', stationSlug: slug };
  const problem = customSlugProblem(slug);
  return problem ? refused('invalid', problem) : { kind: 'save', stationSlug: slug };
}
