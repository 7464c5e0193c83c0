import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PGliteThread } from './pglite-thread';
import { takeTurns } from './pglite-turns';
import { pglitePrepared, postgresPrepared } from './prepared';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories take either, so a service can compose them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/**
 * The migration of the first release: every later schema change is a migration of its own after it, and
 * no released migration is ever edited (docs/decisions/0501-incremental-migrations.md).
 */
export const BASELINE_MIGRATION = '0000_init';

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw parameterised SQL, for pg-boss and the odd statement drizzle cannot express. */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /** A multi-statement script without parameters. */
  exec(script: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * A hot read as a named prepared statement (decision 0993): prepared once per connection, then run by name;
   * rows as arrays of column values. `name` undefined runs it unnamed (parsed and planned every time).
   */
  preparedRows(name: string | undefined, text: string, params: readonly unknown[]): Promise<unknown[][]>;
  /** Calls `listener` with the text (and parameters) of every statement this process sends, before it runs; returns its removal. */
  onStatement(listener: (text: string, params?: readonly unknown[]) => void): () => void;
  pglite?: PGlite;
  pool?: pg.Pool;
}

export class DataDirLockedError extends Error {}

/**
 * Two processes on one PGlite directory silently lose rows (STACK.md), so the server holds a lock file
 * and refuses to start a second time. A lock left by a dead process is taken over.
 */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by process ${pid}. Stop it first, or set DATA_DIR to another directory (or DATABASE_URL to share a PostgreSQL server).`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

/** True while the process `pid` runs (EPERM: it runs as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The listeners of every statement a process sends (Drizzle's logger, and the raw query and exec): the
 * principal cache forgets what a change of a session or a user would make stale (db/principal-changes.ts).
 */
function statementListeners() {
  const listeners = new Set<(text: string, params?: readonly unknown[]) => void>();
  return {
    logger: {
      logQuery(text: string, params?: readonly unknown[]) {
        for (const l of listeners) l(text, params);
      },
    },
    onStatement(listener: (text: string, params?: readonly unknown[]) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export function pgliteDatabase(client: PGlite, onClose?: () => void): Database {
  // On its own thread the database never holds this one's event loop (decision 0998).
  if (!(client instanceof PGliteThread)) takeTurns(client);
  const statements = statementListeners();
  const prepared = pglitePrepared(client);
  return {
    kind: 'pglite',
    pglite: client,
    db: drizzlePglite(client, { schema, logger: statements.logger }) as unknown as Db,
    query: async (text, params) => {
      statements.logger.logQuery(text);
      return client.query(text, params) as never;
    },
    exec: async (script) => {
      statements.logger.logQuery(script);
      await client.exec(script);
    },
    preparedRows: (name, text, params) => {
      statements.logger.logQuery(text, params);
      return prepared(name, text, params);
    },
    onStatement: statements.onStatement,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      onClose?.();
    },
  };
}

export function postgresDatabase(pool: pg.Pool): Database {
  const statements = statementListeners();
  const prepared = postgresPrepared(pool);
  return {
    kind: 'postgres',
    pool,
    db: drizzlePg(pool, { schema, logger: statements.logger }) as unknown as Db,
    query: async (text, params) => {
      statements.logger.logQuery(text);
      return pool.query(text, params as unknown[]) as never;
    },
    exec: async (script) => {
      statements.logger.logQuery(script);
      await pool.query(script);
    },
    preparedRows: (name, text, params) => {
      statements.logger.logQuery(text, params);
      return prepared(name, text, params);
    },
    onStatement: statements.onStatement,
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await untilIdle(pool);
      await pool.end();
    },
  };
}

/**
 * Waits (10 s at most) until no connection is checked out or asked for, and still none 50 ms later. A
 * request whose client went away is still running when the server has closed (its socket is gone, so the
 * server no longer waits for it), and pool.end() makes its next statement fail with "Cannot use a pool
 * after calling end on the pool", an error in the log at every stop under load.
 */
async function untilIdle(pool: pg.Pool, maxMs = 10_000): Promise<void> {
  const busy = () => pool.totalCount > pool.idleCount || pool.waitingCount > 0;
  const deadline = Date.now() + maxMs;
  let quietSince: number | undefined;
  while (Date.now() < deadline) {
    if (busy()) quietSince = undefined;
    else if (quietSince === undefined) quietSince = Date.now();
    else if (Date.now() - quietSince >= 50) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: the most connections this process opens (DB_POOL_MAX). */
  poolMax?: number;
  /** PostgreSQL only: a statement running longer is cancelled by the server (DB_STATEMENT_TIMEOUT_MS; 0 = none). */
  statementTimeoutMs?: number;
  /** Where an idle connection's error is reported (a dropped connection, a server restart). */
  onPoolError?: (err: Error) => void;
  /** PGlite only: called if the embedded database's thread stops other than by close (decision 0998). */
  onLost?: (err: Error) => void;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    // A dropped idle connection must not crash the process (the next query reports the outage), but it is
    // reported: an operator needs to see the database going away.
    pool.on('error', (err) => opts.onPoolError?.(err));
    return postgresDatabase(pool);
  }
  const dir = path.join(opts.dataDir, 'pgdata');
  const unlock = lockDataDir(opts.dataDir);
  try {
    const client = await PGliteThread.create(dir, opts.onLost);
    return pgliteDatabase(client, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

/** The tags of the migrations (meta/_journal.json) the database has, oldest first. */
export async function appliedMigrations(database: Database): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const { rows } = await database.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!rows[0]?.present) return [];
  const last = await database.query<{ at: string | null }>('select max(created_at)::text as at from drizzle.__drizzle_migrations');
  const at = Number(last.rows[0]?.at ?? 0);
  return journal.entries.filter((e) => e.when <= at).map((e) => e.tag);
}

/** Applies the SQL migrations; on PostgreSQL under an advisory lock so several processes may start at once. */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}
