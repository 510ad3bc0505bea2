#!/usr/bin/env node
// The stack the end-to-end tests drive: the same processes as `npm start` (already built),
// on fresh data, with the sandbox's test controls and the stack's control port enabled.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/services.mjs';
import { startStack } from './lib/stack.mjs';

// E2E_DATA_DIR lets two test stacks (on different ports) run side by side without sharing data.
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? path.join(repoRoot, '.run/e2e-data'));
rmSync(dataDir, { recursive: true, force: true });
// On PostgreSQL (DATABASE_URL) fresh data is a schema of its own for this run.
if (process.env.DATABASE_URL && !process.env.DATABASE_SCHEMA) {
  process.env.DATABASE_SCHEMA = `e2e_${Date.now().toString(36)}`;
}
const stack = await startStack({
  dataDir,
  logDir: path.resolve(process.env.E2E_LOG_DIR ?? path.join(repoRoot, '.run/e2e-logs')),
  test: true,
});
console.info('test stack ready');
stack.onCrash((name, reason) => console.error(`${name} exited (${reason})`));
const shutdown = () => stack.stop().finally(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
