export { Icon, ICON_NAMES, isIconName } from './Icon';
export type { IconName, IconProps } from './Icon';
