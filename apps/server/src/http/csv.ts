import { stringify } from 'csv-stringify';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { Database } from '../db/client';
import { copyCsv } from '../db/copy';
import { sendDownload } from './download';
import { safeCell } from './csv-cell';

export { csvRecord, safeCell } from './csv-cell';

/**
 * Streams rows as a CSV download. `rows` may be an async iterable (a cursor over the database), so an
 * export of any size holds one batch in memory at a time.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
) {
  return sendDownload(reply, fileName, () => {
    const source = Readable.from(
      (async function* () {
        for await (const row of rows) yield row.map(safeCell);
      })(),
    );
    const csv = stringify({ header: true, columns: header.map(String) });
    source.on('error', (err) => csv.destroy(err));
    // The reader gone (the browser's download cancelled): the rows' cursor is closed (its generator returns).
    csv.on('close', () => source.destroy());
    source.pipe(csv);
    return csv;
  });
}

/** A text cell as safeCell writes it, in SQL (csv_cell, src/db/sql/csv-export.sql): empty is NULL. */
export const csvCell = (text: SQL) => sql`csv_cell(${text})`;

/**
 * A CSV download that the database writes in one statement (COPY): the same file as sendCsv's for cells
 * made with csvCell, without a row passing through JavaScript. `from` is the rest of the SELECT (FROM,
 * WHERE, ORDER BY); each column's cell is an SQL expression of text.
 */
export async function sendCopiedCsv(
  reply: FastifyReply,
  database: Database,
  fileName: string,
  columns: readonly { header: string; cell: SQL }[],
  from: SQL,
) {
  const list = sql.join(
    columns.map((c) => sql`${c.cell} as ${sql.identifier(c.header)}`),
    sql`, `,
  );
  return sendDownload(reply, fileName, () => copyCsv(database, sql`select ${list} ${from}`));
}
