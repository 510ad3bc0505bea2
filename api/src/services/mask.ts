/**
 * Masks a store key or secret for display (spec 5): under 10 characters every character is
 * '*'; otherwise the first and last `ceil(10 %)` characters stay and the rest become '*', so
 * the length is kept.
 */
export function maskSecret(value: string): string {
  const chars = Array.from(value);
  if (chars.length < 10) return '*'.repeat(chars.length);
  const shown = Math.ceil(chars.length * 0.1);
  return [
    ...chars.slice(0, shown),
    '*'.repeat(chars.length - 2 * shown),
    ...chars.slice(chars.length - shown),
  ].join('');
}
