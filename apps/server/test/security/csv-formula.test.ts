import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeCell } from '@fc/contract/csv';
import { csvRecord } from '../../src/http/csv-cell';
import { createTestContext, type TestContext } from '../helpers/app';
import { isFormula, spreadsheetRecords } from './support';

/**
 * Issue 16: one rule makes a CSV cell safe (packages/contract/src/csv, decision 0321), in TypeScript for
 * the files the server writes itself and in SQL (csv_cell) for the ones the database writes by COPY. The
 * file must hold no formula whether the spreadsheet splits its lines at commas or at semicolons, and the
 * two functions must agree on every cell, on PGlite and on PostgreSQL (run this file with DATABASE_URL).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Characters that matter to a spreadsheet or to CSV, and a few ordinary ones. */
const HOSTILE = ['=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', "'", ' ', '1', '2', '.', 'a', 'Z', 'é', '🚚', '|', '(', ')', '!'];
const hostileCell = fc.oneof(
  fc.string({ unit: fc.constantFrom(...HOSTILE), maxLength: 16 }),
  fc
    .tuple(fc.constantFrom(';=1+1', ';"=1"', '=cmd|calc!A1', '-2+3', ';-5', ';@SUM(A1)', ';\t=x'), fc.string({ maxLength: 6 }))
    .map(([a, b]) => a + b),
  fc.string({ maxLength: 12 }),
);

describe('the one CSV cell rule', () => {
  it('a line of safe cells holds no formula for a comma or a semicolon spreadsheet', () => {
    fc.assert(
      fc.property(fc.array(hostileCell, { minLength: 1, maxLength: 4 }), (cells) => {
        const line = csvRecord(cells.map(safeCell));
        for (const separator of [',', ';'] as const) {
          for (const field of spreadsheetRecords(line, separator).flat()) {
            if (isFormula(field)) throw new Error(`${JSON.stringify(line)} split at ${separator}: ${JSON.stringify(field)}`);
          }
        }
      }),
      { numRuns: RUNS * 10, seed: SEED },
    );
  });

  it('the examples of the issue', () => {
    expect(safeCell(';=1+1')).toBe(";'=1+1");
    expect(safeCell('a;=HYPERLINK("http://x")')).toBe('a;\'=HYPERLINK("http://x")');
    expect(safeCell('=1+1')).toBe("'=1+1");
    expect(safeCell('-12.5')).toBe('-12.5');
    expect(safeCell('-12.5;-3')).toBe("'-12.5;'-3");
    expect(safeCell('note\n=1+1')).toBe("note\n'=1+1");
    // The first cell of a line: a negative number is text there (`-5,1+cmd|` would run with semicolons).
    expect(['-5', '1+cmd|x', -3].map(safeCell)).toEqual(["'-5", '1+cmd|x', '-3']);
    expect(safeCell(-5, 0)).toBe("'-5");
    expect(safeCell('a;"=1"')).toBe('a;\'"=1"');
  });

  it('csv_cell in the database answers what safeCell answers, for every generated cell', async () => {
    // Text cannot hold NUL; the TypeScript rule alone meets it.
    const cells = fc.sample(hostileCell, { numRuns: RUNS * 10, seed: SEED }).filter((c) => !c.includes('\u0000'));
    const { rows } = await t.database.query<{ v: string | null; i: string }>(
      'select csv_cell(c) as v, i from unnest($1::text[]) with ordinality u(c, i) order by i',
      [cells],
    );
    const differences = rows.map((r, n) => ({ cell: cells[n]!, sql: r.v ?? '', ts: safeCell(cells[n]) })).filter((d) => d.sql !== d.ts);
    expect(differences.slice(0, 10)).toEqual([]);
    expect(rows.length).toBe(cells.length);
  });
});
