/**
 * Fallback texts of the spec, shared so that the shell and the remotes show a missing value in
 * the same words.
 */

/** Shown in place of a user's full name when it is unknown (spec 2.10; the admin user list says the same). */
export const NAME_NOT_SPECIFIED = 'Name not specified';

/** Shown in place of a user's email when it is unknown (spec 2.10). */
export const EMAIL_NOT_SPECIFIED = 'Email not specified';
