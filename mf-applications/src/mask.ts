/** Spec 5: shorter secrets are masked completely. */
const MIN_PARTLY_SHOWN = 10;

/**
 * Masks a key or secret per spec 5: the first and last ceil(10 %) characters stay, every other
 * character becomes '*', so the length is kept; under 10 characters everything is '*'.
 */
export function maskSecret(value: string): string {
  const characters = Array.from(value);
  if (characters.length < MIN_PARTLY_SHOWN) return '*'.repeat(characters.length);
  const shown = Math.ceil(characters.length * 0.1);
  return characters
    .map((character, index) =>
      index < shown || index >= characters.length - shown ? character : '*',
    )
    .join('');
}
