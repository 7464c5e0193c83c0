import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inboundFiles } from '../../src/db/schema/index';
import { priceFileJob } from '../../src/modules/files/price-job';
import { transactionFileJob } from '../../src/modules/files/transactions-job';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { count, fileRow, pricedParts, runJob, seedCatalogue } from './helpers';

let t: TestApp;
let corp: string;
let corpview: string;
let dealer: string;
let dealer2: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  await seedCatalogue(t.ctx);
  [corp, corpview, dealer, dealer2] = await Promise.all(['corp', 'corpview', 'dealer', 'dealer2'].map((u) => loginAs(t.app, u)));
});

afterAll(async () => {
  await t?.close();
});

const header = 'cust_no,date,invoice,item_code,amount,currency';

async function uploadTransactions(cookie: string, content: string, filename = 'daily.csv') {
  const res = await api(t.app, cookie).upload('/fc-common-api/transactions/file', { filename, content, contentType: 'text/csv' });
  if (res.status === 202) await runJob(t.ctx, transactionFileJob, res.body.data[0].attributes.sequence);
  return res;
}

describe('the daily transaction file', () => {
  const content = [
    `${header},reverses`,
    '10001,20260105,INV-1,IC-100,125.50,USD,',
    '10002,2026-01-06,INV-2,IC-200,80,CAD,',
    // A negative amount reverses an invoice the customer has (decision 0301).
    '10001,01/07/2026,INV-3,IC-100,-20.00,USD,INV-1',
  ].join('\n');

  it('adds the purchases of known customers (status 0), and an identical re-upload adds nothing (status 2)', async () => {
    const first = await uploadTransactions(corp, content);
    expect(first.status).toBe(202);
    const row = await fileRow(t.ctx, first.body.data[0].attributes.sequence);
    expect(row).toMatchObject({ kind: 'transactions', state: 'done', unitStatus: 0, osReturnCode: 0 });
    expect(row.message).toMatch(/^3 purchases added, 0 already held, 0 rejected/);
    const held = (
      await t.ctx.database.query<{ cust_no: number; trx_date: string; amount: string; currency: number }>(
        "select cust_no, trx_date::text, amount::text, currency from transactions where invoice like 'INV-%' order by invoice",
      )
    ).rows;
    expect(held).toEqual([
      { cust_no: 10001, trx_date: '2026-01-05', amount: '125.50', currency: 0 },
      { cust_no: 10002, trx_date: '2026-01-06', amount: '80.00', currency: 1 },
      { cust_no: 10001, trx_date: '2026-01-07', amount: '-20.00', currency: 0 },
    ]);

    const again = await uploadTransactions(corp, content, 'daily-again.csv');
    const second = await fileRow(t.ctx, again.body.data[0].attributes.sequence);
    expect(second).toMatchObject({ state: 'done', unitStatus: 2 });
    expect(second.message).toMatch(/^0 purchases added, 3 already held/);
    expect(await count(t.ctx, sql`select count(*) as n from transactions where invoice like 'INV-%'`)).toBe(3);
  });

  it('rejects rows of unknown customers, bad values and repeated purchases, naming their lines', async () => {
    const res = await uploadTransactions(
      corp,
      [
        header,
        '99999,20260105,INV-9,IC-1,1.00,USD',
        '10001,20261340,INV-10,IC-1,1.00,USD',
        '10001,20260105,INV-11,IC-1,1.005,USD',
        '10001,20260105,INV-12,IC-1,1.00,EUR',
        '10003,20260105,INV-13,IC-1,2.00,USD',
        '10003,20260106,INV-13,IC-1,3.00,USD',
      ].join('\n'),
    );
    const row = await fileRow(t.ctx, res.body.data[0].attributes.sequence);
    expect(row.unitStatus).toBe(0);
    expect(row.message).toContain('1 purchases added, 0 already held, 5 rejected.');
    expect(row.message).toContain('Line 2: unknown customer 99999');
    expect(row.message).toContain('Line 3: date "20261340" is not a date');
    expect(row.message).toContain('Line 7: the same purchase as line 6');
    // The web app translates the code with its values; the rejected rows come by line.
    expect(row.messageCode).toBe('transactions-summary');
    expect(row.messageValues).toEqual({
      added: 1,
      held: 0,
      rejected: 5,
      rejects: [
        { code: 'unknown-customer', values: { custNo: 99999 }, line: 2 },
        { code: 'date-invalid', values: { value: '20261340' }, line: 3 },
        { code: 'amount-invalid', values: { value: '1.005' }, line: 4 },
        { code: 'currency-invalid', line: 5 },
        { code: 'purchase-repeated', values: { first: 6 }, line: 7 },
      ],
    });
  });

  it('a file where every row is rejected is a failed unit; a file without the columns fails as a whole', async () => {
    const rejected = await uploadTransactions(corp, [header, '99998,20260105,INV-20,IC-1,1.00,USD'].join('\n'));
    expect(await fileRow(t.ctx, rejected.body.data[0].attributes.sequence)).toMatchObject({ state: 'done', unitStatus: 1 });
    const broken = await uploadTransactions(corp, 'cust_no,date\n10001,20260101\n');
    const row = await fileRow(t.ctx, broken.body.data[0].attributes.sequence);
    expect(row).toMatchObject({ state: 'failed', unitStatus: 1 });
    expect(row.message).toMatch(/missing: invoice, item_code, amount, currency/);
  });

  it('only corporate staff upload it, with the same upload checks', async () => {
    expect((await uploadTransactions(dealer, content)).status).toBe(403);
    const txt = await uploadTransactions(corp, content, 'daily.txt');
    expect(txt.status).toBe(415);
    expect(txt.body.errors[0].code).toBe('file-type');
  });

  it('a transaction file refused at upload is a failed unit of the file-status page with the reason', async () => {
    const res = await uploadTransactions(corp, header + '\n' + 'x'.repeat(10_001) + '\n', 'daily-long.csv');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('file-line');
    const units = (await api(t.app, corp).get('/fc-common-api/file-status')).body.data.flatMap(
      (g: { attributes: { units: Record<string, unknown>[] } }) => g.attributes.units,
    );
    expect(units.find((u: Record<string, unknown>) => u.name === 'daily-long.csv')).toMatchObject({
      kind: 'transactions',
      status: 1,
      'status-msg': expect.stringMatching(/refused at upload: Line 2 is longer than 10,000 characters/),
      'status-msg-code': 'upload-refused',
      'status-msg-values': { reason: 'file-line', line: 2, max: 10_000 },
    });
    // The answer names the line and the limit in meta, so the page words them in its language (decision 0410).
    expect(res.body.errors[0].meta).toEqual({ line: 2, max: 10_000 });
  });
});

