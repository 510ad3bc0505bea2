// Checks an activity export (GET activities/export) outside the app, as api/README.md's
// recipe says ("Checking it outside the app"):
//   ACTIVITY_CHAIN_KEY=<base64> pnpm --filter @pos/api exec tsx scripts/verify-activity-export.ts activity-2026-03-01-2026-03-31.csv
// Without ACTIVITY_CHAIN_KEY the key is the api's own (derived from its store secret key, as
// the server's environment configures it). Prints {rows, ok, firstBroken} and exits 1 when a
// row does not verify.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { loadConfig } from '../src/config';
import { loadActivityChainKey } from '../src/services/activity-chain-key';

/** The prevHash of an owner's first entry. */
const GENESIS_HASH = '0'.repeat(64);

/** What a verification of an export found. */
export interface ExportVerification {
  rows: number;
  ok: boolean;
  /** The first row (1 = the first after the header) whose hash or link does not hold. */
  firstBroken: { row: number; seq: string; reason: string } | null;
}

/** A cell as stored: one leading ' taken off (the export adds one to every cell starting with '). */
const stored = (cell: string): string => (cell.startsWith("'") ? cell.slice(1) : cell);

/**
 * Verifies every row of an export: its hash is the HMAC-SHA256 hex, with `key`, of the JSON
 * array [owner, seq, prevHash, name, feedType, link, linkName, createdAt] (cells as stored,
 * an empty link or linkName as null, seq a number), and its prevHash is the previous row's hash
 * (64 zeros for seq 1; the first row of a period that starts mid-chain links to an entry
 * before the export).
 */
export function verifyActivityExport(csv: string, key: Buffer): ExportVerification {
  const records = parse(csv, { columns: true, record_delimiter: '\r\n' }) as Array<
    Record<string, string>
  >;
  let previous: string | null = null;
  for (const [index, record] of records.entries()) {
    const cell = (name: string) => stored(record[name] ?? '');
    const broken = (reason: string): ExportVerification => ({
      rows: records.length,
      ok: false,
      firstBroken: { row: index + 1, seq: cell('seq'), reason },
    });
    const seq = Number(cell('seq'));
    const prevHash = cell('prevHash');
    if (seq === 1 && prevHash !== GENESIS_HASH) return broken('the first entry links to another');
    if (previous !== null && prevHash !== previous)
      return broken('prevHash is not the previous hash');
    const canonical = JSON.stringify([
      cell('owner'),
      seq,
      prevHash,
      cell('name'),
      cell('feedType'),
      cell('link') || null,
      cell('linkName') || null,
      cell('createdAt'),
    ]);
    const hash = createHmac('sha256', key).update(canonical, 'utf8').digest('hex');
    if (hash !== cell('hash')) return broken('hash does not match the row');
    previous = cell('hash');
  }
  return { rows: records.length, ok: true, firstBroken: null };
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: verify-activity-export.ts <export.csv>');
  const key = loadActivityChainKey(loadConfig());
  const result = verifyActivityExport(fs.readFileSync(file, 'utf8'), key);
  console.info(JSON.stringify(result));
  if (!result.ok) process.exitCode = 1;
}

if (require.main === module) main();
