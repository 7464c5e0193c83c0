// `npm run db:generate -- --name <what-changed>`: writes the next SQL migration, the difference between the
// Drizzle schema (apps/server/src/db/schema) and the last migration's snapshot, as
// apps/server/src/db/migrations/NNNN_<what-changed>.sql. Review it and commit it with the schema change.
// Released migrations are never edited or rebuilt (docs/decisions/0501-incremental-migrations.md): the
// baseline 0000_init.sql is what every database of the first release has.
//
// `npm run db:generate -- --custom --name <what>` writes an empty migration to fill by hand, for what the
// schema cannot express (trigger functions and triggers; their current text is kept in src/db/sql/*.sql).
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { name: { type: 'string' }, custom: { type: 'boolean' }, reset: { type: 'boolean' } },
  strict: true,
});

if (values.reset) {
  console.error(`--reset is gone: 0000_init.sql is the released baseline, and rebuilding it would leave every existing
database unable to upgrade. Add a migration instead:

  npm run db:generate -- --name <what-changed>

If a branch rebuilt 0000_init.sql with --reset, restore the baseline first
(git checkout <commit before the change> -- apps/server/src/db/migrations), then generate; docs/operations.md,
"Changing the schema", has the steps.`);
  process.exit(2);
}
if (!values.name || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(values.name)) {
  console.error('Usage: npm run db:generate -- --name <what-changed> [--custom]   (the name in kebab-case: email-outbox)');
  process.exit(2);
}

execFileSync(
  'npx',
  [
    'drizzle-kit',
    'generate',
    '--config',
    'drizzle.config.ts',
    '--name',
    values.name.replace(/-/g, '_'),
    ...(values.custom ? ['--custom'] : []),
  ],
  {
    cwd: 'apps/server',
    stdio: 'inherit',
  },
);
