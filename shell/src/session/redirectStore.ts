import { storageKeys } from '../app/storageKeys';

/** A path to follow after sign-in, and whether it came from /pos-unauthorized. */
export interface StoredRedirect {
  path: string;
  isPosRedirect: boolean;
}

/** Remembers where to go after sign-in (sessionStorage: it is about this tab's journey). */
export function rememberRedirect(storage: Storage, path: string, isPosRedirect: boolean): void {
  storage.setItem(storageKeys.redirectPath, path);
  if (isPosRedirect) storage.setItem(storageKeys.redirectIsPos, '1');
  else storage.removeItem(storageKeys.redirectIsPos);
}

/** The remembered redirect, if any; it stays until `forgetRedirect`. */
export function readRedirect(storage: Storage): StoredRedirect | null {
  const path = storage.getItem(storageKeys.redirectPath);
  if (!path) return null;
  return { path, isPosRedirect: storage.getItem(storageKeys.redirectIsPos) === '1' };
}

/** Drops the remembered redirect once it has been followed. */
export function forgetRedirect(storage: Storage): void {
  storage.removeItem(storageKeys.redirectPath);
  storage.removeItem(storageKeys.redirectIsPos);
}
