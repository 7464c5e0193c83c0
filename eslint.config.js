// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Features of the web app do not import each other (docs/CONVENTIONS.md); shared pieces live in
 * src/components and src/lib. The web app imports through the `@/` alias, so for each feature folder X:
 * - `@/features/Y...` (Y not X) is refused;
 * - a relative import that climbs out of X into a sibling feature is refused too. How many `../` reach
 *   src/features depends on how deep the file sits, so there is one block per depth (0 to 5 folders).
 * Features are read from the disk when ESLint starts, so a new feature is covered without editing this file.
 */
function featureBoundaries() {
  const dir = path.join(root, 'apps/web/src/features');
  const features = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return features.flatMap((feature) => {
    const own = escape(feature);
    return [0, 1, 2, 3, 4, 5].map((depth) => ({
      files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^@/features/(?!${own}(?:/|$))`,
                message: `Features do not import each other: move what "${feature}" needs to src/components or src/lib.`,
              },
              {
                regex: `^(?:\\.\\./){${depth + 1}}(?!${own}(?:/|$)|\\.\\.(?:/|$))[^/]+`,
                message: `Features do not import each other: move what "${feature}" needs to src/components or src/lib (and import it with "@/...").`,
              },
            ],
          },
        ],
      },
    }));
  });
}

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
          // Root configuration files that no workspace tsconfig includes.
          allowDefaultProject: ['vitest.config.ts'],
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
  ...featureBoundaries(),
);
