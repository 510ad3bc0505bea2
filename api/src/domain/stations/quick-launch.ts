import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import { reachOf } from '../members/reach';
import type { StoreAccess } from '../store-access';
import { decideStation, isOpening } from './access';

/** The start of every refused pin's message. */
const REFUSED = 'Quick launch takes only stations you may open';

/**
 * Why `user` may not pin the station of quick-launch key `{applicationId}/{posID}`, or null
 * when they may: the application is theirs or its store lists them (as for the cloud POS
 * address), and the store lists the station and lets their store account open it. An owner's
 * ban or plan limit does not stop a pin: the pinned station shows why it does not open.
 */
export async function quickLaunchRefusal(
  repos: Repositories,
  access: StoreAccess,
  user: UserRow,
  key: string,
  log: FastifyBaseLogger,
): Promise<string | null> {
  const [applicationId = '', posId = ''] = key.split('/');
  const row = await repos.applications.findById(applicationId);
  const reach = row ? await reachOf(repos, row, user, { access, log }) : null;
  if (!row || !reach) return `${REFUSED}: this one is not yours or shared with you.`;
  const decision = await decideStation(repos, access, row, reach, posId, log);
  return isOpening(decision) ? null : `${REFUSED}: ${decision.text}`;
}
