import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { today } from '../../src/modules/loyalty-engine/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { addBundle, addDays, addProgram, buy, enrol } from './fixtures';

let t: TestApp;
let customer: string;
let customer2: string;
let corp: string;
let dealer: string;
const day = today();
const seqs: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  const db = t.db;
  const bundle = await addBundle(db, ['BRK01', 'BRK02']);
  const include = await addProgram(db, {
    bundleSeq: bundle,
    bundleType: 'Include',
    milestones: [
      { amount: 1_000, rate: 0.02, cap: null },
      { amount: 2_000, rate: 0.03, cap: null },
    ],
  });
  const cad = await addProgram(db, { currencyConfig: 1, milestones: [{ amount: 500, rate: null, cap: 25 }] });
  const start = addDays(day, -30);
  const end = addDays(day, 60);
  await buy(db, 10001, [
    { date: addDays(day, -40), itemCode: 'BRK01', amount: '900.00' }, // before the window
    { date: addDays(day, -10), itemCode: 'BRK01', amount: '800.00', invoice: '=HYPERLINK("http://x")' },
    { date: addDays(day, -9), itemCode: 'BRK02', amount: '450.25' },
    { date: addDays(day, -8), itemCode: 'OIL01', amount: '300.00' }, // not in the Include bundle
    { date: addDays(day, -7), itemCode: 'BRK01', amount: '75.00', currency: 1 }, // CAD: other currency
  ]);
  await buy(db, 10002, [{ date: addDays(day, -5), itemCode: 'BRK01', amount: '600.00', currency: 1 }]);
  seqs.active = await enrol(db, 10001, include, start, end);
  seqs.future = await enrol(db, 10001, include, addDays(day, 10), addDays(day, 100), 'Pre Enrolled');
  // Stored as Enrolled but ended yesterday: must read as Pending Reconciliation (history), not Enrolled.
  seqs.expired = await enrol(db, 10001, include, addDays(day, -20), addDays(day, -1));
  seqs.other = await enrol(db, 10002, cad, start, end);
  // Customer 10003's own enrolment: its user (customer3) lacks task 510.
  await buy(db, 10003, [{ date: addDays(day, -3), itemCode: 'BRK01', amount: '120.00' }]);
  seqs.noTask = await enrol(db, 10003, include, start, end);
  customer = await loginAs(t.app, 'customer');
  customer2 = await loginAs(t.app, 'customer2');
  corp = await loginAs(t.app, 'corp');
  dealer = await loginAs(t.app, 'dealer');
});

afterAll(async () => {
  await t?.close();
});

const PROGRAMS = '/fc-common-api/loyalty-cust-programs';

describe('GET /fc-common-api/loyalty-cust-programs', () => {
  it('active (the default) lists the signed-in customer’s running and future enrolments with their figures', async () => {
    const res = await api(t.app, customer).get(PROGRAMS);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: string }) => Number(d.id))).toEqual([seqs.active, seqs.future]);
    const a = res.body.data[0].attributes;
    // 800.00 + 450.25 of the bundle's codes in the window: 1,250.25 × 2 % = 25.005 → 25.01
    expect(a).toMatchObject({
      'cust-loyalty-program-seq': seqs.active,
      'loyalty-program-status': 'Enrolled',
      'start-date': addDays(day, -30),
      'end-date': addDays(day, 60),
      'current-spend': 1_250.25,
      'total-payout': 25.01,
      currency: 0,
      'cust-no': 10001,
      'bundle-type': 'Include',
    });
    expect(a.milestones).toEqual([
      { number: '1', amount: '1000.00', rate: '0.020000', cap: '' },
      { number: '2', amount: '2000.00', rate: '0.030000', cap: '' },
    ]);
    expect(res.body.data[1].attributes).toMatchObject({ 'loyalty-program-status': 'Pre Enrolled', 'current-spend': 0, 'total-payout': 0 });
  });

  it('history holds the expired enrolment, read as Pending Reconciliation even before the daily job ran', async () => {
    const res = await api(t.app, customer).get(PROGRAMS, { 'filter[for]': 'history' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: string }) => Number(d.id))).toEqual([seqs.expired]);
    expect(res.body.data[0].attributes['loyalty-program-status']).toBe('Pending Reconciliation');
  });

  it('a customer never sees another customer’s enrolments', async () => {
    const mine = await api(t.app, customer2).get(PROGRAMS);
    expect(mine.body.data.map((d: { id: string }) => Number(d.id))).toEqual([seqs.other]);
    // 600.00 CAD reaches the 500 cap milestone
    expect(mine.body.data[0].attributes).toMatchObject({ 'current-spend': 600, 'total-payout': 25, currency: 1 });
    const other = await api(t.app, customer).get(PROGRAMS, { 'filter[cust_no]': 10002 });
    expect(other.status).toBe(403);
    expect(other.body.errors[0].code).toBe('209');
    const own = await api(t.app, customer).get(PROGRAMS, { 'filter[cust_no]': 10001 });
    expect(own.status).toBe(200);
  });

  it('a corporate user names the customer in filter[cust_no]', async () => {
    const missing = await api(t.app, corp).get(PROGRAMS);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ code: 'required', source: { pointer: '/filter[cust_no]' } });
    const res = await api(t.app, corp).get(PROGRAMS, { 'filter[cust_no]': 10002 });
    expect(res.body.data.map((d: { id: string }) => Number(d.id))).toEqual([seqs.other]);
  });

  it('refuses dealers, anonymous callers and bad parameters', async () => {
    expect((await api(t.app, dealer).get(PROGRAMS)).status).toBe(403);
    expect((await api(t.app).get(PROGRAMS)).status).toBe(401);
    const bad = await api(t.app, customer).get(PROGRAMS, { 'filter[for]': 'everything' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source.parameter).toBe('filter[for]');
    expect((await api(t.app, customer).get(PROGRAMS, { 'filter[other]': 1 })).status).toBe(400);
  });
});

