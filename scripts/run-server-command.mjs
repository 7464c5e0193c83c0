// `npm run seed | users | db:migrate`: runs the operator command from the compiled bundle in production (or
// when tsx is not installed), else from its TypeScript source (scripts/lib/server-entry.mjs).
import { spawnSync } from 'node:child_process';
import { loadEnvFileArgs, serverCommand } from './lib/server-entry.mjs';

const [entry, ...rest] = loadEnvFileArgs(process.argv.slice(2));
const command = serverCommand(entry);
if ('error' in command) {
  console.error(command.error);
  process.exit(1);
}
const run = spawnSync(process.execPath, [...command.args, ...rest], { stdio: 'inherit' });
process.exit(run.status ?? 1);
