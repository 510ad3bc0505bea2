export { PluginDownloadLink, PluginPrompt } from './PluginPrompt';
export type { PluginPromptProps } from './PluginPrompt';
export { PluginLeftOut } from './PluginLeftOut';
export type { PluginLeftOutProps } from './PluginLeftOut';
export {
  DOWNLOAD_PLUGIN,
  PLUGIN_DOWNLOAD_PATH,
  PLUGIN_INSTALL_STEPS,
  STATIONS_NEED_PLUGIN,
  WP_USER_WITHOUT_PLUGIN,
  pluginLeftOut,
  stationsNeedPluginMessage,
} from './pluginTexts';
