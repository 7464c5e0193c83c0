import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorRows } from '../src/db/cursor';
import { seedDemo } from '../src/seed/index';
import { createTestApp, type TestApp } from './helpers/app';
import { api, loginAs } from './helpers/http';

/**
 * Exports that pass their rows through JavaScript (the loyalty lists) read them through one cursor
 * (src/db/cursor.ts) instead of pages with OFFSET: every row once, in the list's order, across batches.
 */
let t: TestApp;
let corp: string;
let bundle: number;
const CODES = 2_345;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  corp = await loginAs(t.app, 'corp');
  const { rows } = await t.database.query<{ seq: number }>(
    "insert into loyalty_bundles (name, description) values ('Cursor bundle', 'many codes') returning bundle_seq::int as seq",
  );
  bundle = rows[0]!.seq;
  // Descriptions in the reverse order of the codes, so that sorting by description reverses the file.
  await t.database.query(
    `insert into loyalty_item_codes (bundle_seq, item_code, description, modified_by)
     select $1, lpad(g::text, 5, '0'), 'd' || lpad((${CODES} - g)::text, 5, '0'), 'corp' from generate_series(1, ${CODES}) g`,
    [bundle],
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('cursorRows', () => {
  it('reads every row once, in order, across batches', async () => {
    const seen: number[] = [];
    for await (const r of cursorRows<{ g: number }>(t.database, sql`select g from generate_series(1, 2500) g order by g desc`, 1000))
      seen.push(Number(r.g));
    expect(seen).toHaveLength(2500);
    expect(seen[0]).toBe(2500);
    expect(seen.at(-1)).toBe(1);
    expect(new Set(seen).size).toBe(2500);
  });

  it('lets other statements run between two batches, and closes its cursor when the reader stops', async () => {
    let read = 0;
    for await (const _ of cursorRows(t.database, sql`select g from generate_series(1, 3000) g`, 100)) {
      if (++read === 150) {
        // Another request's statement on the same database while the export is half-way.
        const { rows } = await t.database.query<{ n: number }>('select count(*)::int as n from loyalty_item_codes');
        expect(rows[0]!.n).toBeGreaterThanOrEqual(CODES);
      }
      if (read === 250) break;
    }
    const { rows: open } = await t.database.query<{ n: number }>(
      "select count(*)::int as n from pg_cursors where name like 'export_cursor_%'",
    );
    expect(open[0]!.n).toBe(0);
    const pool = t.database.pool;
    if (pool) expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});

describe('GET /fc-common-api/loyalty/bundles/:bundle/item-codes/csv', () => {
  it('has every code of the bundle once, in the list order, whatever the sort', async () => {
    for (const [sort, first] of [
      ['item_code|asc', '00001'],
      ['description|asc', String(CODES).padStart(5, '0')],
    ] as const) {
      const res = await api(t.app, corp).get(`/fc-common-api/loyalty/bundles/${bundle}/item-codes/csv`, { 'filter[sort]': sort });
      expect(res.status, res.text).toBe(200);
      const records = parse(res.text) as string[][];
      expect(records[0]).toEqual(['Item Code', 'Description', 'Comment', 'Date Added', 'Last Modified', 'Modified By']);
      const codes = records.slice(1).map((r) => r[0]);
      expect(codes).toHaveLength(CODES);
      expect(new Set(codes).size).toBe(CODES);
      expect(codes[0]).toBe(first);
      // The list's own first page, in the same order.
      const page = await api(t.app, corp).get('/fc-common-api/loyalty-item-codes', {
        'filter[bundle_seq]': bundle,
        'filter[sort]': sort,
        'page[size]': 100,
      });
      expect(codes.slice(0, 100)).toEqual(page.body.data.map((d: { attributes: { 'item-code': string } }) => d.attributes['item-code']));
    }
  });
});
