import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/index';
import { keyset, type KeysetQuery } from '../src/http/list';
import { maintenanceApp, type MaintenanceApp } from './maintenance/fixtures';

/**
 * Keyset paging (issue 22, decision 0620): `links.next` carries page[after], the sort key of the page's
 * last row, and the next page is read by seeking it. Following the links gives the pages page[number]
 * gives; a row removed before the cursor does not shift the page read through it (it was sought, not
 * counted off); a cursor that does not fit the request is ignored. The same on PGlite and PostgreSQL.
 */
let t: MaintenanceApp;
const ADDED = 60;
const SIZE = 7;

beforeAll(async () => {
  t = await maintenanceApp();
  // Customers 910001.. with names that repeat (ties broken by cust_no) and creation times that repeat too.
  await t.db.execute(sql`
    insert into customers
    select (jsonb_populate_record(c, jsonb_build_object(
             'cust_no', 910000 + g,
             'cust_name', 'Keyset ' || (g % 9),
             'created_at', timestamptz '2026-01-01 00:00:00.123456+00' + make_interval(mins => g % 5)))).*
    from customers c, generate_series(1, ${ADDED}) g
    where c.cust_no = (select min(cust_no) from customers)`);
  // Audit records, four at each instant (ties broken by id).
  await t.db.execute(sql`
    insert into audit_log (at, username, entity, entity_id, action)
    select timestamptz '2026-02-01 00:00:00.5+00' + make_interval(secs => g / 4), 'corp', 'customer', (910000 + g)::text, 'update'
      from generate_series(1, 40) g`);
});
afterAll(async () => {
  await t?.close();
});

type Page = { data: { id: string }[]; links: Record<string, string | undefined>; meta: { pagination: { current_page: number } } };
const ids = (body: Page) => body.data.map((r) => r.id);
const cursorOf = (link: string | undefined) => (link ? new URL(link, 'http://x').searchParams.get('page[after]') : null);

/** Every page of a list by following links.next from page 1, and every page by page[number]. */
async function walk(query: Record<string, string | number>, url = '/framework/customers') {
  const c = await t.as('corp');
  const first = await c.get(url, { ...query, 'page[size]': SIZE });
  expect(first.status).toBe(200);
  const followed: string[][] = [ids(first.body as Page)];
  const cursors: (string | null)[] = [];
  let next = (first.body as Page).links.next;
  while (next) {
    cursors.push(cursorOf(next));
    const res = await c.get(next);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    followed.push(ids(res.body as Page));
    expect((res.body as Page).meta.pagination.current_page).toBe(followed.length);
    next = (res.body as Page).links.next;
  }
  const numbered: string[][] = [];
  for (let n = 1; n <= followed.length; n++)
    numbered.push(ids((await c.get(url, { ...query, 'page[size]': SIZE, 'page[number]': n })).body as Page));
  return { followed, numbered, cursors };
}

