import { POS_ROLES } from './seed';

/**
 * The rules of the POS plugin's staff routes (`POST users`, `PUT users/{id}`,
 * `DELETE users/{id}/pos-access`) that need no state: the same as `Cloud_POS_Rules` in
 * wordpress-plugin/cloud-pos/includes/class-cloud-pos-rules.php, with WordPress's own
 * `is_email`, `sanitize_user( …, true )` and `sanitize_text_field` as far as they matter here.
 */

/** Longest display name of a user the dashboard creates. */
export const NAME_MAX = 200;
/** Longest email (wp_users.user_email). */
export const EMAIL_MAX = 100;
/** Longest login (wp_insert_user refuses more). */
export const LOGIN_MAX = 60;
/** The login of a new user whose email's local part leaves nothing. */
export const LOGIN_FALLBACK = 'staff';

/** WordPress's wording of the duplicate email refusal (wp_insert_user's `existing_user_email`). */
export const EMAIL_TAKEN = 'Sorry, that email address is already used!';
/** The refusal of a change to the key's own user. */
export const OWN_USER = "The store's own administrator cannot be changed from the dashboard.";

/** WordPress's refusal of `POST users` to a user without create_users (rest_cannot_create_user). */
export const CANNOT_CREATE_USER = 'Sorry, you are not allowed to create new users.';
/** WordPress's refusal of a change of a user the key's user may not edit (rest_cannot_edit). */
export const CANNOT_EDIT_USER = 'Sorry, you are not allowed to edit this user.';
/** WordPress's refusal of a role the key's user may not give (rest_cannot_edit_roles). */
export const CANNOT_GIVE_ROLE = 'Sorry, you are not allowed to give users that role.';

/** A staff route's refusal: WordPress's code and words, always 403. */
export interface StaffRefusal {
  code: 'rest_cannot_create_user' | 'rest_cannot_edit' | 'rest_cannot_edit_roles';
  message: string;
}

/**
 * The capability a staff route wants besides manage_woocommerce (which a shop manager has
 * too): `create_users` for `POST users`, `promote_users` to change or take away a role.
 */
export function staffCapability(method: string): 'create_users' | 'promote_users' {
  return method.toUpperCase() === 'POST' ? 'create_users' : 'promote_users';
}

/** The refusal of a staff route to a user without staffCapability(); null when it has it. */
export function staffCapabilityProblem(method: string, capable: boolean): StaffRefusal | null {
  if (capable) return null;
  return method.toUpperCase() === 'POST'
    ? { code: 'rest_cannot_create_user', message: CANNOT_CREATE_USER }
    : { code: 'rest_cannot_edit', message: CANNOT_EDIT_USER };
}

/** The refusal of a change of a user the key's user may not promote and edit; null if it may. */
export function userEditProblem(canPromote: boolean, canEdit: boolean): StaffRefusal | null {
  return canPromote && canEdit ? null : { code: 'rest_cannot_edit', message: CANNOT_EDIT_USER };
}

/**
 * The refusal of a change giving or taking away a POS role among `roles` that is not among
 * `editable` (get_editable_roles()); null when every one is.
 */
export function roleGrantProblem(
  roles: readonly string[],
  editable: readonly string[],
): StaffRefusal | null {
  const refused = roles.some((role) => isPosRole(role) && !editable.includes(role));
  return refused ? { code: 'rest_cannot_edit_roles', message: CANNOT_GIVE_ROLE } : null;
}

/** One bad parameter, as the route names it in its `rest_invalid_param` answer. */
export interface ParamProblem {
  param: string;
  reason: string;
}

/** What `POST users` creates. */
export interface NewUser {
  name: string;
  email: string;
  role: string;
}

const isPosRole = (role: string) => (POS_ROLES as readonly string[]).includes(role);

