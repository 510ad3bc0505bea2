import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A UUID version 7, increasing within this process even inside one millisecond, so that rows
 * created in the same millisecond still sort in creation order when a list is ordered by
 * (created_at, id).
 */
export function newId(): string {
  const now = Date.now();
  if (now <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
  } else {
    lastMs = now;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  const ms = lastMs;
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | ((sequence >>> 8) & 0x0f);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The current time as stored in the database (ISO-8601 UTC, milliseconds). */
export function nowIso(): string {
  return new Date().toISOString();
}
