// The account the first-paint server read for the page (GET /viewer), handed to the shell in the
// page itself so that the shell does not ask for it again a moment later. A JSON data block:
// `<script type="application/json">` is never run, so the Content-Security-Policy's script-src
// (no inline scripts) has nothing to refuse, and the page stays under the same policy.
import type { ViewerAnswer } from '@pos/shared';

/** The id of the data block, in the first paint. */
export const VIEWER_DATA_ID = 'shell-viewer-data';

/**
 * How long after the page was requested the shell takes the embedded account as current: past
 * it (a slow start, a page left open before its scripts ran) it asks the api again.
 */
export const VIEWER_FRESH_MS = 15_000;

/** What the data block holds: whose account it is (the token's `sub`) and the api's answer. */
export interface ViewerData {
  sub: string;
  viewer: ViewerAnswer;
}

/**
 * JSON that is safe inside a `<script>` element: `<` (so no `</script>` or `<!--` can end or
 * change the element), `>` and `&` are written as JSON escapes, as are U+2028 and U+2029.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The data block for the first paint's page. */
export function viewerDataElement(data: ViewerData): string {
  return `<script type="application/json" id="${VIEWER_DATA_ID}">${scriptSafeJson(data)}</script>`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` has GET /viewer's parts (an answer that is not the api's has not). */
export function isViewerAnswer(value: unknown): value is ViewerAnswer {
  return (
    isRecord(value) &&
    isRecord(value.settings) &&
    isRecord(value.user) &&
    isRecord(value.subscription) &&
    typeof value.isBanned === 'boolean'
  );
}

/**
 * The embedded account, once: the block is removed as it is read, so a retry or a later load
 * asks the api. Null when the page has none, it is another account's (the session's token is
 * not the one the server read it with), it is older than {@link VIEWER_FRESH_MS} (`ageMs`: the
 * time since the page was requested), or it is not what the server writes.
 */
export function takeEmbeddedViewer(
  doc: Document,
  sub: string | null,
  ageMs: number,
): ViewerAnswer | null {
  const element = doc.getElementById(VIEWER_DATA_ID);
  if (!element) return null;
  element.remove();
  if (!sub || ageMs > VIEWER_FRESH_MS) return null;
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    if (!isRecord(data) || data.sub !== sub || !isViewerAnswer(data.viewer)) return null;
    return data.viewer;
  } catch {
    return null;
  }
}
