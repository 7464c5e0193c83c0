import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionFileJob } from '../../src/modules/files/transactions-job';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { attrs, createTemplate, day, enrol } from '../loyalty/helpers';
import { runJob } from './helpers';

/**
 * The daily transaction file feeds the loyalty spend (FILE-10, LOY-34): the purchases it adds change the
 * current spend of the customer's open enrolment (kept by the engine's triggers, src/db/sql/loyalty-engine.sql).
 */
let t: TestApp;
let corp: string;
let programSeq: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  corp = await loginAs(t.app, 'corp');
  programSeq = await createTemplate(t.app, corp, 'Spend from files', [{ amount: 1000, rate: 0.01 }]);
  const res = await enrol(t.app, corp, 10001, programSeq, day(-10), day(30));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

const iso = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`;

/** The enrolment as corporate staff see it on the loyalty page. */
async function enrolment() {
  const res = await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'page[size]': 100 });
  expect(res.status).toBe(200);
  return attrs(res.body).find((r) => r['cust-no'] === 10001 && r['loyalty-program-seq'] === programSeq)!;
}

async function uploadAndProcess(content: string, filename: string) {
  const res = await api(t.app, corp).upload('/fc-common-api/transactions/file', { filename, content, contentType: 'text/csv' });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const seq = res.body.data[0].attributes.sequence as number;
  await runJob(t.ctx, transactionFileJob, seq);
  return seq;
}

/** The file's unit on the file-status page: its status and its report (the English message). */
async function unitOf(seq: number) {
  const res = await api(t.app, corp).get('/fc-common-api/file-status');
  for (const g of res.body.data) {
    const unit = g.attributes.units.find((u: { seq: number }) => u.seq === seq);
    if (unit) return unit as { status: number; 'status-msg': string; 'status-msg-values': { rejects: { code: string; line: number }[] } };
  }
  throw new Error(`no unit ${seq}`);
}

describe('a transaction file and the loyalty spend', () => {
  const file = [
    'cust_no,date,invoice,item_code,amount,currency,credit',
    // In the enrolment's window and currency: counted, the credit too.
    `10001,${day(-2)},SP-1,IC-1,120.50,USD,`,
    `10001,${iso(day(-1))},SP-2,IC-2,-20.50,USD,Y`,
    // Another currency, before the enrolment started, another customer: not counted.
    `10001,${day(-2)},SP-3,IC-1,50.00,CAD,`,
    `10001,${day(-20)},SP-4,IC-1,75.00,USD,`,
    `10003,${day(-2)},SP-5,IC-1,99.00,USD,`,
  ].join('\n');

  it('the purchases it adds change the current spend, progression and credit of the open enrolment', async () => {
    expect(await enrolment()).toMatchObject({ 'current-spend': 0, 'spend-progression': 0 });
    await uploadAndProcess(file, 'daily-spend.csv');
    expect(await enrolment()).toMatchObject({ 'current-spend': 100, 'spend-progression': 10, 'next-milestone-amount': 1000 });
  });

  it('the same file again adds nothing, so the spend is not counted twice', async () => {
    await uploadAndProcess(file, 'daily-spend-again.csv');
    expect((await enrolment())['current-spend']).toBe(100);
  });

  it('a later file reaching the milestone gives its credit', async () => {
    await uploadAndProcess(
      ['cust_no,date,invoice,item_code,amount,currency', `10001,${day(0)},SP-6,IC-3,900.00,USD`].join('\n'),
      'daily-2.csv',
    );
    expect(await enrolment()).toMatchObject({ 'current-spend': 1000, 'spend-progression': 100, 'available-credit': 10 });
  });
});

describe('negative amounts: credits only where the file says so (decision 0301)', () => {
  const HEADER = 'cust_no,date,invoice,item_code,amount,currency,credit,reverses';

  it('a negative amount that is neither a credit nor a reversal is a row error, and the spend does not fall', async () => {
    const before = (await enrolment())['current-spend'];
    const seq = await uploadAndProcess([HEADER, `10001,${day(0)},NG-1,IC-1,-500.00,USD,,`].join('\n'), 'negative.csv');
    expect((await enrolment())['current-spend']).toBe(before);
    const unit = await unitOf(seq);
    expect(unit.status).toBe(1);
    expect(unit['status-msg']).toContain(
      'Line 2: amount "-500.00" is negative, but the row is neither a credit (credit Y) nor a reversal (reverses names the invoice)',
    );
    // The file without the optional columns: the same.
    const plain = await uploadAndProcess(
      ['cust_no,date,invoice,item_code,amount,currency', `10001,${day(0)},NG-2,IC-1,-50000.00,USD`].join('\n'),
      'negative-plain.csv',
    );
    expect((await unitOf(plain))['status-msg-values'].rejects.map((r) => r.code)).toEqual(['negative-not-credit']);
    expect((await enrolment())['current-spend']).toBe(before);
  });

  it('a reversal of an invoice the customer has is taken; of one it does not have, a row error', async () => {
    const before = (await enrolment())['current-spend'] as number;
    const seq = await uploadAndProcess(
      [HEADER, `10001,${day(0)},RV-1,IC-1,-100.00,USD,,SP-6`, `10001,${day(0)},RV-2,IC-1,-100.00,USD,,NO-SUCH-INVOICE`].join('\n'),
      'reversals.csv',
    );
    expect((await enrolment())['current-spend']).toBe(before - 100);
    const unit = await unitOf(seq);
    expect(unit.status).toBe(0);
    expect(unit['status-msg']).toContain('1 purchases added, 0 already held, 1 rejected.');
    expect(unit['status-msg']).toContain('Line 3: the reversed invoice NO-SUCH-INVOICE is not a purchase of customer 10001');
  });

  it('a credit flag other than Y or N is a row error', async () => {
    const seq = await uploadAndProcess([HEADER, `10001,${day(0)},CR-1,IC-1,-5.00,USD,maybe,`].join('\n'), 'credit-flag.csv');
    expect((await unitOf(seq))['status-msg']).toContain('Line 2: credit "maybe" must be Y or N');
  });
});
