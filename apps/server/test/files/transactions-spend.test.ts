import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionFileJob } from '../../src/modules/files/transactions-job';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { attrs, createTemplate, day, enrol } from '../loyalty/helpers';
import { runJob } from './helpers';

/**
 * The daily transaction file feeds the loyalty spend (DESIGN section 5): the purchases it adds change the
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
  await runJob(t.ctx, transactionFileJob, res.body.data[0].attributes.sequence);
}

describe('a transaction file and the loyalty spend', () => {
  const file = [
    'cust_no,date,invoice,item_code,amount,currency',
    // In the enrolment's window and currency: counted, the credit too.
    `10001,${day(-2)},SP-1,IC-1,120.50,USD`,
    `10001,${iso(day(-1))},SP-2,IC-2,-20.50,USD`,
    // Another currency, before the enrolment started, another customer: not counted.
    `10001,${day(-2)},SP-3,IC-1,50.00,CAD`,
    `10001,${day(-20)},SP-4,IC-1,75.00,USD`,
    `10003,${day(-2)},SP-5,IC-1,99.00,USD`,
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
