export { ConnectRoute } from './ConnectRoute';
export { PosUnauthorizedRoute } from './PosUnauthorizedRoute';
export { SuccessLoginRoute, POS_REDIRECT_DELAY_MS } from './SuccessLoginRoute';
export { LoginRoute, INVALID_SIGN_IN_LINK } from './LoginRoute';
export { LogoutRoute } from './LogoutRoute';
