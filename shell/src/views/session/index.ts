export { SessionRoute } from './SessionRoute';
export { POS_REDIRECT_DELAY_MS } from './SuccessLoginRoute';
export { INVALID_SIGN_IN_LINK } from './LoginRoute';
