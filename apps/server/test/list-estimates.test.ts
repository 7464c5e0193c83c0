import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceApp, type MaintenanceApp } from './maintenance/fixtures';
import { createBundle, createTemplate, enrol } from './loyalty/helpers';
import { loginAs } from './helpers/http';

/**
 * Every paged list counts through pageAndCount (issue 22, decision 0600): with LIST_EXACT_COUNT_MAX at 0
 * (every table "large") a full page answers the planner's estimate flagged meta.record_count_estimated,
 * and count=exact answers the exact count, unflagged. The same on PGlite and on PostgreSQL.
 */
let t: MaintenanceApp;
let bundle: number;

async function exact(table: string, where = 'true'): Promise<number> {
  const res = (await t.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`))) as unknown as {
    rows: { n: number }[];
  };
  return res.rows[0]!.n;
}

beforeAll(async () => {
  t = await maintenanceApp({ env: { LIST_EXACT_COUNT_MAX: '0' } });
  const corp = await loginAs(t.app, 'corp');
  bundle = await createBundle(t.app, corp, 'Estimate bundle');
  await createBundle(t.app, corp, 'Estimate bundle 2');
  const first = await createTemplate(t.app, corp, 'Estimate template');
  const second = await createTemplate(t.app, corp, 'Estimate template 2');
  await enrol(t.app, corp, 10001, first);
  await enrol(t.app, corp, 10004, second);
  await t.db.execute(sql`insert into loyalty_item_codes (bundle_seq, item_code, description)
    select ${bundle}, 'EST' || g, 'Estimate code' from generate_series(1, 3) g`);
  await t.db
    .execute(sql`insert into account_requests (full_name, job_title, phone, email, account_number, company_name, address, city, state, country, zip)
    select 'Estimate ' || g, 'Buyer', '555-0100', 'est' || g || '@example.com', 1000 + g, 'Estimate Fleet', '1 Main St', 'Dallas', 'TX', 'US', '75001'
      from generate_series(1, 3) g`);
  // Copies of a row of each table the demo data may hold only once.
  for (const [table, key] of [
    ['cust_tax_rates', 'cust_tax_rate_seq'],
    ['core_parts', 'id'],
  ] as const) {
    if ((await exact(table)) >= 3) continue;
    const extra = table === 'core_parts' ? `, 'part_no', 'EST-' || g` : '';
    await t.db.execute(
      sql.raw(`insert into ${table}
        select (jsonb_populate_record(r, jsonb_build_object('${key}', (select max(${key}) from ${table}) + g${extra}))).*
        from ${table} r, generate_series(1, 3) g where r.${key} = (select min(${key}) from ${table})`),
    );
  }
});
afterAll(async () => {
  await t?.close();
});

const LISTS: [string, Record<string, string | number>, () => Promise<number>][] = [
  ['/fc-common-api/users/account_requests', {}, () => exact('account_requests')],
  ['/fc-common-api/loyalty-custs', {}, () => exact('loyalty_enrolments')],
  ['/fc-common-api/loyalty-customer-options', {}, () => exact('customers')],
  ['/fc-common-api/loyalty-programs', {}, () => exact('loyalty_programs')],
  ['/fc-common-api/loyalty-bundles', {}, () => exact('loyalty_bundles')],
  ['/fc-common-api/loyalty-item-codes', { 'filter[bundle_seq]': 0 }, () => exact('loyalty_item_codes', `bundle_seq = ${bundle}`)],
  ['/fc-common-api/cust/tax/estes', {}, () => exact('cust_tax_rates t join customers c using (cust_no)')],
  ['/fc-common-api/fc-core-maintainance', {}, () => exact('core_parts p join customers c using (cust_no)')],
];

describe('meta.record_count of every paged list', () => {
  it.each(LISTS)('%s: estimated on a full page above the threshold, exact with count=exact', async (url, query, count) => {
    const c = await t.as('corp');
    const q = { ...query, ...('filter[bundle_seq]' in query ? { 'filter[bundle_seq]': bundle } : {}), 'page[size]': 1 };
    const n = await count();
    expect(n).toBeGreaterThanOrEqual(2);
    const estimated = await c.get(url, q);
    expect(estimated.status, JSON.stringify(estimated.body)).toBe(200);
    expect(estimated.body.meta.record_count_estimated).toBe(true);
    // A full page: at least one more row is said to follow.
    expect(estimated.body.meta.record_count).toBeGreaterThanOrEqual(2);
    expect(estimated.body.links.next).toBeDefined();
    const counted = await c.get(url, { ...q, count: 'exact' });
    expect(counted.status).toBe(200);
    expect(counted.body.meta.record_count).toBe(n);
    expect(counted.body.meta.record_count_estimated).toBeUndefined();
    expect(counted.body.links.next).toContain('count=exact');
  });

  it('the price-report table (no paging) counts its rows when they are fewer than it shows', async () => {
    const c = await t.as('corp');
    const res = await c.get('/fc-common-api/mpp/index');
    expect(res.status).toBe(200);
    expect(res.body.meta.record_count).toBe(res.body.data.length);
    expect(res.body.meta.record_count_estimated).toBeUndefined();
  });
});
