import { expect, type Page } from '@playwright/test';

const HEADERS = { accept: 'application/vnd.api+json', 'x-requested-with': 'XMLHttpRequest' };

const yyyymmdd = (d: Date) => `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;

async function json(page: Page, url: string) {
  const res = await page.request.get(url, { headers: HEADERS });
  expect(res.ok(), `GET ${url}`).toBe(true);
  return (await res.json()) as { data: { id: string; attributes: Record<string, unknown> }[] };
}

async function idOf(page: Page, url: string, nameAttribute: string, name: string): Promise<string> {
  const found = (await json(page, url)).data.find((d) => d.attributes[nameAttribute] === name);
  expect(found, `${name} in ${url}`).toBeTruthy();
  return found!.id;
}

/**
 * Writes that put values the audit history words for its reader on page 1 of its lists by entity, as the
 * signed-in corporate user (every task): an enrolment of customer 10004 in Brake Rewards that starts later
 * (Pre Enrolled, two calendar days), undone at once (Unenrolled), and an item-code import into the bundle
 * Brake and friction parts (a file message by its code). `slot` keeps the enrolments of walks that run side
 * by side apart (their dates must not overlap).
 */
export async function writeAuditedRows(page: Page, slot: number) {
  const program = await idOf(page, '/fc-common-api/loyalty-programs?page[size]=100', 'loyalty-program-name', 'Brake Rewards');
  const start = new Date();
  start.setDate(start.getDate() + 40 + 10 * slot);
  const end = new Date(start);
  end.setDate(end.getDate() + 5);
  const added = await page.request.post('/fc-common-api/loyalty/custs_add', {
    headers: HEADERS,
    data: {
      fc_loyalty_cust: {
        cust_no: 10004,
        loyalty_program_seq: Number(program),
        start_date: yyyymmdd(start),
        end_date: yyyymmdd(end),
        enrolled: 'Y',
      },
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const seq = Number(((await added.json()) as { data: { id: string }[] }).data[0]!.id);
  const removed = await page.request.post('/fc-common-api/loyalty/custs_del', {
    headers: HEADERS,
    data: { cust_loyalty_program_seq: seq },
  });
  expect(removed.ok(), await removed.text()).toBe(true);

  const bundle = await idOf(page, '/fc-common-api/loyalty-bundles?page[size]=100', 'bundle-name', 'Brake and friction parts');
  // Codes no other run holds: the import adds all of them or none.
  const run = `W${Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, '0')}`;
  const imported = await page.request.post(`/fc-common-api/loyalty/bundles/${bundle}/item-codes/add/csv`, {
    headers: HEADERS,
    multipart: {
      file: { name: 'walk-codes.csv', mimeType: 'text/csv', buffer: Buffer.from(`item_code,description\n${run}1,Walk\n${run}2,Walk\n`) },
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);

  // Both on page 1 of the audit history by entity, which the walk opens.
  const listed = async (entity: string) =>
    (await json(page, `/fc-common-api/audit?filter[entity]=${entity}&page[size]=25`)).data.map((d) => d.attributes);
  expect((await listed('loyalty_enrolment')).some((a) => a['entity-id'] === String(seq) && a.action === 'unenrol')).toBe(true);
  expect((await listed('inbound_file')).some((a) => a.action === 'processed')).toBe(true);
}
