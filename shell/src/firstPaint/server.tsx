// The server's side of the first paint (built for Node into shell/dist-server/first-paint.cjs and
// used by scripts/static-server.mjs): for a signed-in visit of the dashboard, the page's HTML
// carries its frame and greeting, so they paint as soon as the HTML and its stylesheets arrive
// instead of after the shell's scripts have run and asked for the account. The shell takes over
// in the same frame (takeover.ts).
import { API_BASE_PATH, TOKEN_COOKIE, decodeToken, type ViewerAnswer } from '@pos/shared';
import { parse as parseCookies } from 'cookie';
import { renderToStaticMarkup } from 'react-dom/server';
import { accountOf } from '../account/accountApi';
import { toViewer } from '../account/viewer';
import { NAV_COLLAPSED_COOKIE } from '../app/navCollapsedCookie';
import { parseConfig, parseRemotes } from '../config/runtimeConfig';
import { chooseReleases } from '../remotes/releases';
import { apiPaths, paths } from '../urls';
import { FIRST_PAINT_ID } from './element';
import { FirstPaint } from './FirstPaint';
import { viewerDataElement } from './viewerData';

/** The paths whose page has a first paint: the dashboard. */
export const FIRST_PAINT_PATHS: readonly string[] = [paths.dashboard];

/**
 * The api's answers the first paint is made of: GET /viewer, the one call that stands for the
 * four the shell makes on sign-in, with the visitor's token as its bearer. The api checks the
 * token as it does for the shell: a token it refuses gives no first paint.
 */
export const ACCOUNT_CALLS = {
  viewer: `${API_BASE_PATH}${apiPaths.viewer}`,
} as const;

export type AccountAnswers = Record<keyof typeof ACCOUNT_CALLS, unknown>;

/** The session token of a request's Cookie header (the api's HttpOnly cookie), or null. */
export function sessionTokenOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  return parseCookies(cookieHeader)[TOKEN_COOKIE] || null;
}

/** Whether a request's Cookie header says the side navigation is collapsed (navCollapsedCookie.ts). */
export function isNavCollapsed(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return parseCookies(cookieHeader)[NAV_COLLAPSED_COOKIE] === '1';
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** What the page was asked with, beyond the session: the Cookie header; and remotes.json. */
export interface FirstPaintRequest {
  cookie?: string;
  /**
   * The remotes.json document the shell will read: the navigation items, tiles and widgets its
   * remotes declare have their places in the first paint, as in the live page.
   */
  remotes?: unknown;
}

/**
 * The first paint's markup for these answers, or null when the shell would not show the
 * dashboard's greeting first: a banned account (sent to /deactivated), no current plan (sent to
 * the plans), or an answer that is not what the api sends. It ends with GET /viewer's answer as
 * a JSON data block (viewerData.ts), which the shell takes instead of asking again. The sidebar
 * is collapsed as the request's cookie says, and the remotes' declared places are laid out, as
 * the live page will show them: each remote's, or its canary's for a user the shell will give
 * the canary (the same choice, by the token's `sub`).
 */
export function renderFirstPaint(
  token: string,
  answers: AccountAnswers,
  config: unknown,
  request: FirstPaintRequest = {},
): string | null {
  const answer = record(answers.viewer);
  const settings = record(answer?.settings);
  const user = record(answer?.user);
  const subscription = record(answer?.subscription);
  const userRole = settings?.userRole;
  if (!answer || !user || !subscription) return null;
  if (userRole !== 'manager' && userRole !== 'other') return null;
  if (answer.isBanned !== false) return null;
  if (subscription.plan == null) return null;
  const viewerAnswer = answer as unknown as ViewerAnswer;
  const account = accountOf(viewerAnswer);
  const claims = decodeToken(token);
  const viewer = toViewer(account, claims);
  const markup = renderToStaticMarkup(
    <FirstPaint
      account={account}
      viewer={viewer}
      config={parseConfig(config)}
      remotes={chooseReleases(parseRemotes(request.remotes), claims?.sub ?? null)}
      collapsed={isNavCollapsed(request.cookie)}
    />,
  );
  // Markup only: nothing in it is the live page's to find or to click.
  const shown = markup.replace(/ data-testid="[^"]*"/g, '');
  const sub = claims?.sub;
  return sub ? `${shown}${viewerDataElement({ sub, viewer: viewerAnswer })}` : shown;
}

const ROOT = /<div id="?root"?>/;

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A stylesheet of the build: its address and its text. */
export interface Stylesheet {
  href: string;
  text: string;
}

/**
 * The stylesheet in a <style> of the page: one request fewer before the first paint. Its
 * `data-href` is how the shell's chunk loader (mini-css-extract-plugin) knows it is there and
 * does not fetch it again. Its text is the build's own CSS; `</style` in it could only end the
 * element early, so it is written with CSS's escape instead.
 */
const styleElement = ({ href, text }: Stylesheet): string =>
  `<style data-href="${escapeAttribute(href)}">${text.replace(/<\/style/gi, '<\\/style')}</style>`;

/**
 * The shell's index.html with the first paint before #root, hidden from assistive technology
 * and inert (the live page behind it is what they read), and the stylesheets it needs in the
 * head, those the shell's chunks would load anyway. Null when the page has no #root.
 */
export function withFirstPaint(
  indexHtml: string,
  markup: string,
  stylesheets: readonly Stylesheet[],
): string | null {
  if (!ROOT.test(indexHtml) || !indexHtml.includes('</head>')) return null;
  const styles = stylesheets.map(styleElement).join('');
  const firstPaint = `<div id="${FIRST_PAINT_ID}" class="${FIRST_PAINT_ID}" aria-hidden="true" inert>${markup}</div>`;
  return indexHtml
    .replace('</head>', () => `${styles}</head>`)
    .replace(ROOT, (root) => `${firstPaint}${root}`);
}
