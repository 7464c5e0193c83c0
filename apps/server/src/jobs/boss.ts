import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { rowsOf } from '../db/execute';

/** What pg-boss needs of a database connection (its `db` option). */
export interface BossExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** PGlite's refusal once close() has begun. */
const closing = (err: unknown) => err instanceof Error && /^PGlite is clos(ing|ed)/.test(err.message);

/**
 * What a statement of pg-boss's answers once the database is closing: nothing was read, and a command
 * (complete, fail, cancel: they end in `SELECT COUNT(*) FROM results`) changed no job. pg-boss reads that
 * count from the first row, so an empty answer would throw inside its worker loop instead.
 */
export function answerWhileClosing(text: string): { rows: unknown[] } {
  return /SELECT\s+COUNT\(\*\)\s+FROM\s+results\s*$/i.test(text) ? { rows: [{ count: '0' }] } : { rows: [] };
}

/**
 * pg-boss on the portal's own database. On PGlite it goes through a small adapter (STACK.md): queries with
 * values use query(), scripts use exec(), and a failed script is rolled back because the single session
 * would otherwise stay in an aborted transaction.
 */
export function createBoss(database: Database, databaseUrl?: string): PgBoss {
  if (database.kind === 'postgres' && databaseUrl) {
    // No monitorStateIntervalSeconds key at all: pg-boss asserts on `'key' in config`, so even `undefined` fails.
    return new PgBoss({ connectionString: databaseUrl, max: 4, schema: 'pgboss' });
  }
  const client = database.pglite!;
  return new PgBoss({
    schema: 'pgboss',
    db: {
      async executeSql(text: string, values?: unknown[]) {
        try {
          if (values && values.length > 0) return await client.query(text, values);
          try {
            const results = await client.exec(text);
            return results[results.length - 1] ?? { rows: [] };
          } catch (err) {
            await client.exec('ROLLBACK').catch(() => {});
            throw err;
          }
        } catch (err) {
          // A worker's last fetch or fail can still be on its way while the process closes the embedded
          // database (pg-boss's stop does not wait for it): nothing can be read or kept any more, and the
          // error would surface as an unhandled rejection inside pg-boss's loop.
          if (closing(err)) return answerWhileClosing(text);
          throw err;
        }
      },
    },
  });
}

/**
 * pg-boss's statements run inside a Drizzle transaction (its `send(..., { db })` option), on PGlite and on
 * PostgreSQL alike: a job sent this way exists if and only if the transaction commits (STACK.md: enqueue
 * inside a transaction by passing the transaction). pg-boss writes `$n` placeholders; each becomes a
 * parameter of Drizzle's own (`sql.param`, so that an array stays one value).
 */
export function transactionExecutor(tx: Tx): BossExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      for (let i = 0; i < parts.length; i++) {
        chunks.push(i % 2 === 0 ? sql.raw(parts[i]!) : sql`${sql.param(values[Number(parts[i]) - 1] ?? null)}`);
      }
      return { rows: await rowsOf<unknown>(tx, sql.join(chunks)) };
    },
  };
}

let sender: PgBoss | undefined;

/**
 * A pg-boss instance that is never started, for a process that runs no job workers (JOBS_ENABLED=false,
 * API tests): it only sends, always through a transaction's executor, so the job lands on the shared
 * database for whichever process works that queue.
 */
export function jobSender(): PgBoss {
  return (sender ??= new PgBoss({
    schema: 'pgboss',
    db: {
      executeSql: () => Promise.reject(new Error('jobSender sends through a transaction executor only')),
    },
  }));
}
