import {
  canAccess,
  type NavItemDefinition,
  type NavWidgetDefinition,
  type Viewer,
} from '@pos/shared';
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
 * The side navigation for a viewer: the shell's items and those of every loaded contract,
 * sorted by order, without what the viewer may not see, and disabled where a ban says so.
 */
export function buildNavItems(states: readonly RemoteState[], viewer: Viewer): NavEntry[] {
  const fromRemotes = states.flatMap((state) =>
    state.status === 'ready' ? state.contract.navItems : [],
  );
  return [...SHELL_NAV_ITEMS, ...fromRemotes]
    .filter((item) => canAccess(item.access, viewer))
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.order - b.item.order || a.index - b.index)
    .map(({ item }) => ({ ...item, disabled: viewer.isBanned && item.disabledWhenBanned }));
}

/** A side navigation widget and the remote it comes from (two remotes may reuse an id). */
export interface NavWidgetEntry {
  owner: string;
  widget: NavWidgetDefinition;
}

/** The side navigation widgets of every loaded contract that the viewer may see, by order. */
export function buildNavWidgets(states: readonly RemoteState[], viewer: Viewer): NavWidgetEntry[] {
  return states
    .flatMap((state) =>
      state.status === 'ready'
        ? (state.contract.navWidgets ?? []).map((widget) => ({ owner: state.remote.name, widget }))
        : [],
    )
    .filter(({ widget }) => canAccess(widget.access, viewer))
    .sort((a, b) => a.widget.order - b.widget.order);
}
