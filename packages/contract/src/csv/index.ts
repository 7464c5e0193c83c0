// The one rule that makes a CSV cell safe to open in a spreadsheet (issue 16, decision 0321). The server's
// CSV writers use it (apps/server/src/http/csv-cell.ts), the database's COPY exports use its SQL twin
// (csv_cell, apps/server/src/db/sql/csv-export.sql), and a CSV written in the browser must use it too.
// Kept without imports: the price worker thread loads it.

const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
/** A semicolon or a line break inside the cell. */
const HAS_BREAK = /[;\r\n]/;
/** A semicolon or line break followed by what could start a formula or a quoted field. */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters looked for
const BREAK_BEFORE_FORMULA = /([;\r\n])(?=[-=+@\t\r"\u0000])/g;

/**
 * A cell as the portal writes it into any CSV file (comma-separated, RFC 4180).
 *
 * - A cell that starts with =, +, -, @, tab, CR or NUL gets a single quote before it, so that a spreadsheet
 *   shows it rather than running it; a cell that is a plain negative number (`-12.5`) stays a number.
 * - A spreadsheet set to a semicolon list separator (many European locales) splits a line at every
 *   semicolon, even inside a quoted cell when the quote does not open its field, and then at the line
 *   breaks of such a cell. So every semicolon, CR or LF inside a cell that is followed by =, +, -, @, tab,
 *   CR or a double quote gets a single quote after it: `a;=1+1` becomes `a;'=1+1`, `x\n=1` becomes
 *   `x\n'=1`. (A minus always: a number at the end of such a part runs on into the next cells, `-5,1+cmd|`.
 *   A double quote: it would open a field whose closing quote may come before a formula.)
 * - The first cell of a line (`index` 0: `row.map(safeCell)` passes it) loses the negative-number exception:
 *   with a semicolon separator the line's first field runs on into the next cells (`-5,1+cmd|...`).
 * - A comma needs no care: the writer quotes a cell holding one, and such a field starts with its quote in
 *   both settings.
 *
 * Dates are written as ISO 8601; numbers as they are.
 */
export function safeCell(value: unknown, index?: number): string {
  if (value === null || value === undefined) return '';
  const s = value instanceof Date ? value.toISOString() : String(value as string | number | boolean | bigint);
  // The first cell of a line starts the first field for a semicolon spreadsheet too, which runs on into the
  // next cells: a negative number there would start a formula (`-5,1+cmd|...`), so it is quoted as text.
  if (index === 0 && s.charCodeAt(0) === 45) return `'${HAS_BREAK.test(s) ? s.replace(BREAK_BEFORE_FORMULA, "$1'") : s}`;
  if (typeof value === 'number' || s === '') return s;
  // Most cells leave after these two tests (a result file has 700,000 cells).
  const out = HAS_BREAK.test(s) ? s.replace(BREAK_BEFORE_FORMULA, "$1'") : s;
  const c = s.charCodeAt(0);
  if (c !== 61 && c !== 43 && c !== 45 && c !== 64 && c !== 9 && c !== 13 && c !== 0) return out;
  if (c === 45 && NEGATIVE_NUMBER.test(s)) return out;
  return `'${out}`;
}
