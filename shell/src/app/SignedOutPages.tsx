import { useEffect } from 'react';
import { rememberRedirect } from '../session/redirectStore';
import { paths } from '../urls';
import { AccessDeniedPage } from '../views/AccessDenied';
import { DeactivatedPage } from '../views/Deactivated';
import { LandingPage } from '../views/Landing';
import type { BrowserLocation } from './browser';
import { PublicLayout } from './PublicLayout';
import { useShell } from './ShellContext';

/**
 * What a signed-out visitor sees (spec 6: the landing page only, and /deactivated). A
 * protected path shows the landing page at / and is remembered for after sign-in.
 */
export function SignedOutPages({ location }: { location: BrowserLocation }) {
  const { browser } = useShell();
  const { pathname, search } = location;
  const protectedPath =
    pathname !== paths.dashboard &&
    pathname !== paths.deactivated &&
    pathname !== paths.accessDenied;

  useEffect(() => {
    if (!protectedPath) return;
    rememberRedirect(browser.sessionStorage, `${pathname}${search}`, false);
    browser.navigate(paths.dashboard, { replace: true });
  }, [browser, pathname, protectedPath, search]);

  if (pathname === paths.accessDenied) {
    return (
      <PublicLayout>
        <AccessDeniedPage />
      </PublicLayout>
    );
  }
  if (pathname === paths.deactivated) {
    return (
      <PublicLayout>
        <DeactivatedPage />
      </PublicLayout>
    );
  }
  return <LandingPage />;
}
