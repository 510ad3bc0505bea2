import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import { POS_PLUGIN_NAMESPACE, StoreHttpError } from '../../services/store-client';
import type { StoreAccess } from '../store-access';
import { hostOf } from './credentials';

// Connecting a store needs WooCommerce core only. Stations, shared users, invitations and the
// copy of the store's users need the Cloud POS plugin (`pos-connect/v1`): where a store lacks
// it, those features say so instead of failing.

/** Whether the Cloud POS plugin is on the store, as last recorded. */
export interface PosPluginState {
  /** null: never checked. */
  active: boolean | null;
  checkedAt: string | null;
}

/** Where the dashboard serves the plugin's zip (a path on the dashboard's origin). */
export const PLUGIN_DOWNLOAD_PATH = '/downloads/cloud-pos.zip';

/** How to install the downloaded plugin. */
export const PLUGIN_INSTALL_TEXT =
  'Upload it in WordPress under Plugins → Add New → Upload Plugin, then activate it.';

/** The plain words of a feature that needs the plugin the store lacks. */
export function pluginMissingMessage(homeUrl: string): string {
  return `The Cloud POS plugin is not active on ${hostOf(homeUrl)}. Download it from ${PLUGIN_DOWNLOAD_PATH}. ${PLUGIN_INSTALL_TEXT}`;
}

/** A call of a plugin feature reached a store without the plugin. */
export class PluginMissingError extends Error {
  override readonly name = 'PluginMissingError';
  constructor(readonly homeUrl: string) {
    super(pluginMissingMessage(homeUrl));
  }
}

/** The recorded plugin state of an application. */
export function posPluginOf(
  row: Pick<ApplicationRow, 'pos_plugin_active' | 'pos_plugin_checked_at'>,
): PosPluginState {
  return {
    active: row.pos_plugin_active === null ? null : row.pos_plugin_active === 1,
    checkedAt: row.pos_plugin_checked_at,
  };
}

/** Whether `namespaces` (of the site's `/wp-json/` index) include the plugin's. */
export function hasPosPlugin(namespaces: readonly string[]): boolean {
  return namespaces.includes(POS_PLUGIN_NAMESPACE);
}

/**
 * Looks for the plugin in the site's public `/wp-json/` index: true or false, or null when the
 * index could not be read (nothing is concluded then).
 */
export async function detectPlugin(
  access: Pick<StoreAccess, 'store'>,
  homeUrl: string,
): Promise<boolean | null> {
  try {
    return hasPosPlugin((await access.store.siteInfo(homeUrl)).namespaces);
  } catch {
    return null;
  }
}

/**
 * Records what was found about the plugin on the application's store (only while the
 * application still points at the site that was asked). Returns the state recorded.
 */
export async function recordPlugin(
  repos: Repositories,
  row: ApplicationRow,
  active: boolean,
  checkedAt = new Date().toISOString(),
): Promise<PosPluginState> {
  await repos.applications.recordStoreCheck(row.id, row.home_url_key, {
    posPluginActive: active,
    checkedAt,
  });
  return { active, checkedAt };
}

/**
 * Runs a call of a plugin route of the application's store. When WordPress answers that no
 * such route exists, the plugin is recorded missing and {@link PluginMissingError} thrown;
 * when the call succeeds on a store recorded without the plugin, the plugin is recorded
 * active. Other failures are rethrown untouched.
 */
export async function withPlugin<T>(
  repos: Repositories,
  row: ApplicationRow,
  call: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    if (error instanceof StoreHttpError && error.routeMissing) {
      await recordPlugin(repos, row, false);
      throw new PluginMissingError(row.home_url);
    }
    throw error;
  }
  if (row.pos_plugin_active !== 1) await recordPlugin(repos, row, true);
  return result;
}
