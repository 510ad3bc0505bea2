// One lint setup for every package of the workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Nobody reaches into @pos/shared's source by path: its package.json exports map lists the
// entries (the root, ./lean for the signed-out shell, ./rules, ./testing, ./dev, ./tokens.css,
// ./webpack/*), and TypeScript, Jest and webpack resolve nothing else. The rule names the way.
const sharedSourcePatterns = [
  {
    group: ['@pos/shared/src', '@pos/shared/src/*'],
    message:
      'Import @pos/shared or an entry of its exports map (@pos/shared/lean, /rules, /testing, /dev, /tokens.css), not its source.',
  },
  {
    regex: '^\\.{1,2}/(.+/)?shared/src(/|$)',
    message: "Packages do not import @pos/shared's source by a relative path; use its entries.",
  },
];

/** React Router and RxJS come only through the kit's thin shared modules. */
const thinSharedPatterns = [
  {
    group: ['react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'],
    message:
      'Import @pos/shared/router: Module Federation shares it as the one router, and keeps only what it names.',
  },
  {
    group: ['rxjs', 'rxjs/*'],
    message:
      'Import @pos/shared/rx: Module Federation shares it as the one RxJS, and keeps only what it names.',
  },
];

/**
 * The api's layers and what each may not import: the layers above it (and, for db, anything
 * but db). `plugins` wire Fastify and stand with the routes.
 */
const apiLayers = [
  { folder: 'domain', mayNotImport: ['routes', 'plugins'] },
  { folder: 'repositories', mayNotImport: ['routes', 'plugins', 'domain', 'services'] },
  {
    folder: 'db',
    mayNotImport: ['routes', 'plugins', 'domain', 'services', 'repositories', 'live'],
  },
];

/** The packages whose source is their own: every remote and the shell. */
const ownPackages = [
  'mf-admin',
  'mf-applications',
  'mf-stations',
  'mf-billing',
  'mf-analytics',
  'mf-staff',
  'mf-assistant',
  'register',
  'shell',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.data/**',
      '**/.data-prod/**',
      '**/.run/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...sharedSourcePatterns, ...thinSharedPatterns] },
      ],
    },
  },
  {
    // The thin modules themselves, and the e2e's support code (it runs in Node, not in a page).
    files: ['shared/src/router.ts', 'shared/src/rx.ts', 'e2e/**', 'scripts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: sharedSourcePatterns }] },
  },
  {
    files: ['**/*.tsx', 'shell/src/**/*.ts', 'shared/src/**/*.ts', 'mf-*/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...ownPackages.map((own) => ({
    // A remote never reaches into another remote, nor the shell into a remote's source: they
    // meet only through Module Federation and @pos/shared.
    files: [`${own}/**/*.{ts,tsx,js,mjs,cjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@pos/mf-(?!${own.replace('mf-', '')}(/|$))`,
              message: 'Packages do not import a remote; use Module Federation or @pos/shared.',
            },
            {
              regex: `(^|/)mf-(?!${own.replace('mf-', '')}(/|$))[a-z-]+(/|$)`,
              message: "Packages do not import another remote's source.",
            },
            // This block replaces the rule's options for these files: keep the shared ones.
            ...sharedSourcePatterns,
            ...thinSharedPatterns,
          ],
        },
      ],
    },
  })),
  // The api's layers point one way: routes → domain → repositories → db, never back. A
  // repository knows nothing of routes or rules; types both sides need come from the domain
  // or the generated wire types (@pos/shared/wire).
  ...apiLayers.map(({ folder, mayNotImport }) => ({
    files: [`api/src/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)(${mayNotImport.join('|')})(/|$)`,
              message: `The api's layers point one way (routes → domain → repositories → db): ${folder}/ does not import ${mayNotImport.join(', ')}.`,
            },
            ...sharedSourcePatterns,
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.mjs', '**/*.cjs', 'scripts/**', '**/webpack.config.*', '**/jest.config.*'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
