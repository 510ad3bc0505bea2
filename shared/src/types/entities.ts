/**
 * What the front ends share that the api does not describe: bus payloads, token claims and the
 * access-denied page's cookie. The api's request and response types are generated from its
 * OpenAPI document: see ../api/wire.ts.
 */
/** Status of a notification bubble. */
export type BubbleStatus = 'success' | 'loading' | 'danger' | 'info' | 'taskCompletion';

/** A notification bubble shown by the shell. */
export interface Bubble {
  id: string;
  message: string;
  status: BubbleStatus;
}

/** Claims of the login provider's token. */
export interface AuthTokenClaims {
  sub: string;
  exp: number;
  /** Not-refresh-after: the token may be refreshed until this time (seconds). */
  nra: number;
  isAdmin?: boolean;
  email?: string;
  name?: string;
  iat?: number;
}

/** The error object of the access-denied page. */
export interface AccessError {
  appId: string;
  wpHome: string;
  posId: string;
  text: string;
  name: string;
}
