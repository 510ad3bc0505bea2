// The api's answers this remote reads (GET applications, the staff routes of issue 13), from the
// wire types generated from the api's schemas.
import type {
  Application,
  NewStaffUser,
  StaffCreateAnswer,
  StaffInvitationOutcome,
  StaffList,
  StaffRole,
  StaffSummary,
  StaffUser,
} from '@pos/shared';

export type { Application, NewStaffUser, StaffRole, StaffSummary, StaffUser };

/** One page of GET staff/users (the total also comes in the x-biz-total-all header). */
export type StaffPage = StaffList;

/** The answer of POST staff/users: the user, its message and what its first invitation did. */
export type StaffCreated = StaffCreateAnswer;

/** What the first invitation of a created staff user did. */
export type InvitationResult = StaffInvitationOutcome;

/** Spec 9: the staff list shows 25 users a page. */
export const STAFF_PAGE_SIZE = 25;