describe('GET /fc-common-api/file-status', () => {
  it('groups processed files by processing date, newest first, with name, status and status-msg', async () => {
    const price = await api(t.app, dealer).upload('/fc-common-api/mpp/price', {
      filename: 'dealer-prices.csv',
      content: `part_no,price\n${pricedParts[0]!.partNo},1.00\n`,
    });
    const seq = price.body.data[0].attributes.sequence as number;
    await runJob(t.ctx, priceFileJob, seq);
    // A file processed on an earlier day, and one still waiting (not a unit yet).
    const [old] = await t.db
      .insert(inboundFiles)
      .values({
        kind: 'item-codes',
        fileName: 'codes.csv',
        content: Buffer.from('x'),
        byteSize: 1,
        sha256: 'x',
        state: 'done',
        unitStatus: 2,
        message: 'Nothing new',
        osReturnCode: 0,
        finishedAt: sql`now() - interval '3 days'`,
      })
      .returning();
    await t.db.insert(inboundFiles).values({ kind: 'core', fileName: 'waiting.csv', content: Buffer.from('x'), byteSize: 1, sha256: 'x' });

    const res = await api(t.app, corp).get('/fc-common-api/file-status');
    expect(res.status).toBe(200);
    const groups = res.body.data.map(
      (g: { attributes: { date: string; units: { seq: number; name: string; status: number; 'status-msg': string; kind: string }[] } }) =>
        g.attributes,
    );
    expect(groups.length).toBe(2);
    expect(groups[0].date > groups[1].date).toBe(true);
    const today = groups[0].units;
    expect(today.map((u: { kind: string }) => u.kind).sort()).toEqual(expect.arrayContaining(['price', 'transactions']));
    expect(today.find((u: { seq: number }) => u.seq === seq)).toMatchObject({ name: 'dealer-prices.csv', status: 0, kind: 'price' });
    expect(today.find((u: { seq: number }) => u.seq === seq)['status-msg']).toMatch(/1 of 1 prices accepted/);
    expect(today.find((u: { seq: number }) => u.seq === seq)).toMatchObject({
      'status-msg-code': 'price-applied',
      'status-msg-values': { accepted: 1, total: 1, changed: 1, above: 0, unknown: 0, invalid: 0 },
    });
    expect(groups[1].units).toEqual([
      // A unit written without a code (another module's) keeps its sentence; the page shows it as it is.
      expect.objectContaining({ seq: old!.seq, name: 'codes.csv', status: 2, 'status-msg': 'Nothing new', 'status-msg-code': null }),
    ]);
    expect(groups.flatMap((g: { units: { name: string }[] }) => g.units.map((u) => u.name))).not.toContain('waiting.csv');

    // A dealer sees its own merchant's files only; a corporate viewer sees all.
    const mine = await api(t.app, dealer).get('/fc-common-api/file-status');
    const names = mine.body.data.flatMap((g: { attributes: { units: { name: string; kind: string }[] } }) =>
      g.attributes.units.map((u) => u.kind),
    );
    expect(names).toEqual(['price']);
    expect((await api(t.app, dealer2).get('/fc-common-api/file-status')).body.data).toEqual([]);
    expect((await api(t.app, corpview).get('/fc-common-api/file-status')).body.data.length).toBe(2);
    await t.db.delete(inboundFiles).where(eq(inboundFiles.fileName, 'waiting.csv'));
  });
});
