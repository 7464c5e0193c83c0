import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { appliedMigrations, migrateDatabase, openDatabase } from '../db/client';
import { EXIT, isMain, processIo, reportFailure, UsageError, type CliIo } from './common';

export const USAGE = `Usage: npm run db:migrate

Applies the SQL migrations the portal's database (DATABASE_URL, else the PGlite directory under DATA_DIR)
does not have yet, in order, and prints them; nothing else is started. On PostgreSQL it holds the same
advisory lock as a starting portal, so it may run while other processes start. With PGlite, stop the
portal first. Exit codes: 0 done (or nothing to apply), 1 failed, 2 bad usage, 3 data directory in use.`;

/** The `db:migrate` command; answers its exit code. */
export async function runMigrate(argv: string[], io: CliIo = processIo()): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      io.out(USAGE);
      return EXIT.ok;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
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
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
      return reportFailure(new UsageError((err as Error).message), io, USAGE);
    return reportFailure(err, io, USAGE);
  }
}

if (isMain(import.meta.url)) {
  process.exitCode = await runMigrate(process.argv.slice(2));
}
