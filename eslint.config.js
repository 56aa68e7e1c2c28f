import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Import direction in the web app (style.md, habit 6): shared code (components/, lib/) → features → app.
 * A feature imports shared code, @fics/contracts and another feature's public entry
 * (features/<name>/index.ts) only; its other files are that feature's own business. The rules read
 * the import specifier as written, so every feature folder present is listed here, and a new one is
 * covered without editing this file. Proof: apps/web/src/feature-boundaries.test.ts.
 */
const webSrc = 'apps/web/src';
const features = fs
  .readdirSync(path.join(import.meta.dirname, webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (names) => `(?:${names.map(escapeRegex).join('|')})`;

/**
 * A specifier that goes into one of `targets` past its entry: '../../users/api' and
 * '../../../features/auth/components/LoginDialog' match; '../../users' and '../../users/index' do not.
 */
function featureInternals(targets) {
  return {
    regex: `^(?:(?:\\.\\./)+|(?:.*/)?features/)${anyOf(targets)}/(?!index(?:\\.tsx?)?$)`,
    message:
      'Import another feature through its public entry (features/<name>/index.ts), not its internals; code several features need belongs in components/ or lib/.',
  };
}

const appShell = {
  regex: '^(?:\\.\\./)+(?:.*/)?app(?:/|$)',
  message: 'The app shell (app/) imports features and shared code, never the other way round.',
};

const featuresFromShared = {
  regex: '^(?:\\.\\.?/)+(?:.*/)?(?:features|app)(?:/|$)',
  message:
    'Shared code (components/, lib/) may not import features or the app shell: move what it needs here.',
};

/**
 * Both ways in: static imports and re-exports (no-restricted-imports) and lazy `import('...')`
 * (no-restricted-syntax; esquery's regex literal cannot hold '/', written \x2F instead).
 */
function restrictImports(patterns) {
  return {
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': [
      'error',
      ...patterns.map(({ regex, message }) => ({
        selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
        message,
      })),
    ],
  };
}

const featureBoundaries = features.flatMap((feature) => {
  const others = features.filter((name) => name !== feature);
  const internals = others.length > 0 ? [featureInternals(others)] : [];
  const dir = `${webSrc}/features/${feature}`;
  return [
    { files: [`${dir}/**/*.{ts,tsx}`], rules: restrictImports([...internals, appShell]) },
    // Tests render through the app's providers (app/providers), so they may import the shell.
    { files: [`${dir}/**/*.test.{ts,tsx}`], rules: restrictImports(internals) },
  ];
});

/*
 * The same for the API (issue 19.2): a module (apps/api/src/modules/<name>) imports another only
 * through its public entry, modules/<name>/index.ts; tests and fixtures may also use another
 * module's fixtures (<name>/<file>.fixtures.ts). Arrows point down only: lib/, db/ and plugins/
 * import no module; app.ts, server.ts and the seed reach modules through their entries. Nothing in
 * the API imports the web app's source (shared texts live in @fics/contracts). Proof:
 * apps/api/src/module-boundaries.test.ts, which also checks the module graph has no cycle.
 */
const apiSrc = 'apps/api/src';
const apiModules = fs
  .readdirSync(path.join(import.meta.dirname, apiSrc, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webSource = {
  regex: '^(?:\\.\\./)+(?:.*/)?(?:apps/)?web/',
  message: 'The API never imports the web app; texts both need go to @fics/contracts.',
};

/** Past another module's entry ('../stories/story-view', './modules/users/users.routes'). */
function moduleInternals(targets, { fixtures }) {
  const allowed = fixtures ? 'index(?:\\.ts)?$|[^/]+\\.fixtures(?:\\.ts)?$' : 'index(?:\\.ts)?$';
  return {
    regex: `^(?:\\.\\.?/)+(?:.*/)?(?:modules/)?${anyOf(targets)}/(?!${allowed})`,
    message:
      'Import another API module through its public entry (modules/<name>/index.ts), not its internals; code several modules need belongs in lib/ or in a module they all depend on.',
  };
}

const modulesFromBelow = {
  regex: '^(?:\\.\\.?/)+(?:.*/)?modules(?:/|$)',
  message: 'lib/, db/ and plugins/ sit below the modules and may not import them: move what they need down.',
};

const moduleBoundaries = apiModules.flatMap((name) => {
  const others = apiModules.filter((other) => other !== name);
  const dir = `${apiSrc}/modules/${name}`;
  return [
    {
      files: [`${dir}/**/*.ts`],
      ignores: [`${dir}/**/*.test.ts`, `${dir}/**/*.fixtures.ts`],
      rules: restrictImports([moduleInternals(others, { fixtures: false }), webSource]),
    },
    {
      files: [`${dir}/**/*.test.ts`, `${dir}/**/*.fixtures.ts`],
      rules: restrictImports([moduleInternals(others, { fixtures: true }), webSource]),
    },
  ];
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'out/**',
      '**/test-results/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // Root-level config files belong to no workspace tsconfig.
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: [`${webSrc}/components/**/*.{ts,tsx}`, `${webSrc}/lib/**/*.{ts,tsx}`],
    rules: restrictImports([featuresFromShared]),
  },
  ...featureBoundaries,
  {
    // The shell reaches a feature through its public entry, or a page it routes to (lazily, most of them).
    files: [`${webSrc}/app/**/*.{ts,tsx}`],
    rules: restrictImports([
      {
        regex: `^(?:\\.\\./)+(?:.*/)?features/[^/]+/(?!index(?:\\.tsx?)?$|pages/)`,
        message: "The app shell imports a feature's public entry (features/<name>/index.ts) or its pages/.",
      },
    ]),
  },
  ...moduleBoundaries,
  {
    files: [`${apiSrc}/lib/**/*.ts`, `${apiSrc}/plugins/**/*.ts`, `${apiSrc}/db/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: restrictImports([modulesFromBelow, webSource]),
  },
  {
    // The top: the app, the server, the seed and every test outside a module (which builds the app)
    // see modules' entries only.
    files: [
      `${apiSrc}/*.ts`,
      `${apiSrc}/db/seed/**/*.ts`,
      `${apiSrc}/test/**/*.ts`,
      `${apiSrc}/{lib,plugins,db}/**/*.test.ts`,
    ],
    rules: restrictImports([moduleInternals(apiModules, { fixtures: true }), webSource]),
  },
  {
    // The API's test files share their worker's modules (apps/api/vitest.config.ts, isolate: false):
    // a module mocked by one file would stay mocked, or stay real, for the files after it.
    files: [`${apiSrc}/**/*.test.ts`, `${apiSrc}/**/*.fixtures.ts`],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'doUnmock', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message:
            "API test files share their worker's modules (apps/api/vitest.config.ts isolate: false): make the failure real instead of mocking a module (see web-shell.test.ts).",
        })),
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
