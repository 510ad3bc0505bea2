import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db';
import { pendingMigrations } from '../../db/migrations';

/** Longest wait for the database's answers before the instance counts as not ready. */
export const READINESS_TIMEOUT_MS = 2000;

/** Whether this instance can serve: the database answers and has every migration of this code. */
export type Readiness =
  | { ready: true }
  | { ready: false; reason: 'database unreachable' | 'migrations pending'; detail: string };

/**
 * Asks the database `select 1` and which of this code's migrations it lacks, within
 * {@link READINESS_TIMEOUT_MS}: a load balancer or an orchestrator sends no traffic to an
 * instance whose database is gone, or whose code is newer than its schema (a release whose
 * migration has not run yet).
 */
export async function checkReadiness(
  database: DatabaseHandle,
  schema: string | null,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    ).unref();
  });
  try {
    const pending = await Promise.race([
      (async () => {
        await sql`select 1`.execute(database.db);
        return pendingMigrations(database.db, database.dialect, schema);
      })(),
      timeout,
    ]);
    if (pending.length > 0) {
      return { ready: false, reason: 'migrations pending', detail: pending.join(', ') };
    }
    return { ready: true };
  } catch (error) {
    return {
      ready: false,
      reason: 'database unreachable',
      detail: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}
