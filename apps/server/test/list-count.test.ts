import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceApp, type MaintenanceApp } from './maintenance/fixtures';

/**
 * meta.record_count without counting the whole table on every page (issue 22, decision 0600): exact for a
 * narrow filter and a small table, the planner's estimate flagged meta.record_count_estimated for a wide
 * list above LIST_EXACT_COUNT_MAX (lowered to 50 here), and exact again with count=exact. The same on
 * PGlite and on PostgreSQL (DATABASE_URL).
 */
let t: MaintenanceApp;
const ADDED = 400;

beforeAll(async () => {
  t = await maintenanceApp({ env: { LIST_EXACT_COUNT_MAX: '50' } });
  // Copies of a demo customer as customers 900001.. (every other column the same, program and country too).
  await t.db.execute(sql`
    insert into customers
    select (jsonb_populate_record(c, jsonb_build_object('cust_no', 900000 + g, 'cust_name', 'Count test ' || g))).*
    from customers c, generate_series(1, ${ADDED}) g
    where c.cust_no = (select min(cust_no) from customers)`);
  // The planner's figures as after autovacuum (PGlite runs none): the estimate tracks the table.
  await t.db.execute(sql`analyze customers, audit_log`);
});
afterAll(async () => {
  await t?.close();
});

async function exactCustomers(where = sql`true`): Promise<number> {
  const res = (await t.db.execute(sql`select count(*)::int as n from customers where ${where}`)) as unknown as { rows: { n: number }[] };
  return res.rows[0]!.n;
}

describe('meta.record_count of a list', () => {
  it('is an estimate, flagged, for the unfiltered list of a table above the threshold', async () => {
    const c = await t.as('corp');
    const res = await c.get('/framework/customers', { 'page[size]': 10 });
    expect(res.status).toBe(200);
    const exact = await exactCustomers();
    expect(exact).toBeGreaterThan(ADDED);
    expect(res.body.meta.record_count_estimated).toBe(true);
    // ANALYZE read every row of this small table: its estimate is close (within a fifth).
    expect(Math.abs(res.body.meta.record_count - exact)).toBeLessThan(exact / 5);
    expect(res.body.meta.pagination.total).toBe(res.body.meta.record_count);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.links.next).toContain('page%5Bnumber%5D=2');
  });

  it('is exact with count=exact, and the page links keep asking for it', async () => {
    const c = await t.as('corp');
    const res = await c.get('/framework/customers', { 'page[size]': 10, count: 'exact' });
    expect(res.status).toBe(200);
    expect(res.body.meta.record_count).toBe(await exactCustomers());
    expect(res.body.meta.record_count_estimated).toBeUndefined();
    expect(res.body.links.next).toContain('count=exact');
  });

  it('is exact for a narrow search', async () => {
    const c = await t.as('corp');
    const res = await c.get('/framework/customers', { 'filter[search]': 'Count test 12', 'page[size]': 5 });
    expect(res.status).toBe(200);
    // Count test 12, 120 to 129: 11 customers.
    expect(res.body.meta.record_count).toBe(11);
    expect(res.body.meta.record_count_estimated).toBeUndefined();
  });

  it('is exact on the last page even when estimated: the short page ends the list', async () => {
    const c = await t.as('corp');
    const exact = await exactCustomers();
    const size = 100;
    const last = Math.ceil(exact / size);
    const res = await c.get('/framework/customers', { 'page[size]': size, 'page[number]': last });
    expect(res.status).toBe(200);
    if (exact % size !== 0) {
      expect(res.body.meta.record_count).toBe(exact);
      expect(res.body.meta.record_count_estimated).toBeUndefined();
    }
    expect(res.body.data).toHaveLength(exact - (last - 1) * size);
  });

  it('answers a page past the end as the last page, with the exact count', async () => {
    const c = await t.as('corp');
    const exact = await exactCustomers();
    const res = await c.get('/framework/customers', { 'page[size]': 100, 'page[number]': 900 });
    expect(res.status).toBe(200);
    expect(res.body.meta.record_count).toBe(exact);
    expect(res.body.meta.pagination.current_page).toBe(Math.ceil(exact / 100));
    expect(res.body.meta.record_count_estimated).toBeUndefined();
  });

  it('is exact for a small table under the threshold (the audit log of this test)', async () => {
    const c = await t.as('corp');
    const res = await c.get('/fc-common-api/audit', { 'page[size]': 5 });
    expect(res.status).toBe(200);
    const n = (await t.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] };
    expect(res.body.meta.record_count).toBe(n.rows[0]!.n);
    expect(res.body.meta.record_count_estimated).toBeUndefined();
  });

  it('refuses a count other than exact', async () => {
    const c = await t.as('corp');
    const res = await c.get('/framework/customers', { count: 'maybe' });
    expect(res.status).toBe(400);
  });
});
