/** Joins the class names that are non-empty strings: `cx('pos-button', loading && 'is-loading')`. */
export function cx(...names: unknown[]): string {
  return names.filter((name): name is string => typeof name === 'string' && name !== '').join(' ');
}
