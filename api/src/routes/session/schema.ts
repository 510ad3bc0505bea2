import { Type } from '@sinclair/typebox';
import { authErrors, ErrorAnswer, NoContent } from '../common';

export const LastAccessBody = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 8192,
      description: "The login provider's token",
    }),
  },
  { additionalProperties: false },
);

export const lastAccessSchema = {
  tags: ['session'],
  summary: 'Records that the user was last seen now (page-hide beacon)',
  description:
    'No Authorization header: the token travels in the body, because navigator.sendBeacon cannot ' +
    'set headers. The body is JSON `{token}`, sent as application/json or as text/plain (what ' +
    'sendBeacon uses for a string). The token is verified exactly like a bearer token.',
  security: [],
  body: LastAccessBody,
  response: { 204: NoContent, 400: ErrorAnswer, 401: ErrorAnswer },
};

export const checkBanSchema = {
  tags: ['session'],
  summary: 'Whether the account is blocked',
  response: {
    200: Type.Object({ isBanned: Type.Boolean() }, { additionalProperties: false }),
    ...authErrors,
  },
};

export const setSessionCookieSchema = {
  tags: ['session'],
  summary: "Sets the HttpOnly session cookie the cloud POS addresses read (the bearer token's)",
  description:
    'Answers 204 with `Set-Cookie: pos_token=<the bearer token>; Path=/; Expires=<its exp>; ' +
    'HttpOnly; SameSite=Lax` (Secure on an https dashboard, Domain from COOKIE_DOMAIN). The ' +
    'dashboard calls it whenever its token changes (spec 4), so no script can read the cookie.',
  response: { 204: NoContent, ...authErrors },
};

export const clearSessionCookieSchema = {
  tags: ['session'],
  summary: 'Clears the session cookie (signing out)',
  description: 'No token needed: the one being cleared may have expired.',
  security: [],
  response: { 204: NoContent },
};

export const logoutSchema = {
  tags: ['session'],
  summary: "Ends the bearer token's session on the server (signing out)",
  description:
    "Records the token's session (its `sid` claim, kept by every refresh) as ended: from then " +
    'on every api instance answers 401 to any token of it, refreshed ones included, and the ' +
    'cloud POS addresses no longer open with it. Tells the login provider too, so it stops ' +
    'refreshing them. A token past its exp (but not its nra) is accepted: it could still be ' +
    'refreshed. Also clears the `pos_token` cookie. Signing out again answers 204 as well.',
  response: { 204: NoContent, 401: ErrorAnswer },
};
