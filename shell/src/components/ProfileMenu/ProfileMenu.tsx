import { EMAIL_NOT_SPECIFIED, Icon, NAME_NOT_SPECIFIED, cx, type IconName } from '@pos/shared';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@pos/shared/router';
import { useShell } from '../../app/ShellContext';
import { testIds } from '../../testIds';
import { paths } from '../../urls';
import './ProfileMenu.css';

export interface ProfileMenuProps {
  fullName: string | null;
  email: string | null;
  /** The collapsed sidebar shows only the avatar and opens the menu sideways. */
  collapsed?: boolean;
}

const initialsOf = (name: string | null, email: string | null): string => {
  const source = name ?? email ?? '';
  const letters = source
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase());
  return letters.join('') || '?';
};

/** A menu item that opens an external page in a new tab, and says so to screen readers. */
function ExternalMenuItem(props: {
  href: string;
  icon: IconName;
  label: string;
  testId: string;
  onSelect: () => void;
}) {
  return (
    <a
      role="menuitem"
      tabIndex={-1}
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
      className="shell-profile__item"
      data-testid={props.testId}
      onClick={props.onSelect}
    >
      <Icon name={props.icon} size={18} />
      <span>{props.label}</span>
      <Icon name="external" size={14} className="shell-profile__external" />
      <span className="pos-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The profile menu of spec 2.10: who is signed in, account settings and the apps dashboard
 * (opening elsewhere), My Plan and Log out. A menu button with arrow-key navigation.
 */
export function ProfileMenu({ fullName, email, collapsed = false }: ProfileMenuProps) {
  const { config } = useShell();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const name = fullName ?? NAME_NOT_SPECIFIED;
  const address = email ?? EMAIL_NOT_SPECIFIED;

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return undefined;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div
      ref={rootRef}
      className={cx('shell-profile', collapsed && 'is-collapsed', open && 'is-open')}
    >
      <button
        ref={buttonRef}
        type="button"
        className="shell-profile__button"
        aria-label={collapsed ? `Profile menu: ${name}` : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={testIds.profileMenu.button}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <span className="shell-profile__avatar" aria-hidden="true">
          {initialsOf(fullName, email)}
        </span>
        <span className="shell-profile__who">
          <span className="pos-visually-hidden">Profile menu: </span>
          <span className="shell-profile__name">{name}</span>
          <span className="shell-profile__email">{address}</span>
        </span>
        <Icon name="chevron-up" size={16} className="shell-profile__chevron" />
      </button>

      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Profile"
          className="shell-profile__menu"
          data-testid={testIds.profileMenu.menu}
          onKeyDown={onMenuKeyDown}
        >
          <div role="group" aria-label="Signed in as" className="shell-profile__header">
            <p className="shell-profile__menu-name" data-testid={testIds.profileMenu.name}>
              {name}
            </p>
            <p className="shell-profile__menu-email" data-testid={testIds.profileMenu.email}>
              {address}
            </p>
          </div>
          <div role="separator" className="shell-profile__separator" />
          <ExternalMenuItem
            href={config.accountSettingsUrl}
            icon="user"
            label="Account settings"
            testId={testIds.profileMenu.accountSettings}
            onSelect={() => close(false)}
          />
          <ExternalMenuItem
            href={config.appsDashboardUrl}
            icon="applications"
            label="Apps dashboard"
            testId={testIds.profileMenu.appsDashboard}
            onSelect={() => close(false)}
          />
          <Link
            role="menuitem"
            tabIndex={-1}
            to={paths.subscriptionPlans}
            className="shell-profile__item"
            data-testid={testIds.profileMenu.myPlan}
            onClick={() => close(false)}
          >
            <Icon name="plan" size={18} />
            <span>My Plan</span>
          </Link>
          <div role="separator" className="shell-profile__separator" />
          <Link
            role="menuitem"
            tabIndex={-1}
            to={paths.logout}
            className="shell-profile__item shell-profile__item--danger"
            data-testid={testIds.profileMenu.logout}
            onClick={() => close(false)}
          >
            <Icon name="logout" size={18} />
            <span>Log out</span>
          </Link>
        </div>
      )}
    </div>
  );
}
