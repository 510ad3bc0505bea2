import { Icon, IconButton, cx, isIconName } from '@pos/shared';
import type { ReactNode } from 'react';
import { NavLink } from '@pos/shared/router';
import type { NavEntry } from '../../routing/navItems';
import { testIds } from '../../testIds';
import { BrandLogo } from '../Brand';
import { ProfileMenu } from '../ProfileMenu';
import './SideNav.css';

export interface SideNavProps {
  id: string;
  items: NavEntry[];
  fullName: string | null;
  email: string | null;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Mobile drawer state (under 992 px). */
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  /** Whether a remote's items are still on their way. */
  loadingItems: boolean;
  /** The remotes' widgets, between the items and the profile menu. */
  widgets?: ReactNode;
}

function NavIcon({ name }: { name: string }) {
  return <Icon name={isIconName(name) ? name : 'dashboard'} size={20} />;
}

/** The side navigation of spec 2.10, with the profile menu and the collapse toggle. */
export function SideNav({
  id,
  items,
  fullName,
  email,
  collapsed,
  onToggleCollapsed,
  drawerOpen,
  onCloseDrawer,
  loadingItems,
  widgets,
}: SideNavProps) {
  return (
    <div id={id} className={cx('shell-sidebar', drawerOpen && 'is-open')}>
      <div className="shell-sidebar__top">
        <BrandLogo tone="light" markOnly={collapsed} />
        <IconButton
          icon="close"
          aria-label="Close navigation"
          className="shell-sidebar__close"
          onClick={onCloseDrawer}
        />
      </div>

      <nav
        aria-label="Main"
        className="shell-nav"
        data-testid={testIds.nav.root}
        aria-busy={loadingItems || undefined}
      >
        <ul className="shell-nav__list">
          {items.map((item) => (
            <li key={item.id}>
              {item.disabled ? (
                <span
                  role="link"
                  aria-disabled="true"
                  className="shell-nav__link is-disabled"
                  title={`${item.label} is unavailable while the service is paused`}
                  data-testid={testIds.nav.item(item.id)}
                >
                  <NavIcon name={item.icon} />
                  <span className="shell-nav__label">{item.label}</span>
                </span>
              ) : (
                <NavLink
                  to={item.path}
                  end={item.path === '/'}
                  className={({ isActive }) => cx('shell-nav__link', isActive && 'is-active')}
                  title={collapsed ? item.label : undefined}
                  data-testid={testIds.nav.item(item.id)}
                  onClick={onCloseDrawer}
                >
                  <NavIcon name={item.icon} />
                  <span className="shell-nav__label">{item.label}</span>
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>

      {widgets}

      <div className="shell-sidebar__bottom">
        <ProfileMenu fullName={fullName} email={email} collapsed={collapsed} />
        <button
          type="button"
          className="shell-sidebar__collapse"
          onClick={onToggleCollapsed}
          aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
          title={collapsed ? 'Expand navigation' : 'Collapse navigation'}
          data-testid={testIds.nav.collapseToggle}
        >
          <Icon name={collapsed ? 'chevron-right' : 'chevron-left'} size={18} />
          <span className="shell-nav__label" aria-hidden="true">
            Collapse
          </span>
        </button>
      </div>
    </div>
  );
}
