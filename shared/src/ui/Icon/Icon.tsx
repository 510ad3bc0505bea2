import { ICONS } from './icons';
import { cx } from '../cx';
import './Icon.css';

/** The name of an icon of the set. */
export type IconName = keyof typeof ICONS;

/** Every icon name, for pickers and contract checks. */
export const ICON_NAMES = Object.keys(ICONS) as IconName[];

/** Whether `name` is an icon of the set (contracts carry icon names as plain strings). */
export function isIconName(name: string): name is IconName {
  return Object.prototype.hasOwnProperty.call(ICONS, name);
}

export interface IconProps {
  name: IconName;
  /** Width and height in px. */
  size?: number;
  /**
   * Accessible name. Without it the icon is decorative and hidden from assistive technology,
   * which is right whenever text beside it already says the same.
   */
  title?: string;
  className?: string;
}

/** An inline SVG icon drawn in the current text colour. */
export function Icon({ name, size = 20, title, className }: IconProps) {
  const labelled = Boolean(title);
  return (
    <svg
      className={cx('pos-icon', className)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? title : undefined}
      aria-hidden={labelled ? undefined : true}
      data-icon={name}
    >
      {ICONS[name] ?? <circle cx="12" cy="12" r="4" />}
    </svg>
  );
}
