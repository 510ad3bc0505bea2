import type { ApplicationRow } from '../../db/types';
import { SecretBoxError } from '../../services/secret-box';
import type { WpUser } from '../../services/store-client';
import type { StoreAccess } from '../store-access';
import { credentialsOf } from './credentials';
import { storeFailureText } from './store-failure';

/** What the store says about a verified application right now. */
export type LiveState =
  { ok: true; wpUser: WpUser; stationsCount: number | null } | { ok: false; message: string };

/**
 * Asks the store of a verified application for its connection (and, with `detail`, its
 * stations, to count them). A store that cannot be reached or refuses the keys gives the text
 * the dashboard shows; the row is not touched.
 */
export async function liveStateOf(
  row: ApplicationRow,
  access: Pick<StoreAccess, 'store' | 'secrets'>,
  detail: boolean,
): Promise<LiveState> {
  try {
    const credentials = credentialsOf(row, access.secrets);
    if (!credentials) throw new SecretBoxError('no keys stored');
    const [connection, stations] = await Promise.all([
      access.store.connection(row.home_url, credentials),
      detail ? access.store.stations(row.home_url, credentials) : Promise.resolve(null),
    ]);
    return { ok: true, wpUser: connection.user, stationsCount: stations ? stations.length : null };
  } catch (error) {
    return { ok: false, message: storeFailureText(error, row.home_url) };
  }
}
