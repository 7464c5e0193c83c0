// Which code runs the server and its commands: the compiled bundle (apps/server/dist, `npm run build`) or
// the TypeScript sources through tsx. Production (NODE_ENV=production), or an install without the
// development tools (`npm ci --omit=dev`: no tsx), runs the bundle only; a development checkout keeps
// running its sources, so that an edit needs no build (docs/decisions/0500-compiled-server-bundle.md).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverDist = path.join(root, 'apps/server/dist');

/** The entries, by name: the bundle's file and the TypeScript source. */
const ENTRIES = {
  main: 'src/main.ts',
  seed: 'src/cli/seed.ts',
  users: 'src/cli/users.ts',
  migrate: 'src/cli/migrate.ts',
};

function tsxInstalled() {
  try {
    createRequire(path.join(root, 'package.json')).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

/**
 * The node arguments that run `entry` (main, seed, users, migrate), or an error message when it cannot run.
 * @returns {{ args: string[], compiled: boolean } | { error: string }}
 */
export function serverCommand(entry, env = process.env) {
  const compiledFile = path.join(serverDist, `${entry}.mjs`);
  const compiledWanted = env.NODE_ENV === 'production' || env.FC_RUN_COMPILED === '1' || !tsxInstalled();
  if (compiledWanted) {
    if (!fs.existsSync(compiledFile)) {
      return {
        error:
          `${path.relative(root, compiledFile)} is missing: run "npm run build" (with the development tools installed) ` +
          'before installing for production (npm ci --omit=dev); docs/operations.md describes the steps.',
      };
    }
    return { args: ['--enable-source-maps', compiledFile], compiled: true };
  }
  return { args: ['--import', 'tsx', path.join(root, 'apps/server', ENTRIES[entry])], compiled: false };
}

/**
 * `--env-file=PATH` (or `--env-file PATH`), as node takes it: the file's variables (KEY=value lines, as in
 * .env.example) are loaded into process.env, without overriding what the environment already sets. Answers
 * the arguments without it.
 */
export function loadEnvFileArgs(argv) {
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    let file;
    if (a.startsWith('--env-file=')) file = a.slice('--env-file='.length);
    else if (a === '--env-file') file = argv[++i];
    else {
      rest.push(a);
      continue;
    }
    if (!file || !fs.existsSync(file)) {
      console.error(`--env-file: ${file ? `${file} does not exist` : 'a file is required'}`);
      process.exit(2);
    }
    process.loadEnvFile(file);
  }
  return rest;
}
