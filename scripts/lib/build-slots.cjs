// A remote build's slots.json: the slots of its contract (contract-slots.cjs) as its production
// build computed them (shared/webpack/slots-plugin.cjs), beside its remoteEntry.js and
// mf-manifest.json. A release records the slots of the build it publishes from this file, so a
// build published later (`--from DIR`) keeps its own slots, and publishing needs no dev tool.
// CommonJS: the webpack configs (CommonJS), release.mjs and the scripts' jest project load it.
const fs = require('node:fs');
const path = require('node:path');
const Ajv = require('ajv');

/** The file's name in a remote's build. */
const SLOTS_FILE = 'slots.json';

const text = { type: 'string', minLength: 1 };
const placed = {
  id: text,
  access: { enum: ['all', 'manager', 'admin'] },
  order: { type: 'number' },
};
const item = (fields) => ({
  type: 'object',
  properties: { ...placed, ...fields },
  required: [...Object.keys(placed), ...Object.keys(fields)],
  additionalProperties: false,
});
const pixels = { type: 'number', exclusiveMinimum: 0 };

/**
 * The shape of the file: remotes.json's `slots` as a release records them, every list and every
 * size present. The bounds (how many items, the most rows a tile takes) are the api's rules, which
 * it checks again on publishing; this is the shape, checked before anything is stored.
 */
const SLOTS_SCHEMA = {
  type: 'object',
  properties: {
    navItems: {
      type: 'array',
      items: item({
        label: text,
        path: { type: 'string', pattern: '^/' },
        disabledWhenBanned: { type: 'boolean' },
        icon: text,
      }),
    },
    tiles: {
      type: 'array',
      items: item({ title: text, rows: { type: 'integer', minimum: 1 } }),
    },
    navWidgets: {
      type: 'array',
      items: item({ title: text, height: pixels, collapsedHeight: pixels }),
    },
  },
  required: ['navItems', 'tiles', 'navWidgets'],
  additionalProperties: false,
};

let validate = null;

/**
 * Throws when `slots` is not the slots' shape, naming each field that is wrong.
 * @param {unknown} slots
 * @param {string} where what the slots are, for the message (e.g. the file's path)
 */
function checkSlots(slots, where) {
  validate ??= new Ajv({ allErrors: true }).compile(SLOTS_SCHEMA);
  if (validate(slots)) return;
  const problems = validate.errors.map((error) => {
    const extra = error.params?.additionalProperty;
    return `${error.instancePath || '/'} ${error.message}${extra ? ` (${extra})` : ''}`;
  });
  throw new Error(`${where} is not a remote's slots: ${problems.join('; ')}`);
}

/**
 * The slots a remote's build in `dir` was made with, from its slots.json, checked. A build
 * without the file was made before builds wrote it: rebuild it, its slots are not guessed.
 * @param {string} dir the build's folder (a dist/, or a release build's output)
 * @param {string} pkg the remote's package folder, for the message (e.g. mf-stations)
 */
function readBuildSlots(dir, pkg) {
  const file = path.join(dir, SLOTS_FILE);
  if (!fs.existsSync(file)) {
    throw new Error(
      `${dir} has no ${SLOTS_FILE}: it was built before builds recorded their slots. ` +
        `Rebuild it (pnpm --filter @pos/${pkg} build, or a release without --from) and publish again.`,
    );
  }
  let slots;
  try {
    slots = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not JSON: ${error.message}`);
  }
  checkSlots(slots, file);
  return slots;
}

module.exports = { SLOTS_FILE, SLOTS_SCHEMA, checkSlots, readBuildSlots };
