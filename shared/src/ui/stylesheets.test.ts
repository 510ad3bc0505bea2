import fs from 'node:fs';
import path from 'node:path';

// A kit component's stylesheet is imported by the component's own module, never only by an
// index: the package is side-effect free but for its CSS (package.json `sideEffects`), so a
// build that imports a component by name skips the indexes on its way, and a stylesheet only an
// index imported was left out of it (the bench's one-bundle build showed the plugin prompts and
// the invite button unstyled). The store kit's components import theirs through the store
// kit's one stylesheet (`@pos/shared/store-kit.css`), which the shell shares with the remotes.

const UI = __dirname;
const PACKAGE = path.join(UI, '..', '..');
const { exports: entries } = JSON.parse(
  fs.readFileSync(path.join(PACKAGE, 'package.json'), 'utf8'),
) as { exports: Record<string, string> };

/** Every module of the kit's components, tests and indexes aside. */
const componentModules = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentModules(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    if (entry.name === 'index.ts' || entry.name.endsWith('.d.ts')) return [];
    return [file];
  });

/** A stylesheet and those it imports (`@import`), theirs too, as absolute paths. */
const withImports = (file: string): string[] => [
  file,
  ...[...fs.readFileSync(file, 'utf8').matchAll(/^@import '(\.{1,2}\/[^']+\.css)';$/gm)].flatMap(
    (match) => withImports(path.resolve(path.dirname(file), match[1]!)),
  ),
];

/** The stylesheets a module imports (relative, or an entry of the package), with theirs. */
const stylesheetsOf = (file: string): string[] =>
  [
    ...fs
      .readFileSync(file, 'utf8')
      .matchAll(/^import '((?:\.{1,2}\/|@pos\/shared\/)[^']+\.css)';$/gm),
  ].flatMap((match) => {
    const request = match[1]!;
    const entry = entries[request.replace(/^@pos\/shared\//, './')];
    if (!request.startsWith('.') && !entry) throw new Error(`${file}: no entry ${request}`);
    return withImports(
      entry ? path.join(PACKAGE, entry) : path.resolve(path.dirname(file), request),
    );
  });

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

  it("imports the store kit's stylesheets through its one stylesheet", () => {
    const storeKit = path.join(PACKAGE, entries['./store-kit.css']!);
    const modules = [
      'InviteButton/InviteButton.tsx',
      'PluginPrompt/PluginPrompt.tsx',
      'PluginPrompt/PluginLeftOut.tsx',
    ];
    for (const module of modules) {
      expect(stylesheetsOf(path.join(UI, module))[0]).toBe(storeKit);
    }
  });

  it('leaves the root index only the tokens', () => {
    expect(stylesheetsOf(path.join(UI, 'index.ts'))).toEqual([path.join(UI, 'tokens.css')]);
  });
});
