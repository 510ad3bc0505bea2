#!/usr/bin/env node
// `npm run restart:rolling`: restarts the api instances of a running `npm run start:prod` one at
// a time behind nginx (scripts/lib/stack.mjs rollingRestart), through the stack's control port
// on 127.0.0.1 (CONTROL_PORT). Prints each step; exits 1 if a step failed.
import { urls } from './lib/services.mjs';

const response = await fetch(`${urls.control}/rolling-restart`, { method: 'POST' }).catch(
  (error) => {
    console.error(
      `No stack answers on ${urls.control} (is npm run start:prod running?): ${error.message}`,
    );
    process.exit(1);
  },
);
const text = await response.text();
process.stdout.write(text);
process.exit(response.ok && text.trimEnd().endsWith('done') ? 0 : 1);
