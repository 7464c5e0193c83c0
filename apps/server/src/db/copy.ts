import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from './client';

const dialect = new PgDialect();

/**
 * A bound value as an SQL literal, for the one statement that takes no parameters: COPY. A string is
 * quoted with its quotes doubled, and written as E'...' with its backslashes doubled when it has any, so
 * that it reads the same whatever standard_conforming_strings says. Anything else is refused.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return `(${value.toString()})`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return `(${String(value)})`;
  }
  if (value instanceof Date) return `${sqlLiteral(value.toISOString())}::timestamptz`;
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new TypeError('a string with NUL cannot be an SQL literal');
    const quoted = value.replace(/'/g, "''");
    return value.includes('\\') ? `E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
  }
  throw new TypeError(`no SQL literal for a ${typeof value}`);
}

/**
 * The statement's text with its parameters written in as literals. Drizzle writes a parameter as $n; a $n
 * inside a quoted literal or identifier of the statement's own text is left alone.
 */
export function inlineSql(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (match, n: string | undefined) => {
    if (n === undefined) return match;
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new RangeError(`no parameter $${n}`);
    return sqlLiteral(params[i]);
  });
}

/**
 * `COPY (query) TO ... WITH (FORMAT csv, HEADER)`: the database writes the whole CSV, header from the
 * query's column names. On PostgreSQL the answer streams from a connection of the pool (held until the
 * copy ends, closed if the reader stops early); PGlite writes it into a Blob at once, which is handed out
 * whole (an embedded installation's exports are small next to its memory).
 */
export async function copyCsv(database: Database, query: SQL): Promise<Readable> {
  const text = inlineSql(query);
  if (database.kind === 'pglite') {
    const res = await database.pglite!.query(`copy (${text}) to '/dev/blob' with (format csv, header)`);
    return Readable.from([Buffer.from(await res.blob!.arrayBuffer())]);
  }
  const client = await database.pool!.connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    // With an error the pool closes the connection: a copy stopped half-way leaves it unusable.
    client.release(err);
  };
  try {
    const stream = client.query(copyTo(`copy (${text}) to stdout with (format csv, header)`));
    stream.on('end', () => release());
    stream.on('error', (err) => release(err));
    stream.on('close', () => release(stream.readableEnded ? undefined : new Error('CSV copy stopped before its end')));
    return stream;
  } catch (err) {
    release(err as Error);
    throw err;
  }
}
