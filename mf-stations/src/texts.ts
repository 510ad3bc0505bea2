// The spec's words for the stations area, written once (the POS URL rules' own are in
// @pos/shared/rules, shared with the api).
import { SLUG_TEXTS, STAFF_ROLE_LABELS, isStaffRole } from '@pos/shared';

/** Spec 2.5: the page and its sections. */
export const STATIONS = 'Stations';
export const SHARED_STATIONS = 'Shared Stations';
export const QUICK_LAUNCH = 'Quick Launch';
export const MY_STATIONS = 'My Stations';
export const SHARED_WITH_ME = 'Shared with me';

/** Spec 2.5: loading and empty states. */
export const LOADING_STATIONS = 'Loading stations';
export const LOADING_SHARED_STATIONS = 'Loading shared stations';
export const NO_AUTHORIZED_APPLICATIONS = 'There are no authorized applications';
export const NO_SHARED_STATIONS = 'There are no shared stations';

/** Spec 8: an application without stations. */
export const NO_STATIONS = 'There are no stations for this application';

/** Quick Launch has nothing pinned yet: says how to pin a station. */
export const NO_QUICK_LAUNCH = 'No stations are pinned to Quick Launch';
export const NO_QUICK_LAUNCH_HINT =
  'Turn on Quick Launch for a station in its application’s station list to open it from here.';

/** Spec 5: the info messages when another station is already the default, or has the POS URL. */
export const DEFAULT_ALREADY_ASSIGNED: string = SLUG_TEXTS.defaultTaken;
export const DUPLICATE_POS_URL: string = SLUG_TEXTS.duplicate;

/** The success bubble after a POS URL change, in the words of the posUrlChanged feed entry. */
export const posUrlChanged = (stationName: string, url: string) =>
  `POS URL of ${stationName} changed to ${url}`;

/** Accessible names of the row controls. */
export const defaultToggleLabel = (stationName: string) => `Default station ${stationName}`;
export const quickLaunchToggleLabel = (stationName: string) => `Quick launch ${stationName}`;
export const slugInputLabel = (stationName: string) => `POS URL of ${stationName}`;
export const viewPosLabel = (stationName: string) => `View POS ${stationName}`;
export const signInLabel = (stationName: string) => `Sign in ${stationName}`;

/** The POS tile of a banned account (spec 2.3): nothing is loaded, and this says why. */
export const UNAVAILABLE_WHILE_PAUSED = 'Unavailable while the account is paused';

/** Quick Launch of a station was changed elsewhere meanwhile and the click could not win. */
export const QUICK_LAUNCH_CHANGED_ELSEWHERE =
  'Quick Launch was changed elsewhere meanwhile. The switch now shows what is saved.';

/** Why a station cannot be opened: the application's account (or the viewer) has no access. */
export const NO_ACCESS = 'No access to this station';

/** Why no station of a shared application opens: the api's title and sentence (owner held). */
export const unavailableReason = ({ name, text }: { name: string; text: string }) =>
  `${name}: ${text}`;

/** Spec 8: an application whose stations could not be loaded. */
export const applicationErrorMessage = (applicationName: string, message: string) =>
  `${applicationName}: ${message}`;

/**
 * A store role as people read it: the POS roles by @pos/shared's labels (the one source, shared
 * with the api's feed), others with their words capitalised.
 */
export const roleLabel = (role: string) =>
  isStaffRole(role)
    ? STAFF_ROLE_LABELS[role]
    : role
        .split(/[_\s-]+/)
        .filter(Boolean)
        .map((word) => word[0]!.toUpperCase() + word.slice(1))
        .join(' ');
