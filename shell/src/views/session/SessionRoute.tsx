import { paths } from '../../urls';
import { ConnectRoute } from './ConnectRoute';
import { LoginRoute } from './LoginRoute';
import { LogoutRoute } from './LogoutRoute';
import { PosUnauthorizedRoute } from './PosUnauthorizedRoute';
import { SuccessLoginRoute } from './SuccessLoginRoute';

/** The session route of spec 2.1 for `pathname`, or null when it is none of them. */
export function SessionRoute({ pathname }: { pathname: string }) {
  if (pathname === paths.connect) return <ConnectRoute />;
  if (pathname === paths.posUnauthorized) return <PosUnauthorizedRoute />;
  if (pathname === paths.successLogin) return <SuccessLoginRoute />;
  if (pathname === paths.logout) return <LogoutRoute />;
  if (pathname.startsWith(`${paths.loginPrefix}/`)) return <LoginRoute />;
  return null;
}
