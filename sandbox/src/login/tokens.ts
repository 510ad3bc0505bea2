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
}

/** Why a token was refused; the message is safe to show to the caller. */
export class TokenRejected extends Error {}

const ALGORITHMS = ['RS256'];

export interface TokenServiceOptions {
  keys: SigningKeys;
  issuer: () => string;
  accessTokenTtl: number;
  now: () => number;
}

/** Issues and checks the provider's RS256 access tokens. */
export class TokenService {
  constructor(private readonly options: TokenServiceOptions) {}

  nowSeconds(): number {
    return Math.floor(this.options.now() / 1000);
  }

  /** Signs a token with the account's current claims and the given refresh limit. */
  issue(user: UserRecord, nra: number): Promise<string> {
    const iat = this.nowSeconds();
    const { keys, issuer, accessTokenTtl } = this.options;
    return (
      new SignJWT({
        email: user.email,
        name: user.name,
        isAdmin: user.isAdmin,
        isVerified: user.isVerified,
        nra,
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
      return checkClaims(payload);
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenRejected('Token expired');
      if (error instanceof TokenRejected) throw error;
      throw new TokenRejected('Invalid token');
    }
  }

  /**
   * Checks signature and issuer but not expiry, then requires the refresh window (`nra`) to
   * be open: an expired token is exactly what a refresh is for.
   */
  async verifyRefreshable(token: string): Promise<AccessTokenClaims> {
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
    if (claims.nra <= this.nowSeconds()) throw new TokenRejected('Session expired');
    return claims;
  }
}

function checkClaims(payload: JWTPayload): AccessTokenClaims {
  const valid =
    typeof payload.sub === 'string' &&
    typeof payload.iss === 'string' &&
    typeof payload.nra === 'number' &&
    typeof payload.exp === 'number' &&
    typeof payload.iat === 'number';
  if (!valid) throw new TokenRejected('Invalid token');
  return payload as AccessTokenClaims;
}
