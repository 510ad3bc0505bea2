import type { Repositories } from '../../repositories';
import { ownerPause } from '../billing/usage';

/** Why no station of an owner opens: the owner is blocked, or their plan is at its limit. */
export type OwnerHoldReason = 'banned' | 'paused';

/** What a station of a held owner shows, to the owner and to everyone it is shared with. */
export interface OwnerHold {
  reason: OwnerHoldReason;
  /** The access-denied page's title. */
  name: string;
  /** The sentence that explains it. */
  text: string;
}

/** The denial of a station whose owner a platform administrator blocked (spec 4 'Service is Paused'). */
export const OWNER_BANNED = {
  name: 'Service is Paused',
  text: 'The account that owns this store is paused, so its stations cannot be opened.',
} as const;

/**
 * Whether the stations of `ownerId`'s applications are held: a blocked (banned) owner first,
 * then an owner whose plan is at its order limit (see ownerPause). The one rule the cloud POS
 * addresses and shared-stations apply, for the owner and for every user the store shares a
 * station with. Null when the stations may open.
 */
export async function ownerHold(
  repos: Repositories,
  ownerId: string,
  now = new Date(),
): Promise<OwnerHold | null> {
  const owner = await repos.users.findById(ownerId);
  if (owner?.block === 'block') return { reason: 'banned', ...OWNER_BANNED };
  const pause = await ownerPause(repos, ownerId, now);
  return pause ? { reason: 'paused', ...pause } : null;
}

/** {@link ownerHold} asked once per owner however many of their applications are looked at. */
export function ownerHolds(
  repos: Repositories,
  now = new Date(),
): (ownerId: string) => Promise<OwnerHold | null> {
  const asked = new Map<string, Promise<OwnerHold | null>>();
  return (ownerId) => {
    let hold = asked.get(ownerId);
    if (!hold) {
      hold = ownerHold(repos, ownerId, now);
      asked.set(ownerId, hold);
    }
    return hold;
  };
}
