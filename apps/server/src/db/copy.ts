import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
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

/** How many rows of an export PGlite hands over per fetch (one batch of text in memory at a time). */
export const PGLITE_COPY_BATCH = 2000;

let cursors = 0;

const asIs = (value: string) => value;
/** Every value as the database's text (what COPY writes), whatever its type: none of PGlite's parsers runs. */
const asText = (pglite: PGlite) => Object.fromEntries(Object.keys(pglite.parsers).map((oid) => [oid, asIs]));

/**
 * A field as COPY's CSV format writes it: NULL as nothing; quoted (quotes doubled) when empty or holding a
 * quote, comma, CR or LF, and `\.` alone on its line (the end-of-data marker) when it is the only column.
 */
function copyField(value: string | null, only: boolean): string {
  if (value === null || value === undefined) return '';
  const text = value;
  if (text === '' || /[",\r\n]/.test(text) || (only && text === '\\.')) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/**
 * PGlite's COPY writes its whole file into one Blob (`/dev/blob`); streamed instead through a cursor
 * declared WITH HOLD outside a transaction (PGlite has one connection for every request: the database
 * computes the rows when it is declared and keeps them in its own memory, and other requests' statements
 * run between two fetches). Each batch is written as COPY writes CSV, every column read as text, so the
 * file is the same byte for byte (`apps/server/test/csv-copy.test.ts` compares them).
 */
async function* pgliteCopyLines(database: Database, text: string, batchSize = PGLITE_COPY_BATCH): AsyncGenerator<string> {
  const pglite = database.pglite!;
  const name = `copy_cursor_${++cursors}`;
  const parsers = asText(pglite);
  await pglite.query(`declare ${name} no scroll cursor with hold for ${text}`);
  try {
    let header = true;
    for (;;) {
      const res = await pglite.query<(string | null)[]>(`fetch ${batchSize} from ${name}`, [], {
        rowMode: 'array',
        parsers,
      });
      let out = '';
      if (header) {
        out += res.fields.map((f) => copyField(f.name, res.fields.length === 1)).join(',') + '\n';
        header = false;
      }
      const only = res.fields.length === 1;
      for (const row of res.rows) out += row.map((v) => copyField(v, only)).join(',') + '\n';
      if (out) yield out;
      if (res.rows.length < batchSize) return;
    }
  } finally {
    await pglite.query(`close ${name}`);
  }
}

/**
 * `COPY (query) TO ... WITH (FORMAT csv, HEADER)`: the database writes the whole CSV, header from the
 * query's column names. On PostgreSQL the answer streams from a connection of the pool (held until the
 * copy ends, closed if the reader stops early); on PGlite the same file streams from a cursor, a batch
 * at a time (pgliteCopyLines).
 */
export async function copyCsv(database: Database, query: SQL): Promise<Readable> {
  const text = inlineSql(query);
  if (database.kind === 'pglite') return Readable.from(pgliteCopyLines(database, text));
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
