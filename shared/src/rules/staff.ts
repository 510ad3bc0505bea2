// The staff create rules of spec 5 (issue 13): the Create Staff User form shows them as it is
// typed, and the api applies the same functions to POST /staff/users, so the two never
// disagree on a text. Each validator answers the spec's text, or undefined when the value is
// fine (the shape react-final-form's field validators have).

/** The roles a staff user can have in the store, in the order the Role select offers them. */
export const STAFF_ROLES = ['administrator', 'shop_manager', 'cashier', 'kiosk'] as const;

/** One of {@link STAFF_ROLES}. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How each role is written on screen and in the activity feed. */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  administrator: 'Administrator',
  shop_manager: 'Shop Manager',
  cashier: 'Cashier',
  kiosk: 'Kiosk',
};

/** The spec 5 texts of the staff create form, character for character. */
export const STAFF_TEXTS = {
  nameRequired: 'Name is required',
  nameLatin: 'Name can only contain Latin letters',
  nameFull: 'Please enter your full name',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  roleRequired: 'Role is required',
  applicationRequired: 'Application is required',
} as const;

/** The longest name the store takes (the Cloud POS plugin refuses longer). */
export const STAFF_NAME_MAX_LENGTH = 200;

/** The longest email WordPress stores (wp_users.user_email is varchar(100)). */
export const STAFF_EMAIL_MAX_LENGTH = 100;

const asText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Whether `value` is one of {@link STAFF_ROLES}. */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * Spec 5: a name is required, made of Latin letters and spaces only, and of at least two words
 * ('Ada Lovelace'). Surrounding spaces do not count. Longer than
 * {@link STAFF_NAME_MAX_LENGTH} is not a name of Latin words either.
 */
export function validateStaffName(value: unknown): string | undefined {
  const name = asText(value);
  if (name === '') return STAFF_TEXTS.nameRequired;
  if (!/^[A-Za-z ]+$/.test(name) || name.length > STAFF_NAME_MAX_LENGTH) {
    return STAFF_TEXTS.nameLatin;
  }
  if (name.split(/ +/).length < 2) return STAFF_TEXTS.nameFull;
  return undefined;
}

/**
 * Whether `email` is an address WordPress takes (its `is_email`): so the form refuses what the
 * store would refuse, without a request. At least 6 characters; a local part of letters, digits
 * and `!#$%&'*+/=?^_\`{|}~.-`; a domain of two or more labels of letters, digits and inner
 * hyphens.
 */
export function isStaffEmail(email: string): boolean {
  if (email.length < 6 || email.length > STAFF_EMAIL_MAX_LENGTH) return false;
  const at = email.indexOf('@', 1);
  if (at === -1 || email.indexOf('@', at + 1) !== -1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (domain.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/.test(label));
}

/** Spec 5: an email is required and valid (see {@link isStaffEmail}). */
export function validateStaffEmail(value: unknown): string | undefined {
  const email = asText(value);
  if (email === '') return STAFF_TEXTS.emailRequired;
  return isStaffEmail(email) ? undefined : STAFF_TEXTS.emailInvalid;
}

/**
 * Spec 5: a role is required, one of {@link STAFF_ROLES}; anything else is no choice of the
 * offered ones and answers the same text.
 */
export function validateStaffRole(value: unknown): string | undefined {
  return isStaffRole(value) ? undefined : STAFF_TEXTS.roleRequired;
}

/** Spec 5: an application is required (the form offers verified applications only). */
export function validateStaffApplication(value: unknown): string | undefined {
  return asText(value) === '' ? STAFF_TEXTS.applicationRequired : undefined;
}

/** What the Create Staff User form sends (and POST /staff/users takes). */
export interface StaffCreateValues {
  name?: unknown;
  email?: unknown;
  role?: unknown;
  applicationId?: unknown;
}

/**
 * Every field's text at once, keyed by field, only the fields that fail (empty when all pass):
 * a react-final-form `validate` for the whole form, and the api's check in the order of the
 * form (name, email, role, application).
 */
export function validateStaffCreate(
  values: StaffCreateValues,
): Partial<Record<keyof StaffCreateValues, string>> {
  const errors: Partial<Record<keyof StaffCreateValues, string>> = {};
  const name = validateStaffName(values.name);
  if (name) errors.name = name;
  const email = validateStaffEmail(values.email);
  if (email) errors.email = email;
  const role = validateStaffRole(values.role);
  if (role) errors.role = role;
  const application = validateStaffApplication(values.applicationId);
  if (application) errors.applicationId = application;
  return errors;
}
