// An application's slug is the first part of its stations' cloud POS addresses
// ({CLOUD_POS_URL}/{appSlug}/{stationSlug}): made once from its name, unique among all users.

/** Longest application slug. */
export const SLUG_MAX_LENGTH = 40;

/** The slug base of a name: lowercase a-z, 0-9 and '-', at most {@link SLUG_MAX_LENGTH}. */
export function slugBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
  return base || 'app';
}

/** The first of `base`, `base-2`, `base-3`… not in `taken`, cut to fit the length limit. */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
