// The POS URL slug rules of spec 4 and 5: the api enforces them, the dashboard tells a refusal
// at once without a request. One module, so the two never disagree.

/** The cloudStationSlug of an application's default station (spec 3, 4). */
export const DEFAULT_STATION_SLUG = 'pos';

/** The longest custom POS URL slug. */
export const POS_URL_SLUG_MAX_LENGTH = 64;

/** Lowercase words of a-z and 0-9 joined by single hyphens. */
export const POS_URL_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The texts of the slug rules, as the api answers them and the dashboard shows them. */
export const SLUG_TEXTS = {
  /** Spec 5: a POS URL another station of the application has. */
  duplicate: 'POS URL already exist. A unique POS URL per station is required.',
  /** Spec 5: another station is the default already. */
  defaultTaken:
    'Default station has already been assigned for the application. Disable current default and assign a new station as the default.',
  /** The default's POS URL changes only by turning Default off. */
  defaultLocked: "The default station's POS URL cannot be changed. Turn Default off first.",
  empty: 'The POS URL cannot be empty',
  tooLong: `The POS URL can be at most ${POS_URL_SLUG_MAX_LENGTH} characters long`,
  pattern:
    'The POS URL can only contain lowercase letters a-z, digits and single hyphens between them',
  letter: 'The POS URL must contain at least one letter',
  /** 'pos' belongs to the default station and is set by its Default switch only. */
  reserved: "'pos' is the default station's POS URL: turn Default on instead.",
} as const;

/** Whether a station with this slug is its application's default. */
export const isDefaultSlug = (slug: string): boolean => slug === DEFAULT_STATION_SLUG;

/** What the person typed, as a slug: no surrounding spaces, lowercase. */
export const normaliseSlug = (typed: string): string => typed.trim().toLowerCase();

/**
 * Why `slug` cannot be a custom POS URL, as one of {@link SLUG_TEXTS}, or null when it can:
 * 1-64 lowercase words of a-z and 0-9 joined by single hyphens, with at least one letter (so it
 * never equals a numeric station id), and not 'pos' (the Default switch sets that).
 */
export function customSlugProblem(slug: string): string | null {
  if (slug.length === 0) return SLUG_TEXTS.empty;
  if (slug.length > POS_URL_SLUG_MAX_LENGTH) return SLUG_TEXTS.tooLong;
  if (!POS_URL_SLUG_PATTERN.test(slug)) return SLUG_TEXTS.pattern;
  if (!/[a-z]/.test(slug)) return SLUG_TEXTS.letter;
  if (isDefaultSlug(slug)) return SLUG_TEXTS.reserved;
  return null;
}
