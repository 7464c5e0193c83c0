import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database, Db } from './client';
import * as schema from './schema/index';
import { rowsOf } from './execute';

let cursors = 0;

/** Rows of a raw statement run through Drizzle (its type parsers: dates and timestamps stay text). */
const fetchRows = rowsOf;

/**
 * Every row of one statement, `batchSize` at a time, through a server-side cursor: the statement runs
 * once (an export of n rows costs n, where pages read with OFFSET cost n²/batch), and one batch is in
 * memory at a time. Rows come as the statement's `execute` would give them.
 *
 * PostgreSQL: a connection of the pool, in one read-only transaction (one snapshot), given back when the
 * last row is read or the reader stops. PGlite has one connection for everybody and a transaction would
 * hold every other request until the download ends, so there the cursor is declared WITH HOLD outside a
 * transaction: the database computes the rows when it is declared, and other statements run between two
 * fetches.
 */
export async function* cursorRows<T>(database: Database, query: SQL, batchSize = 1000): AsyncGenerator<T> {
  const name = sql.raw(`export_cursor_${++cursors}`);
  const fetch = sql`fetch ${sql.raw(String(Math.max(1, Math.trunc(batchSize))))} from ${name}`;
  if (database.kind === 'pglite') {
    await database.db.execute(sql`declare ${name} no scroll cursor with hold for ${query}`);
    try {
      for (;;) {
        const rows = await fetchRows<T>(database.db, fetch);
        yield* rows;
        if (rows.length < batchSize) return;
      }
    } finally {
      await database.db.execute(sql`close ${name}`);
    }
  }
  const client = await database.pool!.connect();
  const db = drizzle(client, { schema }) as unknown as Db;
  let done = false;
  try {
    await client.query('begin isolation level repeatable read, read only');
    await db.execute(sql`declare ${name} no scroll cursor for ${query}`);
    for (;;) {
      const rows = await fetchRows<T>(db, fetch);
      yield* rows;
      if (rows.length < batchSize) break;
    }
    await client.query('commit');
    done = true;
  } finally {
    // Stopped early or failed: the transaction is still open; a connection that cannot roll back is closed.
    const error = done
      ? undefined
      : await client.query('rollback').then(
          () => undefined,
          (err: Error) => err,
        );
    client.release(error);
  }
}
