import type { Repositories } from '../../repositories';

/** The Assistant's progress as a station's register shows it (spec 2.11's ring and count). */
export interface AssistantInPos {
  /** Tasks not completed yet: the ring's '{n} remaining tasks'. */
  remaining: number;
  /** Every task of the catalogue. */
  total: number;
}

/**
 * The application owner's Assistant progress for the registers of their stores, or null when
 * the owner turned 'Show Assistant in POS' off (spec 2.11). It is the owner's whoever opens the
 * station: the toggle is theirs, and a member's own tasks say nothing about this store. The
 * register talks to its store only, so this travels in the station hand-off.
 */
export async function assistantInPos(
  repos: Repositories,
  ownerId: string,
): Promise<AssistantInPos | null> {
  // The role is not stored with the settings: any gives the same toggle.
  const settings = await repos.settings.get(ownerId, 'manager');
  if (!settings.showAssistantInPOS) return null;
  const tasks = await repos.userTasks.withCompletions(ownerId);
  return {
    remaining: tasks.filter((task) => task.completed_at === null).length,
    total: tasks.length,
  };
}
