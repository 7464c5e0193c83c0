// Kept apart from csv.ts (which needs the database and Fastify) so that the price worker thread loads
// only this.

/** The portal's one rule for a safe CSV cell (decision 0321), shared with the browser. */
export { safeCell } from '@fc/contract/csv';

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV record (RFC 4180, `\n` line end) of cells already made safe: a cell holding a comma, a quote or a
 * line break is quoted, its quotes doubled. The same text csv-stringify writes, at a tenth of its cost,
 * which matters for a result file written while other requests wait on the same thread.
 */
export function csvRecord(cells: readonly string[]): string {
  let out = '';
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    if (i > 0) out += ',';
    out += NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  }
  return out + '\n';
}
