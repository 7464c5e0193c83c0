import { loadConfig } from '../config';
import { appliedMigrations, migrateDatabase, openDatabase } from '../db/client';
import { EXIT, isMain, processIo, runCommand, type CliIo } from './common';

export const USAGE = `Usage: npm run db:migrate

Applies the SQL migrations the portal's database (DATABASE_URL, else the PGlite directory under DATA_DIR)
does not have yet, in order, and prints them; nothing else is started. On PostgreSQL it holds the same
advisory lock as a starting portal, so it may run while other processes start. With PGlite, stop the
portal first. Exit codes: 0 done (or nothing to apply), 1 failed, 2 bad usage, 3 data directory in use.`;

/** The `db:migrate` command; answers its exit code. */
export function runMigrate(argv: string[], io: CliIo = processIo()): Promise<number> {
  return runCommand(argv, io, USAGE, {}, async () => {
    const config = loadConfig(io.env, io.cwd);
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
    try {
      const before = await appliedMigrations(database);
      await migrateDatabase(database);
      const after = await appliedMigrations(database);
      const added = after.slice(before.length);
      if (added.length === 0) io.out(`The database is up to date (${after.length} migration${after.length === 1 ? '' : 's'} applied).`);
      else for (const tag of added) io.out(`applied ${tag}`);
      return EXIT.ok;
    } finally {
      await database.close();
    }
  });
}

if (isMain(import.meta.url)) {
  process.exitCode = await runMigrate(process.argv.slice(2));
}
