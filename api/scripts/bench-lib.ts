// What the api benchmarks (bench-*.ts) share: the percentiles they print, the timed rounds, a
// local login provider that only serves a JWKS and signs tokens, the config of a throwaway api
// and the store key minting of the sandbox stores.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { ApiConfig } from '../src/config';
import { loadConfig } from '../src/config';

/**
 * The `p`th percentile (0–100, nearest rank) of ascending `sorted` latencies, rounded to
 * hundredths of a millisecond; 0 for an empty list.
 */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

/** How many calls {@link measure} times, and how many it makes first without timing them. */
export interface MeasureOptions {
  rounds: number;
  warmUp: number;
}

/** Latencies in ms of `rounds` calls after `warmUp` unmeasured ones, sorted ascending. */
export async function measure(
  call: () => Promise<void>,
  { rounds, warmUp }: MeasureOptions,
): Promise<number[]> {
  for (let i = 0; i < warmUp; i += 1) await call();
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Throws `<name> must be a positive whole number` unless `value` is an integer of 1 or more. */
export function positiveWhole(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive whole number`);
}

/** A WooCommerce REST key as a sandbox store's test control answers it. */
export interface StoreKey {
  consumer_key: string;
  consumer_secret: string;
}

/** Mints a read_write key of the store admin through the store's test control. */
export async function mintKey(store: string): Promise<StoreKey> {
  const response = await fetch(`${store}/_control/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (response.status !== 201) throw new Error(`${store} minted no key: ${response.status}`);
  return (await response.json()) as StoreKey;
}

/**
 * Switches the store's Cloud POS plugin on through its test control (the third sandbox store
 * starts without it, and a live check of such a store counts no stations).
 */
export async function activatePosPlugin(store: string): Promise<void> {
  const response = await fetch(`${store}/_control/pos-plugin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ active: true }),
  });
  if (response.status !== 200) throw new Error(`${store} kept its plugin off: ${response.status}`);
}

/** The claims of a provider token that differ between the benchmarks' users. */
export interface BenchClaims {
  email: string;
  name: string;
  isAdmin: boolean;
}

/** A login provider reduced to what the api needs from it: its JWKS, and tokens it signed. */
export interface BenchProvider {
  /** The issuer, to give the api as LOGIN_PROVIDER_URL. */
  providerUrl: string;
  /** A verified user's access token (RS256, kid `bench`), valid for an hour from now. */
  sign(sub: string, claims: BenchClaims): Promise<string>;
  /** Stops the JWKS server; it does not wait for open connections to end. */
  close(): void;
}

/**
 * Generates an RS256 key pair and serves its public half as the JWKS of every path on a free
 * port of 127.0.0.1, so the api verifies tokens exactly as against the real provider.
 */
export async function startBenchProvider(): Promise<BenchProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwks = JSON.stringify({
    keys: [{ ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' }],
  });
  const jwksServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const providerUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
  return {
    providerUrl,
    sign: (sub, claims) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims, isVerified: true, nra: now + 86_400 })
        .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
        .setIssuer(providerUrl)
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
    },
    close: () => {
      jwksServer.close();
    },
  };
}

/**
 * The config of a silent api trusting `providerUrl`, with its SQLite database and signing key in
 * `dir`. `sandboxStores` lets it reach stores on 127.0.0.1 (where the sandbox runs them) and
 * gives it a fresh key to seal their secrets with.
 */
export function benchConfig(
  dir: string,
  providerUrl: string,
  { sandboxStores = false }: { sandboxStores?: boolean } = {},
): ApiConfig {
  return {
    ...loadConfig({
      LOGIN_PROVIDER_URL: providerUrl,
      LOG_LEVEL: 'silent',
      ...(sandboxStores
        ? {
            STORE_ALLOW_PRIVATE_HOSTS: '1',
            STORE_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
          }
        : {}),
    }),
    databaseUrl: null,
    sqlitePath: path.join(dir, 'bench.sqlite'),
    signingKeyPath: path.join(dir, 'key.json'),
  };
}

/**
 * Runs a benchmark's `main`; a failure is printed and exits 1, so a broken run is never
 * mistaken for figures.
 */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
