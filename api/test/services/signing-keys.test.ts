import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
} from 'jose';
import type { DatabaseHandle } from '../../src/db';
import type { SecretBox } from '../../src/services/secret-box';
import { createSecretBox } from '../../src/services/secret-box';
import { HANDOFF_ISSUER, SigningKeys, signHandOffToken } from '../../src/services/signing-key';
import { createTestDatabase } from '../helpers/app';

// The api's signing keys live in signing_keys, shared by every instance on the database (issue
// 16): the newest key signs once its signs_from has come, the others verify until retired.
// Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let database: DatabaseHandle;
let second: DatabaseHandle;
let drop: () => Promise<void>;
let secrets: SecretBox;
beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  second = created.database.dialect === 'postgres' ? created.reopen() : created.database;
  drop = async () => {
    if (second !== database) await second.close();
    await created.drop();
  };
  secrets = createSecretBox(crypto.randomBytes(32));
});
afterEach(async () => {
  await database.db.deleteFrom('signing_keys').execute();
});
afterAll(() => drop());

/** A clock the test moves. */
function clock(start = Date.parse('2026-01-01T00:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const handOff = {
  audience: 'https://shop.example',
  userId: 'u1',
  email: 'a@shop.example',
  name: 'A',
  posId: '1',
  wpUserId: 2,
};

describe('SigningKeys', () => {
  it('makes one key for the database; a second instance opening it signs with that key', async () => {
    const a = await SigningKeys.open(database.db, secrets);
    const b = await SigningKeys.open(second.db, secrets);
    const keyA = await a.signing();
    expect((await b.signing()).kid).toBe(keyA.kid);
    expect((await b.jwks()).keys.map((k) => k.kid)).toEqual([keyA.kid]);
    // A token of A verifies on B (by kid), and against B's JWKS as a store would.
    const token = await signHandOffToken(keyA, handOff);
    const { payload } = await jwtVerify(token, b.verificationKey, { issuer: HANDOFF_ISSUER });
    expect(payload.sub).toBe('u1');
    await expect(
      jwtVerify(token, createLocalJWKSet(await b.jwks()), { audience: handOff.audience }),
    ).resolves.toBeTruthy();
  });

  it('keeps the private key sealed at rest: no "d" in the row, the box opens it with its kid only', async () => {
    const keys = await SigningKeys.open(database.db, secrets);
    const { kid } = await keys.signing();
    const row = await database.db
      .selectFrom('signing_keys')
      .selectAll()
      .where('kid', '=', kid)
      .executeTakeFirstOrThrow();
    expect(row.private_jwk.startsWith('v1.')).toBe(true);
    expect(row.private_jwk).not.toContain('"d"');
    expect(JSON.parse(row.public_jwk)).not.toHaveProperty('d');
    expect(JSON.parse(secrets.open(row.private_jwk, `signing_keys:${kid}`))).toHaveProperty('d');
    expect(() => secrets.open(row.private_jwk, 'signing_keys:another')).toThrow();
    // Another secret box (another STORE_SECRET_KEY) cannot read the set.
    await expect(
      SigningKeys.open(database.db, createSecretBox(crypto.randomBytes(32))),
    ).rejects.toThrow();
  });

  it('rotates by kid: the next key is published an hour ahead, signs after, and the old one verifies for an hour more', async () => {
    const time = clock();
    const options = { now: time.now, rotateAfterMs: 30 * DAY, refreshMs: 0 };
    const a = await SigningKeys.open(database.db, secrets, options);
    const b = await SigningKeys.open(second.db, secrets, options);
    const first = await a.signing();
    const oldToken = await signHandOffToken(first, handOff);

    time.advance(30 * DAY);
    // Both instances notice; one key is made (generation is unique).
    const [fromA, fromB] = await Promise.all([a.jwks(), b.jwks()]);
    expect(fromA.keys).toHaveLength(2);
    expect(fromB.keys.map((k) => k.kid)).toEqual(fromA.keys.map((k) => k.kid));
    const next = fromA.keys[1]!.kid!;
    expect(next).not.toBe(first.kid);
    expect(await database.db.selectFrom('signing_keys').select('kid').execute()).toHaveLength(2);
    // Published, not yet signing.
    expect((await a.signing()).kid).toBe(first.kid);
    expect((await b.signing()).kid).toBe(first.kid);

    time.advance(HOUR);
    expect((await a.signing()).kid).toBe(next);
    expect((await b.signing()).kid).toBe(next);
    const newToken = await signHandOffToken(await a.signing(), handOff);
    expect(decodeProtectedHeader(newToken).kid).toBe(next);
    // Both kids verify on either instance while the old one is kept.
    for (const keys of [a, b]) {
      for (const token of [oldToken, newToken]) {
        await expect(
          jwtVerify(token, keys.verificationKey, { currentDate: new Date(time.now() - HOUR) }),
        ).resolves.toBeTruthy();
      }
    }

    time.advance(HOUR);
    // Retired: gone from the JWKS, from the table, and it verifies nothing.
    expect((await a.jwks()).keys.map((k) => k.kid)).toEqual([next]);
    expect(
      (await database.db.selectFrom('signing_keys').select('kid').execute()).map((r) => r.kid),
    ).toEqual([next]);
    await expect(
      jwtVerify(oldToken, b.verificationKey, { currentDate: new Date(time.now() - 2 * HOUR) }),
    ).rejects.toThrow();
  });

  it('refuses a token without a kid or with one it does not know', async () => {
    const keys = await SigningKeys.open(database.db, secrets);
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const stranger = {
      kid: 'stranger',
      privateKey,
      publicJwk: await exportJWK(privateKey),
    };
    await expect(
      jwtVerify(await signHandOffToken(stranger, handOff), keys.verificationKey),
    ).rejects.toThrow();
    const own = await keys.signing();
    await expect(
      jwtVerify(await signHandOffToken({ ...own, kid: '' }, handOff), keys.verificationKey),
    ).rejects.toThrow();
  });

  it("takes the old key file as the first key of an empty set, so stores' cached JWKS keep working", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-key-import-'));
    try {
      const { privateKey } = await generateKeyPair('ES256', { extractable: true });
      const jwk = { ...(await exportJWK(privateKey)), kid: 'api-from-file', alg: 'ES256' };
      const file = path.join(dir, 'key.json');
      fs.writeFileSync(file, JSON.stringify(jwk));
      const keys = await SigningKeys.open(database.db, secrets, { importFile: file });
      expect((await keys.signing()).kid).toBe('api-from-file');
      expect((await keys.jwks()).keys[0]).toMatchObject({ kid: 'api-from-file', x: jwk.x });
      // Not again once the set has a key.
      fs.writeFileSync(file, JSON.stringify({ ...jwk, kid: 'api-other' }));
      const again = await SigningKeys.open(second.db, secrets, { importFile: file });
      expect((await again.signing()).kid).toBe('api-from-file');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
