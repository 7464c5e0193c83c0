import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SORT_FIELDS } from '@fc/contract/customers';
import { maintenanceApp, type MaintenanceApp } from './maintenance/fixtures';

/**
 * Every sort of the customer list reads its first page from an index (decision 0991): at 1,000,000 customers
 * a page sorted by a column without one is a sort of every matching row (city: 45 ms at 100,000 customers,
 * about ten times that at 1,000,000), on every click of its header. The statement the list runs is taken as
 * the portal sends it and planned with sorting made as costly as the planner allows: it may have no Sort.
 */
let t: MaintenanceApp;
beforeAll(async () => {
  t = await maintenanceApp();
});
afterAll(async () => {
  await t?.close();
});

/** The page statement of a list request, with its parameters (limits and offsets here) written in. */
async function pageStatement(query: Record<string, string>): Promise<string> {
  const seen: string[] = [];
  const stop = t.ctx.database.onStatement((text) => seen.push(text));
  try {
    const c = await t.as('corp');
    const res = await c.get('/framework/customers', query);
    expect(res.status).toBe(200);
  } finally {
    stop();
  }
  const page = seen.find((s) => /^select .* from "customers" .*order by/i.test(s) && !/^explain/i.test(s));
  expect(page, seen.join('\n')).toBeDefined();
  return page!.replace(/\$\d+/g, '25');
}

const planNodes = (plan: Record<string, unknown>): string[] => [
  String(plan['Node Type']),
  ...((plan.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(planNodes),
];

describe('the customer list sorted by each of its columns, either way (decisions 0991 and 0992)', () => {
  // Descending too: the tie-breaker follows the sort's direction, so the index is read backward with no
  // (incremental) sort within each value.
  it.each(CUSTOMER_SORT_FIELDS.flatMap((field) => [`${field}|asc`, `${field}|desc`]))(
    '%s reads its page from an index, with no sort of the rows',
    async (sort) => {
      const statement = await pageStatement({ 'filter[sort]': sort, 'page[size]': '25' });
      const nodes = await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`);
        const res = await tx.execute(sql.raw(`explain (format json) ${statement}`));
        const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows ?? (res as unknown as Record<string, unknown>[]);
        const json = Object.values(rows[0]!)[0];
        const plan = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: Record<string, unknown> }[];
        return planNodes(plan[0]!.Plan);
      });
      expect(nodes.join(' > ')).toMatch(/Index/);
      expect(nodes.filter((n) => /Sort/.test(n))).toEqual([]);
    },
  );
});
