// The lint rule that keeps remotes apart, run through ESLint's Node API on fixtures. ESLint
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
  ])('%s fails on a crossing import', async (file, code) => {
    expect(await restricted(file, code)).toBeGreaterThan(0);
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
});
