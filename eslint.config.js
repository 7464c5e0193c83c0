// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The folders directly under `dir` (read when ESLint starts, so a new feature or module is covered at once). */
function foldersOf(dir) {
  const abs = path.join(root, dir);
  return fs.existsSync(abs)
    ? fs
        .readdirSync(abs, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
}

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

/**
 * The layering (docs/CONVENTIONS.md, "Checked by lint"; decision 0800), as zones of import-x/no-restricted-paths:
 * a file in `target` may not import a file in `from` (but for `except`, relative to `from`). Imports are
 * resolved as TypeScript resolves them, so `@/...`, relative paths and re-exports are all caught.
 * Tests are held to the same rules, except that a server test may reach a module's inside (it tests it).
 */
function layeringZones() {
  const features = foldersOf(`${WEB}/features`);
  const modules = foldersOf(`${SERVER}/modules`);
  return [
    {
      target: `${WEB}/features`,
      from: `${WEB}/app`,
      message: 'A feature does not import the app shell (src/app): move what it needs to src/components or src/lib.',
    },
    ...features.map((feature) => ({
      target: `${WEB}/features/${feature}`,
      from: `${WEB}/features`,
      except: [`./${feature}`],
      message: `Features do not import each other: move what "${feature}" needs to src/components or src/lib.`,
    })),
    {
      target: [`${WEB}/components`, `${WEB}/lib`],
      from: [`${WEB}/features`, `${WEB}/app`],
      message: 'The shared kit (src/components, src/lib) imports no feature and not the app shell.',
    },
    {
      target: [`${SERVER}/db`, `${SERVER}/http`, `${SERVER}/jobs`],
      from: `${SERVER}/modules`,
      message:
        'Infrastructure (db, http, jobs) imports no module: a module plugs into it from a composition root (src/app.ts, src/modules/index.ts, src/modules/jobs.ts).',
    },
    ...modules.map((module) => ({
      // Every file of the server outside this module: other modules, the module list, infrastructure, cli.
      target: [`${SERVER}/*.ts`, `${SERVER}/!(modules)/**`, `${SERVER}/modules/*.ts`, `${SERVER}/modules/!(${module})/**`].map((t) =>
        path.join(root, t),
      ),
      from: `${SERVER}/modules/${module}`,
      // The inbound-files platform also opens its CSV reader (csv.ts, no database) to the price worker thread,
      // which must not load the database, the job queue or the audit (decision 0820).
      except: module === 'inbound-files' ? ['./index.ts', './csv.ts'] : ['./index.ts'],
      message: `A module is reached from outside through its index.ts only: export what is needed from modules/${module}/index.ts.`,
    })),
  ];
}

/*
 * A table changes the query string without a router navigation (decision 0994): React Router's
 * useSearchParams would read the address as it was before and, writing, drop the table's page and sort.
 */
const SEARCH_PARAMS_RESTRICTION = {
  name: 'react-router',
  importNames: ['useSearchParams'],
  message: "Use useUrlSearchParams from '@/lib/url-search': it sees a table's shallow changes of the address.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tsbuild/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.tmp/**',
      'bench/.tmp/**',
      '**/.data/**',
      '**/.data-*/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Root configuration files that no workspace tsconfig includes, and the declarations of the plain-Node
          // modules scripts share with TypeScript (scripts/lib/chromium-flags.d.mts, for the Playwright config).
          allowDefaultProject: ['vitest.config.ts', 'scripts/lib/*.d.mts'],
        },
        tsconfigRootDir: root,
      },
    },
    rules: {
      // Pragmatic for code written quickly by several people: values from JSON, zod and drivers are often
      // `any`; the type checker (tsc -b) and the tests catch what matters.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // A promise nobody awaits loses its error: keep this one strict.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Without noUncheckedIndexedAccess every `arr[0]!` counts as unnecessary; people write it anyway, harmlessly.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'warn',
      '@typescript-eslint/no-base-to-string': 'warn',
    },
  },
  {
    // Plain JavaScript (scripts, configs): no type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/server/**/*.ts', 'packages/contract/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'vitest.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The React Compiler's rules (new in react-hooks 7) advise; the rules of hooks are the law.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'react-hooks/static-components': 'warn',
      'react-hooks/use-memo': 'warn',
      'react-hooks/preserve-manual-memoization': 'warn',
      'react-hooks/immutability': 'warn',
      'react-hooks/globals': 'warn',
      'react-hooks/refs': 'warn',
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/set-state-in-render': 'warn',
      'react-hooks/error-boundaries': 'warn',
      'react-hooks/purity': 'warn',
      'react-hooks/unsupported-syntax': 'warn',
      'react-hooks/config': 'warn',
      'react-hooks/gating': 'warn',
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['apps/web/vite.config.ts', 'apps/web/test/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // One formatting layer (decision 0400): dates, times, numbers, money and percentages a person reads are
    // formatted by packages/contract/src/core/format.ts, in the app language and the specification's date
    // formats, never by the browser's own locale or a hand-written pattern.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Format with the layer of @fc/contract (formatNumber, formatDate, formatDateTime, ...; decision 0400).',
        },
        {
          selector: ':matches(NewExpression, CallExpression)[callee.object.name="Intl"]',
          message: 'Format with the layer of @fc/contract (formatNumber, formatMoney, formatLongDate, ...; decision 0400).',
        },
        {
          selector: 'CallExpression[callee.property.name="format"][arguments.0.value=/YY|MM|DD|HH|mm|ss/]',
          message:
            'Dates read MM/dd/yyyy in every language: use formatDate / formatDateTime or DATE_INPUT_MASK of @fc/contract (decision 0400).',
        },
      ],
    },
  },
  {
    // The layering, import cycles and file names (decision 0800). Only the source of the apps and the contract:
    // scripts, e2e and bench are entry points nothing imports.
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/*/test/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // The files import-x reads to follow imports (for no-cycle): TypeScript too, parsed without type information.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layeringZones() }],
      // One module graph without loops: an import cycle makes the load order decide what a value is.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
    },
  },
  {
    // One module shape (issue 18, decision 0930): only the route layer sees the request. Services, repos, jobs
    // and helpers take an actor (http/actor.ts `actorOf`) and an upload (http/multipart.ts `readUpload`), so
    // they can be called from a job, the CLI or a test. Routes are routes.ts, routes/ and *-routes.ts; the one
    // exception is inbound-files/units.ts, whose sendUnitResult writes a unit's result download to the reply.
    files: [`${SERVER}/modules/**/*.ts`],
    ignores: [
      `${SERVER}/modules/**/routes.ts`,
      `${SERVER}/modules/**/routes/**`,
      `${SERVER}/modules/**/*-routes.ts`,
      `${SERVER}/modules/inbound-files/units.ts`,
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyRequest', 'FastifyReply'],
              message:
                'Only routes see the request and reply: pass the service an Actor (actorOf(req)), an Upload (readUpload(req)) or the values it needs.',
            },
          ],
        },
      ],
    },
  },
  {
    // The grid's and pickers' texts come with their wrappers, not the theme (decision 0960): a DataGrid or a
    // picker rendered bare would show English to Spanish and French users.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/components/table/**',
      'apps/web/src/components/pickers-localization.tsx',
      'apps/web/src/components/date-input-field.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mui/x-data-grid',
              importNames: ['DataGrid'],
              message: 'Render a grid through components/table DataGridTable, which gives it its texts in every language.',
            },
            SEARCH_PARAMS_RESTRICTION,
          ],
          patterns: [
            {
              regex: '^@mui/x-date-pickers(/(?!AdapterDateFns|AdapterDayjs).*)?$',
              message: 'Use components/date-input-field (inside PickersLocalization), which gives pickers their texts in every language.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The tables' own folder, which the block above leaves out: the query string there too (decision 0994).
    files: ['apps/web/src/components/table/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [SEARCH_PARAMS_RESTRICTION] }] },
  },
  {
    // A server test may reach inside the module it tests.
    files: ['apps/server/test/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: layeringZones().filter((z) => !String(z.message).startsWith('A module is reached')) },
      ],
    },
  },
);