/** PHP's `trim( $text, $characters )` for single characters. */
function phpTrim(text: string, characters: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && characters.includes(text.charAt(start))) start += 1;
  while (end > start && characters.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

/** WordPress's `is_email()` (without its filter). */
export function isEmail(email: string): boolean {
  if (Buffer.byteLength(email) < 6 || email.indexOf('@', 1) < 0) return false;
  const at = email.indexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (phpTrim(domain, ' \t\n\r\0\x0B.') !== domain) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  return subs.every((sub) => phpTrim(sub, ' \t\n\r\0\x0B-') === sub && /^[a-z0-9-]+$/i.test(sub));
}

/**
 * Whether a value may be a store user's email: `is_email`, no white space, at most 100
 * characters.
 */
export function isUserEmail(email: unknown): email is string {
  return (
    typeof email === 'string' && email.length <= EMAIL_MAX && !/\s/.test(email) && isEmail(email)
  );
}

/** WordPress's `sanitize_text_field` for the names a dashboard sends: no tags, one line. */
export function sanitizeTextField(value: string): string {
  let text = value.replace(/<[^>]*>/g, '');
  text = text.replace(/[\r\n\t ]+/g, ' ').trim();
  const withoutOctets = text.replace(/%[a-f0-9]{2}/gi, '');
  return withoutOctets === text ? text : withoutOctets.replace(/ +/g, ' ').trim();
}

/** The POS roles a request may give: only those the site has. */
export function posRolesOn(siteRoles: readonly string[]): string[] {
  return POS_ROLES.filter((role) => siteRoles.includes(role));
}

function readPosRole(role: unknown, posRoles: readonly string[]): string | ParamProblem {
  if (typeof role !== 'string' || !posRoles.includes(role)) {
    return { param: 'role', reason: `role must be one of: ${posRoles.join(', ')}.` };
  }
  return role;
}

const isObject = (body: unknown): body is Record<string, unknown> =>
  body != null && typeof body === 'object' && !Array.isArray(body);

/**
 * A `POST users` body, or the first bad parameter (name, email, role, in that order). The name
 * is sanitized first, then must be non-empty and at most 200 characters.
 */
export function readNewUser(body: unknown, posRoles: readonly string[]): NewUser | ParamProblem {
  if (!isObject(body)) return { param: 'name', reason: 'The request body must be a JSON object.' };
  const name = typeof body.name === 'string' ? sanitizeTextField(body.name) : '';
  if (name === '' || [...name].length > NAME_MAX) {
    return { param: 'name', reason: 'name must be a non-empty string of at most 200 characters.' };
  }
  if (!isUserEmail(body.email)) {
    return {
      param: 'email',
      reason: 'email must be a valid email address of at most 100 characters.',
    };
  }
  const role = readPosRole(body.role, posRoles);
  if (typeof role !== 'string') return role;
  return { name, email: body.email, role };
}

/** The role a `PUT users/{id}` body asks for, or the problem. */
export function readRoleChange(body: unknown, posRoles: readonly string[]): string | ParamProblem {
  return readPosRole(isObject(body) ? body.role : undefined, posRoles);
}

/**
 * The login a new user gets before it is made unique: the email's local part as WordPress's
 * `sanitize_user( …, true )` leaves it, lower-cased; `staff` when nothing is left.
 */
export function loginBase(email: string): string {
  const at = email.indexOf('@');
  const login = (at < 0 ? email : email.slice(0, at))
    .replace(/%[a-fA-F0-9]{2}/g, '')
    .replace(/&.+?;/g, '')
    .replace(/[^a-z0-9 _.\-@]/gi, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
  return login === '' ? LOGIN_FALLBACK : login;
}

/** The first of `base`, `base-2`, `base-3`, … nobody has, each cut to fit 60 characters. */
export function uniqueLogin(base: string, taken: (login: string) => boolean): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : `-${n}`;
    const login = [...base].slice(0, LOGIN_MAX - suffix.length).join('') + suffix;
    if (!taken(login)) return login;
  }
}

/** A user's roles after a role change: the POS roles replaced by the new one, last. */
export function rolesWithPosRole(roles: readonly string[], role: string): string[] {
  return [...roles.filter((r) => !isPosRole(r)), role];
}

/**
 * A user's roles once the POS access is taken away: the other roles, or `fallback` (customer
 * where WooCommerce has it, else subscriber) when none is left.
 */
export function rolesWithoutPos(roles: readonly string[], fallback: string): string[] {
  const kept = roles.filter((r) => !isPosRole(r));
  return kept.length > 0 ? kept : [fallback];
}

/** A station's users without one user; null (every POS user) stays null. */
export function usersWithout(allowed: readonly number[] | null, userId: number): number[] | null {
  return allowed === null ? null : allowed.filter((id) => id !== userId);
}
