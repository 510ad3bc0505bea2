import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The front ends' wire types are generated from the api's OpenAPI document and checked in: a
// route schema changed without regenerating them fails here. The script runs in its own Node
// process (openapi-typescript needs ES modules that Jest's module system does not load) and
// prints what it would write.
const API_DIR = path.resolve(__dirname, '../..');
const WIRE_TYPES_FILE = path.resolve(API_DIR, '../shared/src/api/wire.gen.ts');
const COMMAND = 'pnpm --filter @pos/api gen:types';

let generated: string;
beforeAll(() => {
  generated = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(API_DIR, 'scripts/gen-types.ts'), '--stdout'],
    { cwd: API_DIR, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
}, 120_000);

describe('the generated wire types (shared/src/api/wire.gen.ts)', () => {
  it('match the OpenAPI document the api serves', () => {
    const checkedIn = fs.existsSync(WIRE_TYPES_FILE)
      ? fs.readFileSync(WIRE_TYPES_FILE, 'utf8')
      : '';
    if (generated !== checkedIn) {
      throw new Error(
        "shared/src/api/wire.gen.ts is out of date with the api's route schemas. " +
          `Run \`${COMMAND}\` and commit the result.`,
      );
    }
  });

  it('name the entities the front ends use', () => {
    for (const name of ['Application', 'Station', 'SharedStationGroup', 'UserSettings', 'Error']) {
      expect(generated).toMatch(new RegExp(`^ {4}${name}: \\{`, 'm'));
    }
  });
});
