import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { rememberRedirect } from '../session/redirectStore';
import { paths } from '../urls';
import { DeactivatedPage } from '../views/Deactivated';
import { LandingPage } from '../views/Landing';
import { PublicLayout } from './PublicLayout';
import { useShell } from './ShellContext';

/** A protected path seen signed out: remember it for after sign-in, show the landing page. */
function ToLanding() {
  const { browser } = useShell();
  const { pathname, search } = useLocation();
  useEffect(() => {
    rememberRedirect(browser.sessionStorage, `${pathname}${search}`, false);
  }, [browser, pathname, search]);
  return <Navigate to={paths.dashboard} replace />;
}

/** What a signed-out visitor may see (spec 6: the landing page only, and /deactivated). */
export function SignedOutRoutes() {
  return (
    <Routes>
      <Route path={paths.dashboard} element={<LandingPage />} />
      <Route
        path={paths.deactivated}
        element={
          <PublicLayout>
            <DeactivatedPage />
          </PublicLayout>
        }
      />
      <Route path="*" element={<ToLanding />} />
    </Routes>
  );
}
