// Regenerates the SQL migrations from the Drizzle schema. Until the first release the project keeps one
// initial migration (docs/decisions/0004-migrations.md), so the folder is rebuilt from scratch.
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const reset = process.argv.includes('--reset');
if (reset) rmSync('apps/server/src/db/migrations', { recursive: true, force: true });
execFileSync('npx', ['drizzle-kit', 'generate', '--config', 'drizzle.config.ts', ...(reset ? ['--name', 'init'] : [])], {
  cwd: 'apps/server',
  stdio: 'inherit',
});

// What Drizzle's schema cannot express (trigger functions and triggers) lives in src/db/sql/*.sql, in
// Drizzle's statement-breakpoint format, and is appended to the initial migration after the tables.
const sqlDir = 'apps/server/src/db/sql';
if (reset && existsSync(sqlDir)) {
  for (const file of readdirSync(sqlDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    appendFileSync(
      'apps/server/src/db/migrations/0000_init.sql',
      `\n--> statement-breakpoint\n${readFileSync(`${sqlDir}/${file}`, 'utf8').trim()}\n`,
    );
  }
}
