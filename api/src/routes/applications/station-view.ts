import type { ApplicationRow } from '../../db/types';
import { DEFAULT_STATION_SLUG } from '../../repositories/stations';
import type { StoreCredentials, StoreStation } from '../../services/store-client';
import { mayOpen } from '../../services/store-client';
import type { StoreAccess } from './context';
import type { Station } from './schemas/entities';
import { credentialsOf } from './view';

/** Longest custom slug. */
export const SLUG_MAX_LENGTH = 64;

/** Lowercase words of a-z and 0-9 joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Texts of the slug rules (spec 5 and the contract). */
export const SLUG_MESSAGES = {
  duplicate: 'POS URL already exist. A unique POS URL per station is required.',
  defaultTaken:
    'Default station has already been assigned for the application. Disable current default and assign a new station as the default.',
  defaultLocked: "The default station's POS URL cannot be changed. Turn Default off first.",
  changed: 'The POS URL of this station was changed meanwhile. Reload the stations and try again.',
  empty: 'The POS URL cannot be empty',
  tooLong: `The POS URL can be at most ${SLUG_MAX_LENGTH} characters long`,
  pattern:
    'The POS URL can only contain lowercase letters a-z, digits and single hyphens between them',
  letter: 'The POS URL must contain at least one letter',
} as const;

/** What a requested slug means: turn Default on, go back to the station id, or a custom slug. */
export type SlugRequest = 'default' | 'reset' | 'custom';

/**
 * Classifies a requested slug for station `stationId`, or returns the text of the rule it
 * breaks: 'pos' only turns Default on, the station's own id only resets, any other slug must
 * be 1-64 lowercase words joined by hyphens with at least one letter (so it never collides
 * with a numeric station id).
 */
export function slugRequestOf(stationId: string, slug: string): SlugRequest | { error: string } {
  if (slug === DEFAULT_STATION_SLUG) return 'default';
  if (slug === stationId) return 'reset';
  if (slug.length === 0) return { error: SLUG_MESSAGES.empty };
  if (slug.length > SLUG_MAX_LENGTH) return { error: SLUG_MESSAGES.tooLong };
  if (!SLUG_PATTERN.test(slug)) return { error: SLUG_MESSAGES.pattern };
  if (!/[a-z]/.test(slug)) return { error: SLUG_MESSAGES.letter };
  return 'custom';
}

/** The cloud POS address of a station. */
export function cloudUrlOf(
  access: Pick<StoreAccess, 'cloudPosUrl'>,
  appSlug: string,
  slug: string,
) {
  return `${access.cloudPosUrl}/${appSlug}/${slug}`;
}

/** The slug of a station: its row's, else its id. */
export function slugOf(station: Pick<StoreStation, 'posId'>, slugs: Map<string, string>): string {
  return slugs.get(String(station.posId)) ?? String(station.posId);
}

/** The wire shape of a store station for the WordPress user `wpUserId`. */
export function toStation(
  station: StoreStation,
  slugs: Map<string, string>,
  wpUserId: number | null,
): Station {
  return {
    posID: String(station.posId),
    name: station.name,
    url: station.url,
    cloudStationSlug: slugOf(station, slugs),
    access: mayOpen(station, wpUserId),
    globalSettings: station.settings,
  };
}

/** The stored keys of a verified application, or null (unverified, none, or unreadable). */
export function verifiedCredentials(
  row: ApplicationRow,
  access: StoreAccess,
): StoreCredentials | null {
  if (row.is_verified_auth !== 1) return null;
  return credentialsOf(row, access.secrets);
}