describe('keyset paging of the customer list', () => {
  it.each([
    [{}],
    [{ 'filter[sort]': 'cust_name|asc' }],
    [{ 'filter[sort]': 'cust_name|desc' }],
    [{ 'filter[sort]': 'created_at|desc,cust_name|asc' }],
    [{ 'filter[search]': 'Keyset', 'filter[sort]': 'created_at|asc' }],
  ])('following links.next gives the pages page[number] gives (%j)', async (query) => {
    const { followed, numbered, cursors } = await walk(query);
    expect(followed.length).toBeGreaterThan(2);
    expect(followed).toEqual(numbered);
    // Every next link carried a cursor; each row came once.
    expect(cursors.every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
    expect(new Set(followed.flat()).size).toBe(followed.flat().length);
  });

  it('reads the next page by seeking: a row removed before the cursor does not shift it', async () => {
    const c = await t.as('corp');
    const query = { 'filter[search]': 'Keyset', 'filter[sort]': 'cust_name|asc', 'page[size]': SIZE };
    const page1 = (await c.get('/framework/customers', query)).body as Page;
    const next = page1.links.next!;
    const page2 = ids((await c.get(next)).body as Page);
    await t.db.execute(sql`delete from customers where cust_no = ${Number(page1.data[0]!.id)}`);
    // Through the cursor: the same rows as before. By page[number] alone (OFFSET): one row further on.
    expect(ids((await c.get(next)).body as Page)).toEqual(page2);
    const byNumber = ids((await c.get('/framework/customers', { ...query, 'page[number]': 2 })).body as Page);
    expect(byNumber.slice(0, -1)).toEqual(page2.slice(1));
  });

  it('ignores a cursor made for another page, sort or size, and one that is not a cursor', async () => {
    const c = await t.as('corp');
    const query = { 'filter[search]': 'Keyset', 'filter[sort]': 'cust_name|asc', 'page[size]': SIZE };
    const cursor = cursorOf(((await c.get('/framework/customers', query)).body as Page).links.next)!;
    const byNumber = async (q: Record<string, string | number>) => ids((await c.get('/framework/customers', q)).body as Page);
    for (const q of [
      { ...query, 'page[number]': 3 },
      { ...query, 'page[number]': 2, 'filter[sort]': 'cust_name|desc' },
      { ...query, 'page[number]': 2, 'page[size]': SIZE + 1 },
      { ...query, 'page[number]': 2, 'filter[search]': 'Keyset 1' },
    ]) {
      const res = await c.get('/framework/customers', { ...q, 'page[after]': cursor });
      expect(res.status).toBe(200);
      expect(ids(res.body as Page)).toEqual(await byNumber(q));
    }
    const forged = Buffer.from(JSON.stringify({ p: 2, z: SIZE, f: 'x', k: ["1' or '1'='1"] })).toString('base64url');
    for (const bad of ['not a cursor', forged]) {
      const res = await c.get('/framework/customers', { ...query, 'page[number]': 2, 'page[after]': bad });
      expect(res.status).toBe(200);
      expect(ids(res.body as Page)).toEqual(await byNumber({ ...query, 'page[number]': 2 }));
    }
  });

  it.each(['asc', 'desc'] as const)(
    'breaks ties in the direction of the last sort term (cust_name|%s: equal names by number the same way; decision 0992)',
    async (direction) => {
      const c = await t.as('corp');
      const query = { 'filter[search]': 'Keyset', 'filter[sort]': `cust_name|${direction}`, 'page[size]': SIZE };
      const { followed } = await walk(query);
      const rows = (await c.get('/framework/customers', { ...query, 'page[size]': 100 })).body as {
        data: { id: string; attributes: { 'cust-name': string } }[];
      };
      const ordered = rows.data.map((r) => [r.attributes['cust-name'], Number(r.id)] as const);
      expect(ordered.length).toBeGreaterThan(2 * SIZE);
      const sign = direction === 'asc' ? 1 : -1;
      const expected = [...ordered].sort(([a, x], [b, y]) => sign * (a < b ? -1 : a > b ? 1 : x - y));
      expect(ordered).toEqual(expected);
      // Followed through its cursors, in the same order.
      expect(followed.flat()).toEqual(ordered.map(([, n]) => String(n)));
    },
  );

  it('ignores a cursor made when ties were broken ascending whatever the sort (before decision 0992)', () => {
    const q: KeysetQuery<'cust_name'> = { page: { number: 2, size: SIZE }, sort: [{ field: 'cust_name', direction: 'desc' }], filters: {} };
    const spec = {
      columns: { cust_name: { expr: customers.custName, kind: 'text' as const } },
      tieBreaker: { expr: customers.custNo, kind: 'int' as const },
    };
    const cursor = (f: string) => Buffer.from(JSON.stringify({ p: 2, z: SIZE, f, k: ['Keyset 5', '910005'] })).toString('base64url');
    // The fingerprint such a cursor carries: the sort, search and filters, without the tie-breaker's direction.
    const before = createHash('sha256')
      .update(JSON.stringify([q.sort, '', []]))
      .digest('base64url')
      .slice(0, 12);
    expect(keyset({ ...q, cursor: cursor(before) }, spec).seeking).toBe(false);
    // A cursor of this version for the same page seeks.
    const made = keyset({ ...q, page: { number: 1, size: SIZE } }, spec).nextCursor(
      Array.from({ length: SIZE }, () => ({ _k0: 'Keyset 5', _k1: '910005' })),
    );
    expect(keyset({ ...q, cursor: made }, spec).seeking).toBe(true);
  });

  it('puts a cursor in the next link only, and none for a sort that cannot seek', async () => {
    const c = await t.as('corp');
    const page2 = (await c.get('/framework/customers', { 'page[size]': SIZE, 'page[number]': 2, 'page[after]': 'x' })).body as Page;
    expect(cursorOf(page2.links.next)).toBeTruthy();
    for (const name of ['first', 'prev', 'last']) expect(cursorOf(page2.links[name])).toBeNull();
    // city may be empty (NULL): that sort pages by page[number] alone.
    const byCity = (await c.get('/framework/customers', { 'page[size]': SIZE, 'filter[sort]': 'city|asc' })).body as Page;
    expect(byCity.links.next).toBeDefined();
    expect(cursorOf(byCity.links.next)).toBeNull();
  });

  it.each([[{}], [{ 'filter[sort]': 'at|asc' }]])('the audit history seeks by time too (%j)', async (query) => {
    const { followed, numbered, cursors } = await walk(query, '/fc-common-api/audit');
    expect(followed.length).toBeGreaterThan(4);
    expect(followed).toEqual(numbered);
    expect(cursors.every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
  });

  it('refuses a page[after] longer than a cursor can be', async () => {
    const c = await t.as('corp');
    expect((await c.get('/framework/customers', { 'page[after]': 'x'.repeat(2001) })).status).toBe(400);
  });
});
