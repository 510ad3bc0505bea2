#!/usr/bin/env node
// Publishes one remote's release (issue 31); run from the remote's folder by its `release`
// script (`pnpm --filter @pos/mf-admin release`), or from the root with the remote's name:
//
//   node scripts/release.mjs mf-admin [--from DIR]
//
// It builds the remote (production) apart from its dist/, copies the build to
// <RELEASES_DIR>/<remote>/<hash>/ (default .data/releases; never overwritten) and records it
// in the api's registry as the admin whose token is POS_RELEASE_TOKEN, or who signs in with
// POS_RELEASE_EMAIL and POS_RELEASE_PASSWORD at the login provider. The release is not live
// until an admin promotes it on the Releases page. API_URL is the api (default the local one);
// RELEASES_URL the public address of the releases folder (default the remote's own server's
// /releases).
import path from 'node:path';
import { publishRemote, signIn } from './lib/release.mjs';

const args = process.argv.slice(2);
const fromAt = args.indexOf('--from');
const from = fromAt >= 0 ? args[fromAt + 1] : undefined;
const name =
  args.find((arg, i) => !arg.startsWith('--') && i !== fromAt + 1) ?? path.basename(process.cwd());

const token =
  process.env.POS_RELEASE_TOKEN ||
  (process.env.POS_RELEASE_EMAIL && process.env.POS_RELEASE_PASSWORD
    ? await signIn(process.env.POS_RELEASE_EMAIL, process.env.POS_RELEASE_PASSWORD)
    : null);
if (!token) {
  console.error(
    'Set POS_RELEASE_TOKEN (an admin access token) or POS_RELEASE_EMAIL and POS_RELEASE_PASSWORD.',
  );
  process.exit(2);
}
try {
  const release = await publishRemote(name, {
    token,
    from,
    apiUrl: process.env.API_URL,
    releasesUrl: process.env.RELEASES_URL,
  });
  console.info(
    `Published ${release.remote} ${release.version} (${release.commit}) as release ${release.id}\n` +
      `  ${release.entry}\n  Not live yet: promote it on /admin-panel/releases.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
