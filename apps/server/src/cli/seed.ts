import { DEMO_PASSWORD, DEMO_USERS } from '../seed/core';
import { isEmpty, seedDemo } from '../seed/index';
import { SCALES, seedScale, type ScaleName } from '../seed/scale';
import { loadConfig } from '../config';
import { EXIT, isMain, openConfiguredDatabase, processIo, runCommand, UsageError, type CliIo } from './common';

export const USAGE = `Usage: npm run seed [-- --scale large|xlarge]

Migrates the portal's database (DATABASE_URL, else the PGlite directory under DATA_DIR) and loads the demo
data set when the database has no users yet. A database that already has users is left alone.
With PGlite, stop the portal first. Exit codes: 0 done (or already seeded), 1 failed, 2 bad usage,
3 data directory in use.

--force is refused: the demo seeders are not written to run twice. To start over, stop the portal and
remove the DATA_DIR directory (or drop and re-create the PostgreSQL database).

--scale large then adds the benchmarks' data set (100,000 customers, 1,000,000 transactions, 100,000 item
codes, 10,000 enrolments) with set-based SQL, printing the time of each table. Meant for PostgreSQL; it
is refused when the database already holds it.

--scale xlarge loads ten times that (1,000,000 customers, 10,000,000 transactions, 1,000,000 item codes,
100,000 enrolments), printing its progress every 1,000,000 rows; PostgreSQL only (DATABASE_URL): PGlite
is refused. It takes several minutes and a few GB of disk.`;

/** The `seed` command; answers its exit code. */
export function runSeed(argv: string[], io: CliIo = processIo()): Promise<number> {
  return runCommand(argv, io, USAGE, { force: { type: 'boolean' }, scale: { type: 'string' } }, async (values) => {
    if (values.force) throw new UsageError('--force is not supported: the demo seeders are not idempotent');
    if (values.scale !== undefined && !Object.hasOwn(SCALES, values.scale))
      throw new UsageError(`--scale must be "large" or "xlarge" (got ${JSON.stringify(values.scale)})`);
    const scale = values.scale as ScaleName | undefined;
    // Ten million rows in the embedded database would take hours and fill the WASM heap: refused up front.
    if (scale === 'xlarge' && !loadConfig(io.env, io.cwd).DATABASE_URL)
      throw new UsageError('--scale xlarge needs PostgreSQL: set DATABASE_URL (PGlite, the embedded database, is refused at that size)');

    const { config, database } = await openConfiguredDatabase(io);
    try {
      const where = config.DATABASE_URL ? 'the PostgreSQL database' : `${config.dataDir}`;
      if (!(await isEmpty(database.db))) {
        io.out(`The database (${where}) already has users: already seeded${values.scale ? '' : ', nothing to do'}.`);
      } else {
        await seedDemo(database.db);
        io.out(`Seeded the demo data into ${where}.`);
        io.out(`Demo sign-ins (password ${DEMO_PASSWORD} for each):`);
        for (const u of DEMO_USERS) io.out(`  ${u.username.padEnd(10)} ${u.note}`);
      }
      if (scale) {
        io.out(`Loading the ${scale} data set:`);
        const t0 = performance.now();
        await seedScale(
          database.db,
          (s) =>
            s.progress
              ? io.out(
                  `    ${s.label}: ${s.progress.done.toLocaleString('en-US')} of ${s.progress.of.toLocaleString('en-US')} rows after ${(s.ms / 1000).toFixed(1)} s`,
                )
              : io.out(
                  `  ${s.label.padEnd(46)} ${s.rows > 0 ? s.rows.toLocaleString('en-US').padStart(10) : ''.padStart(10)} rows ${(s.ms / 1000).toFixed(1).padStart(7)} s`,
                ),
          { sizes: SCALES[scale] },
        );
        io.out(`  total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
      return EXIT.ok;
    } finally {
      await database.close();
    }
  });
}

if (isMain(import.meta.url)) {
  process.exitCode = await runSeed(process.argv.slice(2));
}
