import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` for the whole repository, as four projects:
 * - contract: pure unit tests (node);
 * - server: API tests through fastify.inject on a real database — PGlite by default, PostgreSQL when
 *   DATABASE_URL is set (test/global-setup.ts migrates a template once; each test file gets a copy);
 * - web: component tests in jsdom, reusing the web app's own vite.config.ts (plugins, `@/` alias);
 * - scripts: the repository's scripts and the checks that docs agree with the code.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the CPUs: a single worker on a 2-CPU machine. The main
    // process is mostly idle while the (CPU-bound: PGlite, argon2) test files run: at least two workers.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        // The repository's own scripts and the checks that docs and code agree (decision records index,
        // requirement ids): plain Node, no database.
        test: {
          name: 'scripts',
          root: './scripts',
          environment: 'node',
          include: ['**/*.test.mjs'],
        },
      },
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          // PGlite takes seconds to load and argon2 hashes take ~60 ms each; a beforeAll that builds an app
          // with jobs and seeds data needs more than a minute on a busy 2-CPU machine.
          hookTimeout: 120_000,
          testTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./test/setup.ts'],
          css: false,
          // jsdom renders of MUI grids take well under a second on an idle machine but several on a busy
          // 2-CPU one (npm run bench beside the tests): Vitest's 5 s default failed three tests there.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
