// The bench's budget check: every measure `npm run bench` takes is held against a budget of
// scripts/bench/budgets.json. A measure without a budget, a budget that measured nothing and a
// value past its budget are all misses.

const fs = require('node:fs');

/**
 * @typedef {'KB' | 'ms' | 's' | 'orders/s' | 'x' | 'B' | 'score' | ''} Unit
 *   (B: bytes; score: a unitless score such as CLS, shown with three decimals)
 * @typedef {{ id: string, label: string, value: number | boolean, unit?: Unit, detail?: string }} Measure
 *   `value` is in `unit` (KB are 1 024 bytes); `detail` is shown beside it (a p50 beside a p99).
 * @typedef {{ max: number } | { min: number } | { equals: number | boolean }} Budget
 * @typedef {{ id: string, label: string, value: string, budget: string, ok: boolean }} Row
 */

const KINDS = ['max', 'min', 'equals'];

/**
 * Reads and checks a budgets file: an object of measure id (or `prefix.*`) → one budget.
 * @returns {Record<string, Budget>}
 */
function loadBudgets(file) {
  const budgets = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!budgets || typeof budgets !== 'object' || Array.isArray(budgets))
    throw new Error(`${file}: expected an object of measure id → budget`);
  for (const [id, budget] of Object.entries(budgets)) {
    if (id.startsWith('$')) continue; // "$comment"
    const kinds = Object.keys(budget ?? {}).filter((key) => KINDS.includes(key));
    if (kinds.length !== 1) throw new Error(`${file}: ${id} needs one of ${KINDS.join(', ')}`);
    const limit = budget[kinds[0]];
    if (
      kinds[0] === 'equals'
        ? !['number', 'boolean'].includes(typeof limit)
        : !Number.isFinite(limit)
    )
      throw new Error(`${file}: ${id}'s ${kinds[0]} is not a number`);
  }
  return budgets;
}

/** The budget of a measure: its own id first, else the longest `prefix.*` that matches. */
function budgetKeyFor(budgets, id) {
  if (Object.hasOwn(budgets, id)) return id;
  return Object.keys(budgets)
    .filter((key) => key.endsWith('.*') && id.startsWith(key.slice(0, -1)))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * A count is shown whole; a fraction without a unit keeps two decimals, or a ratio of 1.35
 * against a budget of 1.2 would read "1, budget ≤ 1" and fail for no visible reason.
 */
const unitlessDigits = (value) => (Number.isInteger(value) ? 0 : 2);

const formatValue = (value, unit = '') => {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (!Number.isFinite(value)) return String(value);
  const digits =
    unit === 'KB' || unit === 's'
      ? 1
      : unit === 'ms' || unit === 'x'
        ? 2
        : unit === 'score'
          ? 3
          : unitlessDigits(value);
  const text = value.toFixed(digits);
  if (unit === '' || unit === 'score') return text;
  return unit === 'x' ? `${text}×` : `${text} ${unit}`;
};

const formatBudget = (budget, unit) => {
  if ('max' in budget) return `≤ ${formatValue(budget.max, unit)}`;
  if ('min' in budget) return `≥ ${formatValue(budget.min, unit)}`;
  return `= ${formatValue(budget.equals, unit)}`;
};

const meets = (value, budget) => {
  if ('equals' in budget) return value === budget.equals;
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return 'max' in budget ? value <= budget.max : value >= budget.min;
};

/**
 * Holds every measure against its budget.
 * @param {Measure[]} measures
 * @param {Record<string, Budget>} budgets
 * @param {{ partial?: boolean }} [options] partial: a run that measures only some rows on purpose
 *   (BENCH_ONLY) — budgets that measured nothing are left out instead of failing
 * @returns {Row[]} one row a measure, then one failing row for each budget that measured nothing
 */
function checkBudgets(measures, budgets, { partial = false } = {}) {
  const used = new Set();
  const rows = measures.map((measure) => {
    const key = budgetKeyFor(budgets, measure.id);
    const shown = formatValue(measure.value, measure.unit);
    const value = measure.detail ? `${shown} (${measure.detail})` : shown;
    if (key === undefined)
      return { id: measure.id, label: measure.label, value, budget: 'none', ok: false };
    used.add(key);
    const budget = budgets[key];
    return {
      id: measure.id,
      label: measure.label,
      value,
      budget: formatBudget(budget, measure.unit),
      ok: meets(measure.value, budget),
    };
  });
  const unused = partial
    ? []
    : Object.keys(budgets).filter((key) => !key.startsWith('$') && !used.has(key));
  for (const key of unused)
    rows.push({
      id: key,
      label: `${key} (budgeted, not measured)`,
      value: '—',
      budget: 'measured',
      ok: false,
    });
  return rows;
}

/** The rows as a Markdown table. */
function formatTable(rows) {
  const cells = rows.map((row) => [row.label, row.value, row.budget, row.ok ? '✓' : '✗']);
  const header = ['measure', 'value', 'budget', 'ok'];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((c) => c[i].length)));
  const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/**
 * The table, then each miss on a line of its own (`budget missed: …`); `ok` is false on any miss.
 * @returns {{ ok: boolean, report: string }}
 */
function budgetReport(measures, budgets, options) {
  const rows = checkBudgets(measures, budgets, options);
  const misses = rows.filter((row) => !row.ok);
  const lines = misses.map(
    (row) => `budget missed: ${row.label}: ${row.value}, budget ${row.budget}`,
  );
  return { ok: misses.length === 0, report: [formatTable(rows), ...lines].join('\n') };
}

module.exports = { loadBudgets, checkBudgets, formatTable, budgetReport, formatValue };
