import {
  canAccess,
  type NavItemDefinition,
  type NavWidgetDefinition,
  type Viewer,
} from '@pos/shared';
import type { NavWidgetSlot } from '../config/remoteSlots';
import type { RemoteState } from '../remotes/RemoteRegistry';
import { paths } from '../urls';

/** A side navigation item as the shell shows it. */
export interface NavEntry extends NavItemDefinition {
  /** Shown but not usable: a banned account on an item disabled when banned. */
  disabled: boolean;
}

/** The items the shell itself contributes (spec 2.10: Dashboard first, Resources last). */
export const SHELL_NAV_ITEMS: readonly NavItemDefinition[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    path: paths.dashboard,
    access: 'all',
    order: 0,
    disabledWhenBanned: false,
    icon: 'dashboard',
  },
  {
    id: 'resources',
    label: 'Resources',
    path: paths.resources,
    access: 'all',
    order: 100,
    disabledWhenBanned: false,
    icon: 'resources',
  },
];

/**
 * The side navigation for a viewer: the shell's items and those of every remote, sorted by
 * order, without what the viewer may not see, and disabled where a ban says so. A remote's items
 * are its contract's once loaded; until then (and when it fails) those its entry of
 * remotes.json declares, so that the list has its final order from the first paint on: a link
 * to a remote that failed leads to its page's 'Try again'.
 */
export function buildNavItems(states: readonly RemoteState[], viewer: Viewer): NavEntry[] {
  const fromRemotes = states.flatMap((state) =>
    state.status === 'ready' ? state.contract.navItems : (state.remote.slots?.navItems ?? []),
  );
  return [...SHELL_NAV_ITEMS, ...fromRemotes]
    .filter((item) => canAccess(item.access, viewer))
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.order - b.item.order || a.index - b.index)
    .map(({ item }) => ({ ...item, disabled: viewer.isBanned && item.disabledWhenBanned }));
}

/**
 * A side navigation widget and the remote it comes from (two remotes may reuse an id): its
 * contract's, or only its declared slot (remotes.json) while the remote loads or when it failed.
 */
export interface NavWidgetEntry {
  owner: string;
  widget: NavWidgetDefinition | NavWidgetSlot;
  /** The height reserved for it (px; open and collapsed navigation), when declared. */
  reserved?: Pick<NavWidgetSlot, 'height' | 'collapsedHeight'>;
  /** Its remote could not be loaded: the slot keeps its place with 'Try again'. */
  failed?: boolean;
}

/**
 * The side navigation widgets the viewer may see, by order: every loaded contract's, and the
 * declared slots of the remotes not loaded (yet), each with the height its declaration reserves.
 */
export function buildNavWidgets(states: readonly RemoteState[], viewer: Viewer): NavWidgetEntry[] {
  return states
    .flatMap((state): NavWidgetEntry[] => {
      const declared = state.remote.slots?.navWidgets ?? [];
      const reservedFor = (id: string) => declared.find((slot) => slot.id === id);
      const owner = state.remote.name;
      return state.status === 'ready'
        ? (state.contract.navWidgets ?? []).map((widget) => ({
            owner,
            widget,
            reserved: reservedFor(widget.id),
          }))
        : declared.map((widget) => ({
            owner,
            widget,
            reserved: widget,
            failed: state.status === 'failed',
          }));
    })
    .filter(({ widget }) => canAccess(widget.access, viewer))
    .sort((a, b) => a.widget.order - b.widget.order);
}
