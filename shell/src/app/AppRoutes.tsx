import { Route, Routes } from 'react-router-dom';
import { BubbleStack } from '../components/Bubbles';
import type { InitialCheckResult } from '../session/SessionManager';
import { paths } from '../urls';
import {
  ConnectRoute,
  LoginRoute,
  LogoutRoute,
  PosUnauthorizedRoute,
  SuccessLoginRoute,
} from '../views/session';
import { AuthGate } from './AuthGate';

/** The session routes of spec 2.1 (signed in or out), then everything else behind the gate. */
export function AppRoutes({ initialCheck }: { initialCheck: Promise<InitialCheckResult> }) {
  return (
    <>
      <Routes>
        <Route path={paths.connect} element={<ConnectRoute />} />
        <Route path={paths.posUnauthorized} element={<PosUnauthorizedRoute />} />
        <Route path={paths.successLogin} element={<SuccessLoginRoute />} />
        <Route path={paths.login} element={<LoginRoute />} />
        <Route path={paths.logout} element={<LogoutRoute />} />
        <Route path="*" element={<AuthGate initialCheck={initialCheck} />} />
      </Routes>
      <BubbleStack />
    </>
  );
}
