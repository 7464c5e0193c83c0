// Kept apart from csv.ts (which needs the database and Fastify) so that the price worker thread loads
// only this.

/**
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, tab, CR or NUL) is prefixed with
 * a single quote. Plain negative numbers stay numbers.
 */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'number' || s === '') return s;
  // The first character decides; the regular expressions run only for the few cells that start with one
  // of these (a result file has 700,000 cells).
  const c = s.charCodeAt(0);
  if (c !== 61 && c !== 43 && c !== 45 && c !== 64 && c !== 9 && c !== 13 && c !== 0) return s;
  if (c === 45 && /^-\d+(\.\d+)?$/.test(s)) return s;
  return `'${s}`;
}

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
