import { IconButton, MOBILE_MEDIA_QUERY, useMediaQuery } from '@pos/shared';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '@pos/shared/router';
import { useAccount } from '../account/AccountContext';
import { AccountBanners } from '../components/Banners';
import { Footer } from '../components/Footer';
import { OnboardingFrame } from '../components/OnboardingFrame';
import { NavWidgetSlots, SideNav } from '../components/SideNav';
import { useRemoteRegistry, useRemoteStates } from '../remotes/RemotesContext';
import { buildNavItems, buildNavWidgets } from '../routing/navItems';
import { testIds } from '../testIds';
import { writeNavCollapsedCookie } from './navCollapsedCookie';
import { useShell } from './ShellContext';
import { OPEN_NAVIGATION, SIDEBAR_ID, SignedInFrame } from './SignedInFrame';
import { storageKeys } from './storageKeys';

/**
 * The signed-in frame: side navigation with the remotes' widgets (or mobile top bar and drawer),
 * banners, page, footer, and the onboarding iframe overlay.
 */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const { browser } = useShell();
  const { viewer } = useAccount();
  const states = useRemoteStates();
  const registry = useRemoteRegistry();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [collapsedPreference, setCollapsedPreference] = useState(
    () => browser.localStorage.getItem(storageKeys.navCollapsed) === '1',
  );
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const collapsed = collapsedPreference && !isMobile;
  const drawerShown = drawerOpen && isMobile;

  const toggleCollapsed = () => {
    setCollapsedPreference((value) => {
      browser.localStorage.setItem(storageKeys.navCollapsed, value ? '0' : '1');
      return !value;
    });
  };

  // The first-paint server reads the preference from a cookie (navCollapsedCookie.ts); set here
  // too, so a preference kept from before the cookie existed reaches the next visit's first paint.
  useEffect(() => {
    writeNavCollapsedCookie(document, collapsedPreference);
  }, [collapsedPreference]);

  const closeDrawer = useCallback(() => {
    setDrawerOpen((open) => {
      if (open) menuButtonRef.current?.focus();
      return false;
    });
  }, []);

  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!drawerShown) return undefined;
    document.querySelector<HTMLElement>(`#${SIDEBAR_ID} .shell-sidebar__close`)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [closeDrawer, drawerShown]);

  return (
    <SignedInFrame
      collapsed={collapsed}
      drawerShown={drawerShown}
      menuButton={
        <IconButton
          ref={menuButtonRef}
          icon="menu"
          aria-label={OPEN_NAVIGATION}
          aria-expanded={drawerShown}
          aria-controls={SIDEBAR_ID}
          className="shell-topbar__menu"
          data-testid={testIds.nav.mobileMenuButton}
          onClick={() => setDrawerOpen(true)}
        />
      }
      sidebar={
        <SideNav
          id={SIDEBAR_ID}
          items={buildNavItems(states, viewer)}
          fullName={viewer.fullName}
          email={viewer.email}
          collapsed={collapsed}
          onToggleCollapsed={toggleCollapsed}
          drawerOpen={drawerShown}
          onCloseDrawer={closeDrawer}
          loadingItems={states.some((state) => state.status === 'loading')}
          widgets={
            <NavWidgetSlots
              widgets={buildNavWidgets(states, viewer)}
              onRetry={(owner) => void registry.retry(owner)}
            />
          }
        />
      }
      backdrop={<div className="shell-backdrop" aria-hidden="true" onClick={closeDrawer} />}
      footer={<Footer />}
      overlay={<OnboardingFrame />}
    >
      <AccountBanners />
      {children}
    </SignedInFrame>
  );
}
