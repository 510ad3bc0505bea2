// The application a manager last looked at on /staff, remembered per signed-in user (the
// token's sub) in local storage, so the list and the create form open on it next time.
import type { Application } from './types';

const keyOf = (userId: string) => `pos.staff.application.${userId}`;

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be refused (a privacy setting): nothing is remembered then.
    return null;
  }
};

/** The application id remembered for `userId`, or null. */
export function readRememberedApplication(userId: string | null): string | null {
  if (!userId) return null;
  try {
    return storage()?.getItem(keyOf(userId)) ?? null;
  } catch {
    return null;
  }
}

/** Remembers `applicationId` for `userId` (nothing without a signed-in user). */
export function rememberApplication(userId: string | null, applicationId: string): void {
  if (!userId) return;
  try {
    storage()?.setItem(keyOf(userId), applicationId);
  } catch {
    // Full or refused storage: the choice just is not remembered.
  }
}

/**
 * The application to show: the remembered one while it is still verified, else the first
 * verified one, else none.
 */
export function chooseApplication(
  verified: readonly Application[],
  rememberedId: string | null,
): Application | null {
  return verified.find((application) => application.id === rememberedId) ?? verified[0] ?? null;
}
