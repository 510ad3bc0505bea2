// What a remote's production build writes about itself beside its remoteEntry.js and
// mf-manifest.json (shared/webpack/build-files-plugin.cjs), and what a release of that build
// records from it (scripts/lib/release.mjs), so a build published later (`--from DIR`, another
// checkout, before a `git pull`) keeps its own facts and publishing needs no dev tool:
// - slots.json: the slots of its contract (contract-slots.cjs) as the build computed them;
// - build.json: what the build is: the remote's version, the commit it was built from and the
//   versions of the contract and the shared singletons it was built against.
// CommonJS: the webpack configs (CommonJS), release.mjs and the scripts' jest project load it.
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const { promisify } = require('node:util');
const Ajv = require('ajv');

const repoRoot = path.join(__dirname, '..', '..');

/** The slots file's name in a remote's build. */
const SLOTS_FILE = 'slots.json';
/** The facts file's name in a remote's build. */
const FACTS_FILE = 'build.json';

/** The packages a release records the versions of: the contract and the shared singletons. */
const BUILT_AGAINST = [
  '@pos/shared',
  'react',
  'react-dom',
  'react-router-dom',
  'rxjs',
  'react-final-form',
];

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

/**
 * The shape of build.json: what the api records of a release's origin (its `version`, `commit`
 * and `builtAgainst` fields, with their bounds), checked before anything is stored.
 */
const FACTS_SCHEMA = {
  type: 'object',
  properties: {
    version: { type: 'string', minLength: 1, maxLength: 64 },
    commit: { type: 'string', pattern: '^[0-9a-f]{7,40}(-dirty)?$' },
    builtAgainst: {
      type: 'object',
      propertyNames: { minLength: 1, maxLength: 100 },
      additionalProperties: { type: 'string', minLength: 1, maxLength: 100 },
      maxProperties: 50,
    },
  },
  required: ['version', 'commit', 'builtAgainst'],
  additionalProperties: false,
};

const ajv = new Ajv({ allErrors: true });

/**
 * A checker of `schema` that throws naming each field that is wrong; compiled on first use.
 * @param {object} schema
 * @param {string} what what a value of the schema is, for the message
 */
function checkerOf(schema, what) {
  let validate = null;
  return (value, where) => {
    validate ??= ajv.compile(schema);
    if (validate(value)) return;
    const problems = validate.errors.map((error) => {
      const extra = error.params?.additionalProperty;
      return `${error.instancePath || '/'} ${error.message}${extra ? ` (${extra})` : ''}`;
    });
    throw new Error(`${where} is not ${what}: ${problems.join('; ')}`);
  };
}

/**
 * Throws when `slots` is not the slots' shape, naming each field that is wrong.
 * @type {(slots: unknown, where: string) => void} `where`: what the slots are, for the message
 */
const checkSlots = checkerOf(SLOTS_SCHEMA, "a remote's slots");

/**
 * Throws when `facts` is not build.json's shape, naming each field that is wrong.
 * @type {(facts: unknown, where: string) => void} `where`: what the facts are, for the message
 */
const checkFacts = checkerOf(FACTS_SCHEMA, "a remote build's facts");

/**
 * One of the files a remote's build in `dir` wrote about itself, parsed and checked. A build
 * without it was made before builds wrote it: rebuild it, what it records is never guessed.
 * @param {string} dir the build's folder (a dist/, or a release build's output)
 * @param {string} pkg the remote's package folder, for the message (e.g. mf-stations)
 * @param {{ name: string, records: string, check: (value: unknown, where: string) => void }} kind
 */
function readBuildFile(dir, pkg, { name, records, check }) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    throw new Error(
      `${dir} has no ${name}: it was built before builds recorded their ${records}. ` +
        `Rebuild it (pnpm --filter @pos/${pkg} build, or a release without --from) and publish again.`,
    );
  }
  let value;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not JSON: ${error.message}`);
  }
  check(value, file);
  return value;
}

/**
 * The slots a remote's build in `dir` was made with, from its slots.json, checked.
 * @param {string} dir the build's folder (a dist/, or a release build's output)
 * @param {string} pkg the remote's package folder, for the message (e.g. mf-stations)
 */
function readBuildSlots(dir, pkg) {
  return readBuildFile(dir, pkg, { name: SLOTS_FILE, records: 'slots', check: checkSlots });
}

/**
 * What a remote's build in `dir` is — its version, commit and the versions it was built
 * against — from its build.json, checked.
 * @param {string} dir the build's folder (a dist/, or a release build's output)
 * @param {string} pkg the remote's package folder, for the message (e.g. mf-stations)
 * @returns {{ version: string, commit: string, builtAgainst: Record<string, string> }}
 */
function readBuildFacts(dir, pkg) {
  return readBuildFile(dir, pkg, {
    name: FACTS_FILE,
    records: 'version, commit and the versions they were built against',
    check: checkFacts,
  });
}

/**
 * The installed version of each of {@link BUILT_AGAINST}, as the remote's package resolves it
 * (else as the kit does); a package resolvable from neither is left out.
 * @param {string} pkgDir the remote's folder
 * @returns {Record<string, string>}
 */
function builtAgainstOf(pkgDir) {
  const sharedDir = path.join(repoRoot, 'shared');
  const versionOf = (name) => {
    for (const from of [pkgDir, sharedDir]) {
      try {
        let dir = path.dirname(createRequire(path.join(from, 'package.json')).resolve(name));
        while (dir !== path.dirname(dir)) {
          const file = path.join(dir, 'package.json');
          if (fs.existsSync(file)) {
            const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
            if (pkg.name === name && pkg.version) return pkg.version;
          }
          dir = path.dirname(dir);
        }
      } catch {
        // not resolvable from here; try the kit's own dependencies
      }
    }
    return null;
  };
  return Object.fromEntries(
    BUILT_AGAINST.map((name) => [name, versionOf(name)]).filter(([, version]) => version),
  );
}

const execFileAsync = promisify(execFile);

/**
 * The commit the remote in `pkgDir` is built from, `-dirty` when its folder has changes;
 * `0000000` outside a git checkout (a copy of the sources). Both git calls run at once.
 * @param {string} pkgDir
 * @returns {Promise<string>}
 */
async function commitOf(pkgDir) {
  const git = async (...args) =>
    (await execFileAsync('git', args, { cwd: pkgDir, encoding: 'utf8' })).stdout.trim();
  try {
    const [commit, changes] = await Promise.all([
      git('rev-parse', '--short=12', 'HEAD'),
      git('status', '--porcelain', '--', '.'),
    ]);
    return changes ? `${commit}-dirty` : commit;
  } catch {
    return '0000000';
  }
}

/**
 * What the remote in `pkgDir` is as it is built now: build.json's content.
 * @param {string} pkgDir the remote's folder
 * @returns {Promise<{ version: string, commit: string, builtAgainst: Record<string, string> }>}
 */
async function buildFactsOf(pkgDir) {
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  return { version, commit: await commitOf(pkgDir), builtAgainst: builtAgainstOf(pkgDir) };
}

module.exports = {
  SLOTS_FILE,
  FACTS_FILE,
  BUILT_AGAINST,
  SLOTS_SCHEMA,
  FACTS_SCHEMA,
  checkSlots,
  checkFacts,
  readBuildSlots,
  readBuildFacts,
  builtAgainstOf,
  commitOf,
  buildFactsOf,
};
