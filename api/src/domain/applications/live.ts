import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import { SecretBoxError } from '../../services/secret-box';
import type { StoreCredentials, WpUser } from '../../services/store-client';
import { isSameSite } from '../../services/store-url';
import type { StoreAccess } from '../store-access';
import { credentialsOf, hostOf, wpUserOf } from './credentials';
import type { PosPluginState } from './plugin';
import { hasPosPlugin, posPluginOf } from './plugin';
import { storeFailureText } from './store-failure';

/** What the store says about a verified application right now. */
export type LiveState =
  | {
      ok: true;
      /** The key's WordPress user: live from the plugin, else as stored (null: not known). */
      wpUser: WpUser | null;
      /** The plugin's station count (detail only); null without it or in lists. */
      stationsCount: number | null;
      posPlugin: PosPluginState;
    }
  | { ok: false; message: string };

/** The text of a store that answers for another home URL than the application's. */
export function movedSiteMessage(homeUrl: string, siteHome: string): string {
  return `The store at ${hostOf(homeUrl)} now calls itself ${siteHome}; connect the application again with the new address.`;
}

/**
 * Asks the store of a verified application, through WooCommerce core, whether its stored keys
 * still work for this site (`system_status`), and looks for the Cloud POS plugin in the site's
 * public index. What was found about the plugin and WooCommerce's version is recorded on the
 * application (nothing else of the row changes). With the plugin, the key's WordPress user
 * (and, with `detail`, the station count) come from it; a plugin that fails hides them
 * without making the application unverified. A store that cannot be reached or refuses the
 * keys gives the text the dashboard shows, and nothing is recorded.
 */
export async function liveStateOf(
  repos: Repositories,
  row: ApplicationRow,
  access: Pick<StoreAccess, 'store' | 'secrets'>,
  detail: boolean,
  log?: FastifyBaseLogger,
): Promise<LiveState> {
  let credentials: StoreCredentials;
  let wcVersion: string;
  const site = access.store.siteInfo(row.home_url).catch(() => null);
  try {
    const stored = credentialsOf(row, access.secrets);
    if (!stored) throw new SecretBoxError('no keys stored');
    credentials = stored;
    const status = await access.store.systemStatus(row.home_url, credentials);
    if (!isSameSite(status.homeUrl, row.home_url_key)) {
      return { ok: false, message: movedSiteMessage(row.home_url, status.homeUrl) };
    }
    wcVersion = status.wcVersion;
  } catch (error) {
    await site;
    return { ok: false, message: storeFailureText(error, row.home_url) };
  }
  const index = await site;
  const checkedAt = new Date().toISOString();
  const found = index ? hasPosPlugin(index.namespaces) : null;
  await repos.applications.recordStoreCheck(row.id, row.home_url_key, {
    ...(found === null ? {} : { posPluginActive: found }),
    checkedAt,
    wcVersion,
  });
  const posPlugin = found === null ? posPluginOf(row) : { active: found, checkedAt };
  let wpUser = wpUserOf(row);
  let stationsCount: number | null = null;
  if (posPlugin.active) {
    const [connection, stations] = await Promise.allSettled([
      access.store.connection(row.home_url, credentials),
      detail ? access.store.stations(row.home_url, credentials) : Promise.resolve(null),
    ]);
    if (connection.status === 'fulfilled') wpUser = connection.value.user;
    if (stations.status === 'fulfilled' && stations.value) stationsCount = stations.value.length;
    for (const result of [connection, stations]) {
      if (result.status === 'rejected') {
        log?.warn(
          { applicationId: row.id, err: String(result.reason) },
          'the POS plugin of a verified store failed',
        );
      }
    }
  }
  return { ok: true, wpUser, stationsCount, posPlugin };
}
