// The bench's budget check (scripts/lib/budgets.cjs) on the fixtures of fixtures/bench/.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { budgetReport, checkBudgets, loadBudgets } = require('../lib/budgets.cjs');

const fixture = (name) => path.join(__dirname, 'fixtures', 'bench', name);
const measures = (name) => JSON.parse(fs.readFileSync(fixture(name), 'utf8'));
const budgets = loadBudgets(fixture('budgets.json'));

describe("the bench's budget check", () => {
  it('passes when every measure is within its budget, a wildcard budget covering each remote', () => {
    const rows = checkBudgets(measures('measures-pass.json'), budgets);
    expect(rows.map((row) => [row.id, row.ok])).toEqual([
      ['remoteEntry.gzip.mf-admin', true],
      ['remoteEntry.gzip.mf-staff', true],
      ['landing.js.gzip', true],
      ['reactDom.copies', true],
      ['ingest.sqlite.ordersPerSecond', true],
      ['ingest.sqlite.checked', true],
    ]);
    const { ok, report } = budgetReport(measures('measures-pass.json'), budgets);
    expect(ok).toBe(true);
    expect(report).not.toMatch(/budget missed/);
    expect(report).toMatch(
      /\| mf-admin remoteEntry\.js \(gzip\) +\| 8\.8 KB +\| ≤ 10\.0 KB +\| ✓ +\|/,
    );
  });

  it('fails on each miss and prints the row: over a max, under a min, not equal, no budget', () => {
    const { ok, report } = budgetReport(measures('measures-fail.json'), budgets);
    expect(ok).toBe(false);
    const missed = report.split('\n').filter((line) => line.startsWith('budget missed: '));
    expect(missed).toEqual([
      'budget missed: mf-admin remoteEntry.js (gzip): 27.2 KB, budget ≤ 10.0 KB',
      'budget missed: react-dom copies loaded: 2, budget = 1',
      'budget missed: webhook ingest on SQLite: 499 orders/s, budget ≥ 500 orders/s',
      'budget missed: webhook ingest on SQLite: chain and live events: no, budget = yes',
      'budget missed: Signed-in shell JS before any remote (gzip): 150.0 KB, budget none',
    ]);
    expect(report).toMatch(
      /\| mf-admin remoteEntry\.js \(gzip\) +\| 27\.2 KB +\| ≤ 10\.0 KB +\| ✗ +\|/,
    );
    expect(report).toMatch(
      /\| mf-staff remoteEntry\.js \(gzip\) +\| 8\.8 KB +\| ≤ 10\.0 KB +\| ✓ +\|/,
    );
  });

  it('fails a budget that measured nothing, and a value that is no number', () => {
    const some = measures('measures-pass.json').filter((m) => m.id !== 'landing.js.gzip');
    some[0] = { ...some[0], value: Number.NaN };
    const rows = checkBudgets(some, budgets);
    expect(rows.filter((row) => !row.ok).map((row) => row.id)).toEqual([
      'remoteEntry.gzip.mf-admin',
      'landing.js.gzip',
    ]);
  });

  it('shows a ratio without a unit with its decimals, so that its miss can be read', () => {
    const ratio = { id: 'edge.ratio', label: "nginx's overhead", value: 1.35 };
    const { ok, report } = budgetReport([ratio], { 'edge.ratio': { max: 1.2 } });
    expect(ok).toBe(false);
    expect(report).toMatch(/budget missed: nginx's overhead: 1\.35, budget ≤ 1\.20$/m);
    // A count stays whole.
    const copies = { id: 'reactDom.copies', label: 'react-dom copies loaded', value: 2 };
    expect(budgetReport([copies], { 'reactDom.copies': { equals: 1 } }).report).toMatch(
      /budget missed: react-dom copies loaded: 2, budget = 1$/m,
    );
  });

  it('refuses a budgets file whose entry has no limit, or two', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budgets-'));
    const write = (value) => {
      const file = path.join(dir, 'budgets.json');
      fs.writeFileSync(file, JSON.stringify(value));
      return file;
    };
    expect(() => loadBudgets(write({ a: {} }))).toThrow(/a needs one of max, min, equals/);
    expect(() => loadBudgets(write({ a: { max: 1, min: 0 } }))).toThrow(/a needs one of/);
    expect(() => loadBudgets(write({ a: { max: '1' } }))).toThrow(/not a number/);
    expect(() => loadBudgets(write([]))).toThrow(/expected an object/);
    fs.rmSync(dir, { recursive: true });
  });
});
