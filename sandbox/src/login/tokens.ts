import type { JWTPayload } from 'jose';
import { SignJWT, compactVerify, errors, jwtVerify } from 'jose';
import type { SigningKeys } from './keys';
import type { UserRecord } from './users';

/** Claims of an access token issued by the provider. */
export interface AccessTokenClaims extends JWTPayload {
  iss: string;
  sub: string;
  email: string;
  name: string;
  isAdmin: boolean;
  isVerified: boolean;
  iat: number;
  exp: number;
  /** Not-refresh-after (seconds): the token can be refreshed until then, never after. */
  nra: number;
  /** The provider session the token was issued in, kept by every refresh. */
  sid: string;
}

/** Why a token was refused; the message is safe to show to the caller. */
export class TokenRejected extends Error {}

const ALGORITHMS = ['RS256'];

export interface TokenServiceOptions {
  keys: SigningKeys;
  issuer: () => string;
  accessTokenTtl: number;
  now: () => number;
  /** Whether the session `sid` was signed out: its tokens no longer verify or refresh. */
  sessionEnded: (sid: string) => boolean;
}

/** Issues and checks the provider's RS256 access tokens. */
export class TokenService {
  constructor(private readonly options: TokenServiceOptions) {}

  nowSeconds(): number {
    return Math.floor(this.options.now() / 1000);
  }

  /** Signs a token with the account's current claims, in the session `sid` that ends at `nra`. */
  issue(user: UserRecord, session: { sid: string; nra: number }): Promise<string> {
    const { sid, nra } = session;
    const iat = this.nowSeconds();
    const { keys, issuer, accessTokenTtl } = this.options;
    return (
      new SignJWT({
        email: user.email,
        name: user.name,
        isAdmin: user.isAdmin,
        isVerified: user.isVerified,
        nra,
        sid,
      })
        .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
        .setIssuer(issuer())
        .setSubject(user.id)
        .setIssuedAt(iat)
        // A token never outlives its session: exp is capped at nra.
        .setExpirationTime(
          Math.min(iat + (user.tokenLifetimes?.accessTokenTtl ?? accessTokenTtl), nra),
        )
        .sign(keys.privateKey)
    );
  }

  /** Checks signature, issuer and expiry; throws {@link TokenRejected} otherwise. */
  async verifyAccess(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.options.keys.publicKey, {
        algorithms: ALGORITHMS,
        issuer: this.options.issuer(),
        currentDate: new Date(this.options.now()),
      });
      const claims = checkClaims(payload);
      if (this.options.sessionEnded(claims.sid)) throw new TokenRejected(SESSION_ENDED);
      return claims;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenRejected('Token expired');
      if (error instanceof TokenRejected) throw error;
      throw new TokenRejected('Invalid token');
    }
  }

  /**
   * Checks signature and issuer but not expiry, then requires the refresh window (`nra`) to
   * be open and the session not signed out: an expired token is exactly what a refresh is for.
   */
  async verifyRefreshable(token: string): Promise<AccessTokenClaims> {
    const claims = await this.verifySigned(token);
    if (claims.nra <= this.nowSeconds()) throw new TokenRejected('Session expired');
    if (this.options.sessionEnded(claims.sid)) throw new TokenRejected(SESSION_ENDED);
    return claims;
  }

  /**
   * Checks signature and issuer only: a token of ours, whatever its exp, nra or session (what
   * a logout needs to know which session to end).
   */
  async verifySigned(token: string): Promise<AccessTokenClaims> {
    let claims: AccessTokenClaims;
    try {
      const { payload } = await compactVerify(token, this.options.keys.publicKey, {
        algorithms: ALGORITHMS,
      });
      claims = checkClaims(JSON.parse(new TextDecoder().decode(payload)) as JWTPayload);
    } catch {
      throw new TokenRejected('Invalid token');
    }
    if (claims.iss !== this.options.issuer()) throw new TokenRejected('Invalid token');
    return claims;
  }
}

/** Why the token of a signed-out session is refused. */
export const SESSION_ENDED = 'Session ended';

function checkClaims(payload: JWTPayload): AccessTokenClaims {
  const valid =
    typeof payload.sub === 'string' &&
    typeof payload.iss === 'string' &&
    typeof payload.nra === 'number' &&
    typeof payload.exp === 'number' &&
    typeof payload.iat === 'number' &&
    typeof payload.sid === 'string' &&
    payload.sid.length > 0;
  if (!valid) throw new TokenRejected('Invalid token');
  return payload as AccessTokenClaims;
}
