import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceApp, type MaintenanceApp } from './maintenance/fixtures';
import { createBundle, createTemplate, enrol } from './loyalty/helpers';
import { loginAs } from './helpers/http';

/**
 * Every paged list answers a page past the last one as the last page (issue 17 item 5, decision 0344):
 * never `from: 2451, to: 10`. One place (clampedPage in src/http/list.ts) serves every list.
 */
let t: MaintenanceApp;
let bundle: number;

beforeAll(async () => {
  t = await maintenanceApp();
  const corp = await loginAs(t.app, 'corp');
  bundle = await createBundle(t.app, corp, 'Paging bundle');
  await createTemplate(t.app, corp, 'Paging template');
  const seq = await createTemplate(t.app, corp, 'Paging template 2');
  await enrol(t.app, corp, 10001, seq);
});
afterAll(async () => {
  await t?.close();
});

const LISTS: [string, Record<string, string | number>][] = [
  ['/fc-common-api/audit', {}],
  ['/fc-common-api/users/account_requests', {}],
  ['/framework/customers', {}],
  ['/fc-common-api/loyalty-custs', {}],
  ['/fc-common-api/loyalty-customer-options', {}],
  ['/fc-common-api/loyalty-programs', {}],
  ['/fc-common-api/loyalty-bundles', {}],
  ['/fc-common-api/loyalty-item-codes', {}],
  ['/fc-common-api/cust/tax/estes', {}],
  ['/fc-common-api/fc-core-maintainance', {}],
];

describe('paging past the last page', () => {
  it.each(LISTS)('%s: page 2451 of pages of 2 is the last page', async (url, query) => {
    const c = await t.as('corp');
    const q = { ...query, ...(url.endsWith('item-codes') ? { 'filter[bundle_seq]': bundle } : {}), 'page[size]': 2 };
    const past = await c.get(url, { ...q, 'page[number]': 2451 });
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    const total = past.body.meta.record_count as number;
    const lastPage = Math.max(1, Math.ceil(total / 2));
    expect(past.body.meta.pagination).toEqual({
      total,
      per_page: 2,
      current_page: lastPage,
      last_page: lastPage,
      from: total === 0 ? 0 : (lastPage - 1) * 2 + 1,
      to: total,
    });
    expect(past.body.data.length).toBe(total === 0 ? 0 : total - (lastPage - 1) * 2);
    const last = await c.get(url, { ...q, 'page[number]': lastPage });
    expect(past.body.data).toEqual(last.body.data);
    expect(past.body.links.next).toBeUndefined();
  });
});
