/** The ids a form field links with aria-describedby: its hint, then its error. */
export function describedBy(
  hintId: string | undefined,
  errorId: string | undefined,
  extra?: string,
): string | undefined {
  const ids = [extra, hintId, errorId].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
