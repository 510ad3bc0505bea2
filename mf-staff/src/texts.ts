// The spec's words for the staff pages, written once (spec 2.6, 4, 5, 8, 9). The validation
// texts and role labels are @pos/shared's (STAFF_TEXTS, STAFF_ROLE_LABELS), shared with the api.

/** Spec 2.6, 2.10: the page, the nav item and the tile. */
export const STAFF = 'Staff';
export const CREATE_STAFF_USER = 'Create Staff User';
export const STAFF_SUBTITLE =
  'The users of each connected store who work its POS stations, with their role and last access.';
export const CREATE_STAFF_SUBTITLE =
  "The user is created in the application's store with the role you choose, and invited by email to the dashboard.";

/** Spec 2.6: loading. */
export const LOADING_STAFF_LIST = 'Loading staff list';
export const LOADING_STAFF_CREATION_PAGE = 'Loading staff creation page';
export const CREATING_STAFF_USER = 'Creating staff user';

/** Spec 2.6: the empty-state rows, character for character, with what to do next. */
export const CONNECT_APPLICATION = 'Connect an application to manage staff';
export const CONNECT_APPLICATION_HINT =
  'Staff are the users of a connected store. Connect and authorize one of your stores first.';
export const GO_TO_APPLICATIONS = 'Go to Applications';
export const DOWNLOAD_ADDON = 'Download add-on to manage Staff';
export const downloadAddonHint = (appName: string) =>
  `${appName} does not have the Cloud POS Staff add-on active. Upload it in WordPress under Plugins → Add New → Upload Plugin, then activate it.`;
export const DOWNLOAD_ADDON_LINK = 'Download Cloud POS Staff';
export const NO_STAFF = 'No Staff assigned';
export const NO_STAFF_HINT =
  'Create a staff user, or give a store user a POS role (Administrator, Shop Manager, Cashier or Kiosk) in WordPress.';

/** The application selector. */
export const APPLICATION = 'Application';
export const SELECT_APPLICATION = 'Select an application';
export const staffCount = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'staff member' : 'staff members'}`;

/** The table (spec 2.6, 4). */
export const STAFF_TABLE_CAPTION = (appName: string) => `Staff of ${appName}`;
export const COLUMNS = {
  user: 'User',
  email: 'Email',
  roleType: 'Role Type',
  access: 'Access',
  status: 'Status',
  lastAccess: 'Last Access',
  manage: 'Manage',
} as const;
export const POS_USER_ACCESS = 'Stations, Cloud';
export const WP_USER_ACCESS = 'Stations';
export const ACTIVE = 'Active';
/** Last Access of someone who never signed in to the dashboard. */
export const NEVER = '—';
export const NEVER_LABEL = 'Never';

/** Manage (issue 13): role change, removal, and the connection owner's note. */
export const STORE_ADMINISTRATOR = 'Store administrator';
export const STORE_ADMINISTRATOR_HINT =
  'Connected this application; their account is managed in WordPress.';
export const changeRoleOf = (name: string) => `Change the role of ${name}`;
export const removeAccessOf = (name: string) => `Remove POS access of ${name}`;
export const REMOVE_ACCESS_TITLE = 'Remove POS access';
export const removeAccessQuestion = (name: string, appName: string) =>
  `${name} loses every POS role in ${appName} and can no longer open its stations. Their WordPress account stays.`;
export const REMOVE_ACCESS = 'Remove access';
export const CHANGE_ROLE_TITLE = 'Change role';
export const changeRoleQuestion = (name: string, appName: string) =>
  `Choose the POS role of ${name} in ${appName}.`;
export const CHANGE_ROLE = 'Change role';
export const roleChanged = (name: string, role: string, appName: string) =>
  `${name} is now ${role} in ${appName}`;

/** Spec 8: the create form's outcomes. */
export const STAFF_CREATED = 'Staff member was created successfully.';
export const STAFF_CREATE_FAILED = 'Failed to create Staff member.';
export const CREATE = 'Create';
export const BACK_TO_STAFF = 'Back to Staff';
export const SELECT_ROLE = 'Select a role';
export const NAME = 'Name';
export const EMAIL = 'Email';
export const ROLE = 'Role';
export const NAME_HINT = 'First and last name, in Latin letters.';
export const EMAIL_HINT = 'The invitation to the dashboard is sent here.';
export const NO_VERIFIED_APPLICATION =
  'None of your applications is connected yet: connect one in Applications first.';

/** The dashboard tile. */
export const MANAGE_STAFF = 'Manage Staff';
export const LOADING_STAFF = 'Loading staff';
export const inApplications = (count: number) =>
  `in ${count.toLocaleString('en-US')} ${count === 1 ? 'application' : 'applications'}`;
export const UNAVAILABLE_WHILE_PAUSED = 'Unavailable while the account is paused';

/** Failures of a whole load. */
export const APPLICATIONS_LOAD_FAILED = 'The applications could not be loaded';
export const STAFF_LOAD_FAILED = 'The staff list could not be loaded';
export const STAFF_NEED_PLUGIN = 'Staff need the Cloud POS plugin';
export const staffNeedPluginMessage = (appName: string) =>
  `${appName} does not have the Cloud POS plugin active. The plugin gives the store's users their POS roles: once it is installed and activated, the staff appear here.`;
