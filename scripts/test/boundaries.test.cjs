// The lint rules that keep remotes apart and keep everyone out of @pos/shared's source, run
// through ESLint's Node API on fixtures. ESLint
// loads eslint.config.mjs with a dynamic import, which Jest's module sandbox cannot do, so the
// API runs in a child Node process.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const LINT = `
const { ESLint } = require('eslint');
const [filePath, code] = JSON.parse(process.argv[1]);
new ESLint({ cwd: process.cwd() })
  .lintText(code, { filePath })
  .then(([result]) => console.log(JSON.stringify(result.messages)));
`;

/** How many no-restricted-imports errors ESLint reports for code placed at filePath. */
async function restricted(filePath, code) {
  const out = execFileSync(
    process.execPath,
    ['-e', LINT, JSON.stringify([path.join(root, filePath), code])],
    { cwd: root, encoding: 'utf8' },
  );
  return JSON.parse(out).filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('package boundaries', () => {
  it.each([
    ['mf-admin/src/Fixture.ts', "import { x } from '@pos/mf-stations';\nexport { x };\n"],
    [
      'mf-admin/src/Fixture.ts',
      "import { x } from '../../mf-applications/src/x';\nexport { x };\n",
    ],
    ['mf-stations/src/Fixture.ts', "import { x } from '@pos/mf-admin/src/x';\nexport { x };\n"],
    ['shell/src/Fixture.ts', "import { x } from '../../mf-stations/src/x';\nexport { x };\n"],
    ['mf-analytics/src/Fixture.ts', "import { x } from '../../mf-billing/src/x';\nexport { x };\n"],
    ['mf-billing/src/Fixture.ts', "import { x } from '@pos/mf-analytics';\nexport { x };\n"],
    [
      'mf-staff/src/Fixture.ts',
      "import { x } from '../../mf-applications/src/x';\nexport { x };\n",
    ],
    ['mf-applications/src/Fixture.ts', "import { x } from '@pos/mf-staff';\nexport { x };\n"],
    ['mf-assistant/src/Fixture.ts', "import { x } from '../../mf-staff/src/x';\nexport { x };\n"],
    ['mf-billing/src/Fixture.ts', "import { x } from '@pos/mf-assistant';\nexport { x };\n"],
  ])('%s fails on a crossing import', async (file, code) => {
    expect(await restricted(file, code)).toBeGreaterThan(0);
  });

  it.each([
    {
      file: 'shell/src/Fixture.ts',
      what: 'a module of the kit',
      code: "import { cx } from '@pos/shared/src/ui/cx';\nexport { cx };\n",
    },
    {
      file: 'mf-admin/src/Fixture.ts',
      what: 'a test helper',
      code: "import { createFakeApi } from '@pos/shared/src/contract/testing/fakeApi';\nexport { createFakeApi };\n",
    },
    {
      file: 'mf-stations/src/Fixture.ts',
      what: 'the source folder itself',
      code: "import { x } from '@pos/shared/src';\nexport { x };\n",
    },
    {
      file: 'api/src/Fixture.ts',
      what: 'a rule',
      code: "import { maskSecret } from '@pos/shared/src/rules/mask';\nexport { maskSecret };\n",
    },
    {
      file: 'shell/src/Fixture.ts',
      what: 'a stylesheet',
      code: "import '@pos/shared/src/ui/tokens.css';\n",
    },
    {
      file: 'mf-applications/src/Fixture.ts',
      what: 'a relative path',
      code: "import { x } from '../../shared/src/ui/cx';\nexport { x };\n",
    },
  ])("$file fails on @pos/shared's source: $what", async ({ file, code }) => {
    expect(await restricted(file, code)).toBeGreaterThan(0);
  });

  it("passes the entries of @pos/shared's exports map", async () => {
    const entries = [
      "import { cx, decodeToken } from '@pos/shared/lean';",
      "import '@pos/shared/tokens.css';",
      "import { maskSecret } from '@pos/shared/rules';",
      "import { createFakeApi } from '@pos/shared/testing';",
      "import { startDevPage } from '@pos/shared/dev';",
    ].join('\n');
    const code = `${entries}\nexport { cx, decodeToken, maskSecret, createFakeApi, startDevPage };\n`;
    expect(await restricted('shell/src/Fixture.ts', code)).toBe(0);
    expect(await restricted('mf-stations/src/Fixture.ts', code)).toBe(0);
    expect(await restricted('api/src/Fixture.ts', code)).toBe(0);
  });

  it('passes imports that stay inside', async () => {
    const code = "import { x } from './x';\nimport { y } from '@pos/shared';\nexport { x, y };\n";
    expect(await restricted('mf-admin/src/Fixture.ts', code)).toBe(0);
    expect(
      await restricted(
        'mf-stations/src/Fixture.ts',
        "import { x } from '@pos/mf-stations/src/x';\nexport { x };\n",
      ),
    ).toBe(0);
  });

  it.each([
    [
      'api/src/repositories/Fixture.ts',
      "import type { Activity } from '../routes/activities/schema';",
    ],
    [
      'api/src/repositories/Fixture.ts',
      "import { nextFreeSlug } from '../domain/applications/slugs';",
    ],
    [
      'api/src/repositories/Fixture.ts',
      "import type { StoreClient } from '../services/store/client';",
    ],
    [
      'api/src/domain/billing/Fixture.ts',
      "import type { Card } from '../../routes/subscriptions/billing-schema';",
    ],
    ['api/src/domain/Fixture.ts', "import { authPlugin } from '../plugins/auth';"],
    [
      'api/src/db/migrations/Fixture.ts',
      "import { activityHash } from '../../repositories/activity-chain';",
    ],
    ['api/src/db/Fixture.ts', "import type { LiveSignal } from '../live/events';"],
  ])("the api's layers point one way: %s fails on %s", async (file, line) => {
    expect(await restricted(file, `${line}\nexport {};\n`)).toBeGreaterThan(0);
  });

  it("passes the api's imports that point down", async () => {
    const down = [
      ['api/src/routes/Fixture.ts', "import { Billing } from '../domain/billing';"],
      ['api/src/routes/Fixture.ts', "import type { Repositories } from '../repositories';"],
      ['api/src/domain/Fixture.ts', "import type { Repositories } from '../repositories';"],
      ['api/src/domain/Fixture.ts', "import type { StoreClient } from '../services/store/client';"],
      ['api/src/repositories/Fixture.ts', "import type { Database } from '../db/types';"],
      ['api/src/repositories/Fixture.ts', "import type { Activity } from '@pos/shared/wire';"],
      ['api/src/db/migrations/Fixture.ts', "import type { AnyDb } from './kit';"],
    ];
    for (const [file, line] of down) {
      expect(await restricted(file, `${line}\nexport {};\n`)).toBe(0);
    }
  });
});
