import { customSlugProblem, DEFAULT_STATION_SLUG, SLUG_TEXTS } from '@pos/shared/rules';
import type { StoreStation } from '../../services/store-client';
import type { StoreAccess } from '../store-access';

/** Texts of the slug rules: the shared ones (spec 5) and the api's compare-and-set refusal. */
export const SLUG_MESSAGES = {
  ...SLUG_TEXTS,
  changed: 'The POS URL of this station was changed meanwhile. Reload the stations and try again.',
} as const;

/** What a requested slug means: turn Default on, go back to the station id, or a custom slug. */
export type SlugRequest = 'default' | 'reset' | 'custom';

/**
 * Classifies a requested slug for station `stationId`, or returns the text of the rule it
 * breaks: 'pos' only turns Default on, the station's own id only resets, any other slug must
 * be a custom POS URL (see customSlugProblem of the shared rules).
 */
export function slugRequestOf(stationId: string, slug: string): SlugRequest | { error: string } {
  if (slug === DEFAULT_STATION_SLUG) return 'default';
  if (slug === stationId) return 'reset';
  const problem = customSlugProblem(slug);
  return problem === null ? 'custom' : { error: problem };
}

/** The cloud POS address of a station. */
export function cloudUrlOf(
  access: Pick<StoreAccess, 'cloudPosUrl'>,
  appSlug: string,
  slug: string,
): string {
  return `${access.cloudPosUrl}/${appSlug}/${slug}`;
}

/** The slug of a station: its row's, else its id. */
export function slugOf(station: Pick<StoreStation, 'posId'>, slugs: Map<string, string>): string {
  return slugs.get(String(station.posId)) ?? String(station.posId);
}
