/** Spec 5: shorter keys and secrets are masked completely. */
export const MASK_MIN_PARTLY_SHOWN = 10;

/**
 * Masks a store key or secret for display (spec 5): under 10 characters every character is
 * '*'; otherwise the first and last `ceil(10 %)` characters stay and the rest become '*', so
 * the length is kept. The api masks what it answers with it, and the dashboard masks what is
 * typed the same way.
 */
export function maskSecret(value: string): string {
  const characters = Array.from(value);
  if (characters.length < MASK_MIN_PARTLY_SHOWN) return '*'.repeat(characters.length);
  const shown = Math.ceil(characters.length * 0.1);
  return characters
    .map((character, index) =>
      index < shown || index >= characters.length - shown ? character : '*',
    )
    .join('');
}
