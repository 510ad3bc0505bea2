import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { JWK, KeyLike } from 'jose';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

/** A stand-in for the cloud POS host's signing key and its `/.well-known/jwks.json`. */
export interface FakePosHost {
  jwksUrl: string;
  /** A hand-off token like the POS host's; `claims` and `options` override the defaults. */
  token(
    home: string,
    claims?: Record<string, unknown>,
    options?: { iat?: number; ttl?: number; key?: KeyLike; issuer?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

const KID = 'pos-host-test-key';

export async function startFakePosHost(): Promise<FakePosHost> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  const server: Server = createServer((request, response) => {
    if (request.url === '/.well-known/jwks.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    async token(home, claims = {}, options = {}) {
      const iat = options.iat ?? Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: 'manager@demo.test',
        name: 'Maya Manager',
        pos_id: '1',
        wp_user_id: 1,
        ...claims,
      })
        .setProtectedHeader({ alg: 'ES256', kid: KID })
        .setIssuer(options.issuer ?? 'cloud-pos-api')
        .setAudience(home)
        .setSubject('usr_demo_manager')
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + (options.ttl ?? 60))
        .sign(options.key ?? privateKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
