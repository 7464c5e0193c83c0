import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { transactionFileJob } from '../../src/modules/files/transactions-job';
import { runLifecycle, today } from '../../src/modules/loyalty-engine/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { runJob } from '../files/helpers';
import { attrs, createBundle, createTemplate, day, enrol } from '../loyalty/helpers';
import { buy } from './fixtures';

/**
 * Issue 17 item 1 (docs/decisions/0340): a purchase of "8" and the bundle code "8" (stored "00008") are the
 * same item code. An Include programme counts it, an Exclude programme does not, whether the purchase came
 * in a transactions file or was stored before codes had one form (the daily recount rewrites it).
 */
let t: TestApp;
const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
let corp: string;
const program = { include: 0, exclude: 0 };

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  corp = await loginAs(t.app, 'corp');
  const bundle = await createBundle(t.app, corp, 'Code form bundle');
  const added = await api(t.app, corp).post(`/fc-common-api/loyalty/bundle/${bundle}/item_codes/add`, { item_codes: ['8', 'ab1'] });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const ms = [{ amount: 1000, rate: 0.01 }];
  program.include = await createTemplate(t.app, corp, 'Code form include', ms, { bundle_seq: bundle, bundle_type: 'Include' });
  program.exclude = await createTemplate(t.app, corp, 'Code form exclude', ms, { bundle_seq: bundle, bundle_type: 'Exclude' });
  for (const [cust, seq] of [
    [10001, program.include],
    [10001, program.exclude],
    [10004, program.include],
    [10004, program.exclude],
  ] as const) {
    const res = await enrol(t.app, corp, cust, seq, day(-10), day(30));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
});

async function spend(custNo: number) {
  const res = await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'page[size]': 100 });
  expect(res.status).toBe(200);
  const of = (seq: number) => attrs(res.body).find((r) => r['cust-no'] === custNo && r['loyalty-program-seq'] === seq)!['current-spend'];
  return { include: of(program.include), exclude: of(program.exclude) };
}

describe('one item-code form for bundles and purchases', () => {
  it('bundle codes are stored padded and upper-cased', async () => {
    const res = await t.ctx.db.execute(sql`select item_code from loyalty_item_codes order by item_code`);
    expect((res as unknown as { rows: { item_code: string }[] }).rows.map((r) => r.item_code)).toEqual(['00AB1', '00008'].sort());
  });

  it('a transactions file purchase of "8" and "ab1" counts under Include and not under Exclude', async () => {
    const file = [
      'cust_no,date,invoice,item_code,amount,currency',
      `10001,${day(-2)},CF-1,8,100.00,USD`,
      `10001,${day(-2)},CF-2,ab1,40.00,USD`,
      `10001,${day(-2)},CF-3,99999,7.00,USD`,
    ].join('\n');
    const res = await api(t.app, corp).upload('/fc-common-api/transactions/file', {
      filename: 'codes.csv',
      content: file,
      contentType: 'text/csv',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await runJob(t.ctx, transactionFileJob, res.body.data[0].attributes.sequence);
    expect(await spend(10001)).toEqual({ include: 140, exclude: 7 });
  });

  it('a file sending again a purchase stored before as "8" does not add it twice', async () => {
    await buy(t.db, 10001, [{ date: iso(day(-1)), itemCode: '8', amount: '50.00', invoice: 'LEGACY-1' }]);
    const before = await spend(10001);
    const file = ['cust_no,date,invoice,item_code,amount,currency', `10001,${day(-1)},LEGACY-1,8,50.00,USD`].join('\n');
    const res = await api(t.app, corp).upload('/fc-common-api/transactions/file', {
      filename: 'again.csv',
      content: file,
      contentType: 'text/csv',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await runJob(t.ctx, transactionFileJob, res.body.data[0].attributes.sequence);
    const rows = await t.ctx.db.execute(sql`select item_code from transactions where invoice = 'LEGACY-1'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    expect(await spend(10001)).toEqual(before);
  });

  it('purchases stored before as sent ("8", "ab1") are rewritten and recounted by the daily run', async () => {
    await buy(t.db, 10004, [
      { date: iso(day(-3)), itemCode: '8', amount: '200.00' },
      { date: iso(day(-3)), itemCode: 'ab1', amount: '30.00' },
      { date: iso(day(-3)), itemCode: '77777', amount: '5.00' },
    ]);
    // As the engine counted them before: "8" missed by Include, wrongly counted under Exclude.
    expect(await spend(10004)).toEqual({ include: 0, exclude: 235 });
    await t.db.transaction((tx) => runLifecycle(tx, today()));
    expect(await spend(10004)).toEqual({ include: 230, exclude: 5 });
    const res = await t.ctx.db.execute(sql`select distinct item_code from transactions where cust_no = 10004 order by item_code`);
    expect((res as unknown as { rows: { item_code: string }[] }).rows.map((r) => r.item_code)).toEqual(['00008', '00AB1', '77777'].sort());
  });
});
