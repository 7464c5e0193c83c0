import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATE_REUSE_MS, plannedRows, recentPlannedRows } from '../src/http/list';
import { customers } from '../src/db/schema/index';
import { maintenanceApp, type MaintenanceApp } from './maintenance/fixtures';

/**
 * A wide list's estimate is reused for ESTIMATE_REUSE_MS per database and filter (decision 0940): a busy
 * list runs its page and the session read, not an EXPLAIN per request. A later moment, another filter or
 * another database plans again.
 */
let t: MaintenanceApp;

beforeAll(async () => {
  t = await maintenanceApp();
});
afterAll(async () => {
  await t?.close();
});

const matching = (status: number) => sql`select 1 from ${customers} where ${customers.status} = ${status}`;

async function grow(n: number) {
  await t.db.execute(sql`
    insert into customers
    select (jsonb_populate_record(c, jsonb_build_object('cust_no', 800000 + g, 'status', 0))).*
    from customers c, generate_series(1, ${n}) g
    where c.cust_no = (select min(cust_no) from customers)`);
  await t.db.execute(sql`analyze customers`);
}

describe('the reused estimate', () => {
  it('is the same figure within ESTIMATE_REUSE_MS, the planner figure again after it, per filter', async () => {
    const now = 1_000_000_000_000;
    const first = await recentPlannedRows(t.db, matching(0), now);
    expect(first).toBe(await plannedRows(t.db, matching(0)));
    await grow(2000);
    const fresh = await plannedRows(t.db, matching(0));
    expect(fresh).toBeGreaterThan(first);
    // Within the window: the figure of the first plan, not the grown table's.
    expect(await recentPlannedRows(t.db, matching(0), now + ESTIMATE_REUSE_MS - 1)).toBe(first);
    // Another filter is planned on its own.
    expect(await recentPlannedRows(t.db, matching(1), now + 1)).toBe(await plannedRows(t.db, matching(1)));
    // After the window: planned again.
    expect(await recentPlannedRows(t.db, matching(0), now + ESTIMATE_REUSE_MS + 1)).toBe(fresh);
  });
});
