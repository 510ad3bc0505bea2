// WordPress's `_fields` query parameter (rest_filter_response_fields, WordPress 5.3+): a
// successful REST answer keeps only the fields named, comma-separated, nested ones by dots
// (`environment.home_url`). Errors are never trimmed. WooCommerce's system_status reads the
// same list to compute only the sections asked for; the sandbox computes everything cheaply.

type Tree = { [name: string]: Tree | true };

/** The names of `_fields` as WordPress's wp_parse_list reads them; empty when none. */
export function parseFieldList(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  return raw
    .split(/[\s,]+/)
    .map((field) => field.trim())
    .filter((field) => field !== '');
}

/** The accepted field hierarchy: a parent named whole keeps all of its children. */
function fieldTree(fields: string[]): Tree {
  const tree: Tree = {};
  for (const field of fields) {
    const parts = field.split('.');
    let node = tree;
    let covered = false;
    while (parts.length > 1) {
      const next = parts.shift() ?? '';
      const child = node[next];
      if (child === true) {
        covered = true;
        break;
      }
      const branch: Tree = child ?? {};
      node[next] = branch;
      node = branch;
    }
    if (!covered) node[parts[0] ?? ''] = true;
  }
  return tree;
}

function pick(value: unknown, tree: Tree): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, branch] of Object.entries(tree)) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) continue;
    const item = (value as Record<string, unknown>)[name];
    out[name] = branch === true ? item : pick(item, branch);
  }
  return out;
}

/**
 * `data` trimmed to `fields` as WordPress does: each item of a list, or the object itself;
 * anything else unchanged. No fields: unchanged.
 */
export function filterFields(data: unknown, fields: string[]): unknown {
  if (fields.length === 0) return data;
  const tree = fieldTree(fields);
  return Array.isArray(data) ? data.map((item) => pick(item, tree)) : pick(data, tree);
}
