import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import { verifiedCredentials } from '../applications/credentials';
import type { StoreAccess } from '../store-access';
import { staffTotal } from './users';

/** The dashboard's Staff tile: the staff of a manager's verified applications. */
export interface StaffSummary {
  /** Staff users across the verified applications, as their Staff pages count them. */
  total: number;
  /** Verified applications. */
  applications: number;
}

/** The staff of one store could not be counted: the summary has no figure to give. */
export class StaffCountError extends Error {
  override readonly name = 'StaffCountError';
  constructor(
    /** The application whose store failed. */
    readonly row: ApplicationRow,
    /** The store client's (or the secret box's) error. */
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * The Staff tile's figures for `userId`: the staff of each verified application read from its
 * store, the way its Staff page reads them ({@link staffTotal}), all stores at once. The copy of
 * the stores' users (application_members) is not counted: it is made lazily, so on a fresh
 * start it lags behind the stores and the tile would show a figure the page does not. Throws
 * {@link StaffCountError} when a store fails: a partial sum is not the staff count.
 */
export async function staffSummary(
  repos: Repositories,
  access: StoreAccess,
  userId: string,
): Promise<StaffSummary> {
  const verified = (await repos.applications.listForUser(userId)).filter(
    (row) => row.is_verified_auth === 1,
  );
  const totals = await Promise.all(
    verified.map(async (row) => {
      try {
        const credentials = verifiedCredentials(row, access);
        // Verified without keys: its Staff page refuses to list anyone.
        return credentials ? await staffTotal(repos, access, row, credentials) : 0;
      } catch (error) {
        throw new StaffCountError(row, error);
      }
    }),
  );
  return { total: totals.reduce((sum, count) => sum + count, 0), applications: verified.length };
}
