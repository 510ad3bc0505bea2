// How many invitations a user may get (spec 5, 9). The api refuses a fourth with 429, and the
// dashboard's invitation buttons (applications' shared users, and the staff next) stop before
// asking, so both read the limit from here.

/** Spec 5, 9: at most 3 invitations per user; a fourth attempt shows 'Attempt limit reached'. */
export const INVITATION_LIMIT = 3;
