/** A store amount ("12.50") in the store's currency and locale. */
export function formatMoney(amount: string | number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount));
}

/** A store amount ("12.50", "20") in cents, or null when it is not an amount. */
export function toCents(amount: string): number | null {
  const trimmed = amount.trim();
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed.replace(',', '.')) * 100);
}

/** Cents as the store's decimal amount ("12.50"). */
export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The cash amounts a cashier most often takes for `totalCents`: the exact amount, then the next
 * round notes above it (5, 10, 20, 50, 100), at most four, each once.
 */
export function quickAmounts(totalCents: number): number[] {
  const amounts = [totalCents];
  for (const step of [500, 1000, 2000, 5000, 10000]) {
    const next = Math.ceil(totalCents / step) * step;
    if (next > totalCents && !amounts.includes(next)) amounts.push(next);
    if (amounts.length === 4) break;
  }
  return amounts;
}