describe('task 510 (LOY-02)', () => {
  it('a customer without it is refused on the programme cards, the export and the breakdown, even of its own enrolment', async () => {
    const customer3 = await loginAs(t.app, 'customer3');
    const refused = [
      await api(t.app, customer3).get(PROGRAMS),
      await api(t.app, customer3).get(PROGRAMS, { 'filter[for]': 'history' }),
      await api(t.app, customer3).get('/fc-common-api/loyalty/cust_details', { cust_loyalty_program_seq: seqs.noTask }),
      await api(t.app, customer3).get('/fc-common-api/loyalty/cust_breakdown', { cust_loyalty_program_seq: seqs.noTask }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(refused.every((r) => !r.text.includes('BRK01'))).toBe(true);
    // The same enrolment is readable by corporate, so the refusal is the task's, not a missing row.
    expect((await api(t.app, corp).get('/fc-common-api/loyalty/cust_breakdown', { cust_loyalty_program_seq: seqs.noTask })).status).toBe(
      200,
    );
  });
});

describe('GET /fc-common-api/loyalty/cust_details (CSV)', () => {
  const url = '/fc-common-api/loyalty/cust_details';
  it('exports the qualifying transactions of the customer’s own enrolment, formulas escaped', async () => {
    const res = await api(t.app, customer).get(url, { cust_loyalty_program_seq: seqs.active });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="Loyalty-Spend-Details-\d{14}\.csv"$/);
    const records = parse(res.text, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r['Transaction Date'], r['Item Code'], r['Amount'], r['Currency']])).toEqual([
      [addDays(day, -10), 'BRK01', '800.00', 'USD'],
      [addDays(day, -9), 'BRK02', '450.25', 'USD'],
    ]);
    expect(records[0]!['Invoice']).toBe(`'=HYPERLINK("http://x")`);
    expect(records[0]!['Description']).toBe('Code BRK01');
    expect(records[0]!['Customer Number']).toBe('10001');
  });

  it('another customer’s enrolment is not found; corporate users may export any', async () => {
    const res = await api(t.app, customer2).get(url, { cust_loyalty_program_seq: seqs.active });
    expect(res.status).toBe(404);
    expect((await api(t.app, customer).get(url, { cust_loyalty_program_seq: 999_999 })).status).toBe(404);
    expect((await api(t.app, corp).get(url, { cust_loyalty_program_seq: seqs.other })).status).toBe(200);
    expect((await api(t.app, customer).get(url)).status).toBe(400);
  });
});

describe('GET /fc-common-api/loyalty/cust_breakdown', () => {
  const url = '/fc-common-api/loyalty/cust_breakdown';
  it('splits the window’s purchases by item code into qualifying and excluded', async () => {
    const res = await api(t.app, customer).get(url, { cust_loyalty_program_seq: seqs.active });
    expect(res.status).toBe(200);
    const rows = res.body.data.map((d: { attributes: Record<string, unknown> }) => [
      d.attributes['item-code'],
      d.attributes.reason,
      d.attributes.qualifying,
      d.attributes.amount,
      d.attributes.currency,
    ]);
    expect(rows).toEqual([
      ['BRK01', 'in-bundle', true, 800, 0],
      ['BRK02', 'in-bundle', true, 450.25, 0],
      ['OIL01', 'not-in-include-bundle', false, 300, 0],
      ['BRK01', 'other-currency', false, 75, 1],
    ]);
    expect(res.body.meta).toMatchObject({ qualifying_amount: 1_250.25, excluded_amount: 300, other_currency_amount: 75 });
  });

  it('is scoped like the export', async () => {
    expect((await api(t.app, customer2).get(url, { cust_loyalty_program_seq: seqs.active })).status).toBe(404);
  });
});
