// The release registry's values are the repository's (a repository imports nothing above it).
export type {
  Release,
  ReleaseAction,
  ReleaseEvent,
  ReleaseInput,
  ReleaseOutcome,
  ReleaseSizes,
  ReleaseSlots,
  RemoteReleaseState,
  SharedRequirement,
} from '../../repositories/remote-releases';

/** Who acts: an admin's email, or the automatic withdrawal. */
export const AUTOMATIC_ACTOR = 'automatic';
