#!/usr/bin/env node
// The stack the end-to-end tests drive: the same processes as `npm start` (already built),
// on fresh data, with the sandbox's test controls and the stack's control port enabled.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/services.mjs';
import { startStack } from './lib/stack.mjs';

const dataDir = path.join(repoRoot, '.run/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const stack = await startStack({
  dataDir,
  logDir: path.join(repoRoot, '.run/e2e-logs'),
  test: true,
});
console.info('test stack ready');
stack.onCrash((name, reason) => console.error(`${name} exited (${reason})`));
const shutdown = () => stack.stop().finally(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
