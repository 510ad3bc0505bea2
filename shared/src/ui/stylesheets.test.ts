import fs from 'node:fs';
import path from 'node:path';

// A kit component's stylesheet is imported by the component's own module, never only by an
// index: the package is side-effect free but for its CSS (package.json `sideEffects`), so a
// build that imports a component by name skips the indexes on its way, and a stylesheet only an
// index imported was left out of it (the bench's one-bundle build showed the plugin prompts and
// the invite button unstyled).

const UI = __dirname;

/** Every module of the kit's components, tests and indexes aside. */
const componentModules = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentModules(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    if (entry.name === 'index.ts' || entry.name.endsWith('.d.ts')) return [];
    return [file];
  });

/** The stylesheets a module imports, as absolute paths. */
const stylesheetsOf = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^import '(\.{1,2}\/[^']+\.css)';$/gm)].map((match) =>
    path.resolve(path.dirname(file), match[1]!),
  );

const componentStylesheets = fs
  .readdirSync(UI, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    fs
      .readdirSync(path.join(UI, entry.name))
      .filter((name) => name.endsWith('.css'))
      .map((name) => path.join(UI, entry.name, name)),
  );

describe("the kit's stylesheets", () => {
  const imported = new Set(componentModules(UI).flatMap(stylesheetsOf));

  it('finds the stylesheets and their imports', () => {
    expect(componentStylesheets.length).toBeGreaterThan(10);
    expect(imported.size).toBeGreaterThan(10);
  });

  it.each(componentStylesheets.map((file) => [path.relative(UI, file)]))(
    '%s is imported by a component module',
    (relative) => {
      expect(imported.has(path.join(UI, relative))).toBe(true);
    },
  );

  it('leaves the root index only the tokens', () => {
    expect(stylesheetsOf(path.join(UI, 'index.ts'))).toEqual([path.join(UI, 'tokens.css')]);
  });
});
