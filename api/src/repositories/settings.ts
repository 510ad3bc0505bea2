import type { Kysely } from 'kysely';
import type { DialectName } from '../db';
import type { Database, SettingsRow } from '../db/types';
import type { UserSettings } from '@pos/shared/wire';
import { completeTask } from './user-tasks';

export type { UserSettings };

/** Most stations one user's Quick Launch holds. */
export const MAX_QUICK_LAUNCH = 200;

/** A pin past {@link MAX_QUICK_LAUNCH}: nothing was changed. */
export class QuickLaunchFullError extends Error {
  override readonly name = 'QuickLaunchFullError';
  constructor() {
    super(`Quick launch holds at most ${MAX_QUICK_LAUNCH} stations.`);
  }
}

/** A change to the settings: a quick-launch key is pinned or unpinned, the flags are set. */
export interface SettingsChange {
  /** `{applicationId}/{posID}` and whether it is to be on Quick Launch. */
  quickLaunch?: { key: string; pinned: boolean };
  showAssistantInPOS?: boolean;
  firstTaskCompleted?: boolean;
}

function parseQuickLaunch(json: string): Record<string, boolean> {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).filter(([, on]) => on === true)) as Record<
        string,
        boolean
      >;
    }
  } catch {
    // A damaged value reads as no quick-launch stations rather than failing the dashboard.
  }
  return {};
}

function toSettings(role: UserSettings['userRole'], row: SettingsRow | undefined): UserSettings {
  return {
    userRole: role,
    quickLaunchPOSIds: parseQuickLaunch(row?.quick_launch_pos_ids ?? '{}'),
    showAssistantInPOS: row ? row.show_assistant_in_pos === 1 : true,
    firstTaskCompleted: row ? row.first_task_completed === 1 : false,
  };
}

/** User settings; the role lives on the user row, the rest in user_settings. */
export class SettingsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async get(userId: string, role: UserSettings['userRole']): Promise<UserSettings> {
    const row = await this.db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return toSettings(role, row);
  }

  /**
   * Applies a change in one transaction (the row is locked on PostgreSQL so changes do not
   * race). A pin past {@link MAX_QUICK_LAUNCH} stations throws {@link QuickLaunchFullError} and
   * changes nothing. A station newly pinned to quick launch proves the Assistant's
   * 'pin-station' task, in the same transaction.
   */
  async update(
    userId: string,
    role: UserSettings['userRole'],
    change: SettingsChange,
  ): Promise<UserSettings> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_settings')
        .values({
          user_id: userId,
          quick_launch_pos_ids: '{}',
          show_assistant_in_pos: 1,
          first_task_completed: 0,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const current = await trx
        .selectFrom('user_settings')
        .selectAll()
        .where('user_id', '=', userId)
        .$if(this.dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirstOrThrow();
      const quickLaunch = parseQuickLaunch(current.quick_launch_pos_ids);
      let pinned: string | null = null;
      if (change.quickLaunch) {
        const { key } = change.quickLaunch;
        if (!change.quickLaunch.pinned) delete quickLaunch[key];
        else if (!quickLaunch[key]) {
          if (Object.keys(quickLaunch).length >= MAX_QUICK_LAUNCH) throw new QuickLaunchFullError();
          quickLaunch[key] = true;
          pinned = key;
        }
      }
      const next: SettingsRow = {
        ...current,
        user_id: userId,
        quick_launch_pos_ids: JSON.stringify(quickLaunch),
        show_assistant_in_pos:
          change.showAssistantInPOS === undefined
            ? current.show_assistant_in_pos
            : change.showAssistantInPOS
              ? 1
              : 0,
        first_task_completed:
          change.firstTaskCompleted === undefined
            ? current.first_task_completed
            : change.firstTaskCompleted
              ? 1
              : 0,
      };
      await trx
        .updateTable('user_settings')
        .set({
          quick_launch_pos_ids: next.quick_launch_pos_ids,
          show_assistant_in_pos: next.show_assistant_in_pos,
          first_task_completed: next.first_task_completed,
        })
        .where('user_id', '=', userId)
        .execute();
      if (pinned !== null) {
        await completeTask(trx, userId, {
          task: 'pin-station',
          // `{applicationId}/{posID}`: kept when the application is the user's own.
          applicationId: pinned.split('/')[0] ?? null,
          by: 'event',
          eventKind: 'quickLaunchPinned',
        });
      }
      return toSettings(role, next);
    });
  }
}
