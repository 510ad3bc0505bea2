import type { Access, NavItemDefinition } from '@pos/shared/lean';
import { MAX_TILE_ROWS } from '@pos/shared/rules';

/** A dashboard tile a remote will show, known before its contract loads. */
export interface TileSlot {
  id: string;
  title: string;
  access: Access;
  order: number;
  /** How many rows of the dashboard's tile grid the tile takes (its reserved height). */
  rows: number;
}

/** A side navigation widget a remote will show, known before its contract loads. */
export interface NavWidgetSlot {
  id: string;
  title: string;
  access: Access;
  order: number;
  /** The widget's height in px in the open navigation, reserved while it loads. */
  height: number;
  /** …and in the collapsed navigation. */
  collapsedHeight: number;
}

/**
 * What a remote's contract will put on every signed-in page, declared beside its entry in
 * /remotes.json (`slots`): its navigation items, dashboard tiles and navigation widgets, in the
 * contract's order and with their sizes. The first paint and the shell lay these out before any
 * remote loads, so a remote mounting into its slot moves nothing around it.
 */
export interface RemoteSlots {
  navItems: NavItemDefinition[];
  tiles: TileSlot[];
  navWidgets: NavWidgetSlot[];
}

const ACCESS_VALUES: readonly Access[] = ['all', 'manager', 'admin'];

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isAccess = (value: unknown): value is Access => ACCESS_VALUES.includes(value as Access);

/** The well-formed entries of a list, each read by `read` (null: left out). */
function listOf<T>(value: unknown, read: (fields: Fields) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const read_ = isFields(item) ? read(item) : null;
    return read_ === null ? [] : [read_];
  });
}

const navItemOf = (item: Fields): NavItemDefinition | null =>
  isText(item.id) &&
  isText(item.label) &&
  isText(item.path) &&
  item.path.startsWith('/') &&
  isAccess(item.access) &&
  isNumber(item.order) &&
  typeof item.disabledWhenBanned === 'boolean' &&
  isText(item.icon)
    ? {
        id: item.id,
        label: item.label,
        path: item.path,
        access: item.access,
        order: item.order,
        disabledWhenBanned: item.disabledWhenBanned,
        icon: item.icon,
      }
    : null;

const tileOf = (item: Fields): TileSlot | null =>
  isText(item.id) && isText(item.title) && isAccess(item.access) && isNumber(item.order)
    ? {
        id: item.id,
        title: item.title,
        access: item.access,
        order: item.order,
        rows:
          Number.isInteger(item.rows) && (item.rows as number) >= 1
            ? Math.min(item.rows as number, MAX_TILE_ROWS)
            : 1,
      }
    : null;

const pixels = (value: unknown): number => (isNumber(value) && value >= 0 ? value : 0);

const widgetOf = (item: Fields): NavWidgetSlot | null =>
  isText(item.id) && isText(item.title) && isAccess(item.access) && isNumber(item.order)
    ? {
        id: item.id,
        title: item.title,
        access: item.access,
        order: item.order,
        height: pixels(item.height),
        collapsedHeight: pixels(item.collapsedHeight),
      }
    : null;

/**
 * A remote's `slots` of /remotes.json, each entry checked (a malformed one is left out), or
 * undefined when it declares none: its items then appear as its contract loads, as before.
 */
export function parseRemoteSlots(raw: unknown): RemoteSlots | undefined {
  if (!isFields(raw)) return undefined;
  return {
    navItems: listOf(raw.navItems, navItemOf),
    tiles: listOf(raw.tiles, tileOf),
    navWidgets: listOf(raw.navWidgets, widgetOf),
  };
}
