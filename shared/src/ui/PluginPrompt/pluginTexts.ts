// The words and the address of the Cloud POS plugin, written once for every remote that needs
// the plugin (issue 10 §2: stations, shared users, invitations and, soon, staff).

/**
 * Where the dashboard serves the plugin's zip. Relative to the dashboard: a remote's markup is
 * rendered in the shell's page, so the link resolves against the shell's origin.
 */
export const PLUGIN_DOWNLOAD_PATH = '/downloads/cloud-pos.zip';

/** The download link, in the manner of spec 2.6's 'Download add-on to manage Staff'. */
export const DOWNLOAD_PLUGIN = 'Download the Cloud POS plugin';

/** Where to install the downloaded zip. */
export const PLUGIN_INSTALL_STEPS =
  'Upload it in WordPress under Plugins → Add New → Upload Plugin, then activate it.';

/** What the stations of a store without the plugin say, on every page that lists them. */
export const STATIONS_NEED_PLUGIN = 'Stations need the Cloud POS plugin';
export const stationsNeedPluginMessage = (storeName: string) =>
  `${storeName} does not have the Cloud POS plugin active. The plugin keeps the store's POS stations: once it is installed and activated, they appear here.`;

/** The connected WordPress account of a store that cannot tell it without the plugin. */
export const WP_USER_WITHOUT_PLUGIN = 'Not available without the Cloud POS plugin';

/** How many stores a list leaves out because they lack the plugin. */
export const pluginLeftOut = (count: number) =>
  count === 1
    ? '1 store left out: it needs the Cloud POS plugin'
    : `${count} stores left out: they need the Cloud POS plugin`;
