import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import pino from 'pino';
import { today } from '../../src/modules/loyalty-engine/index';
import { runDailyLifecycle } from '../../src/modules/loyalty-engine/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { attrs, createTemplate, templateBody } from '../loyalty/helpers';
import { addBundle, addDays, buy, enrol } from './fixtures';

/**
 * Closed enrolments do not change after the fact (docs/decisions/0072): a template whose enrolments are all
 * closed may be edited, its bundle may change, late purchases may arrive; the history card, the back-office
 * row, the breakdown and the spend export of a closed enrolment stay what was counted when it closed.
 */

let t: TestApp;
let customer: string;
let corp: string;
let bundle: number;
let program: number;
let completed: number;
let unenrolled: number;
const day = today();

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  [customer, corp] = await Promise.all([loginAs(t.app, 'customer'), loginAs(t.app, 'corp')]);
  bundle = await addBundle(t.db, ['BRK01', 'BRK02']);
  program = await createTemplate(
    t.app,
    corp,
    'Brakes history',
    [
      { amount: 1000, rate: 0.02 },
      { amount: 2000, rate: 0.03 },
    ],
    { bundle_seq: bundle, bundle_type: 'Include' },
  );
  await buy(t.db, 10001, [
    { date: addDays(day, -90), itemCode: 'BRK01', amount: '800.00' },
    { date: addDays(day, -85), itemCode: 'BRK02', amount: '450.25' },
    { date: addDays(day, -80), itemCode: 'OIL01', amount: '300.00' }, // not in the Include bundle
    { date: addDays(day, -75), itemCode: 'BRK01', amount: '75.00', currency: 1 }, // other currency
    { date: addDays(day, -20), itemCode: 'BRK01', amount: '60.00' },
  ]);
  // Ended 40 days ago: reconciled by the next run. The other one runs and is unenrolled by corporate.
  completed = await enrol(t.db, 10001, program, addDays(day, -100), addDays(day, -40));
  unenrolled = await enrol(t.db, 10001, program, addDays(day, -30), addDays(day, 30));
  const off = await api(t.app, corp).post('/fc-common-api/loyalty/custs_del', { cust_loyalty_program_seq: unenrolled });
  expect(off.status, JSON.stringify(off.body)).toBe(200);
  const run = await runDailyLifecycle(t.ctx, pino({ level: 'silent' }), day, { force: true });
  expect(run?.reconciled).toEqual([{ seq: completed, status: 'Completed', finalSpend: 1250.25, finalPayout: 25.01 }]);
});

afterAll(async () => {
  await t?.close();
});

/** Everything a customer and corporate read of the two closed enrolments. */
async function readAll() {
  const cards = attrs((await api(t.app, customer).get('/fc-common-api/loyalty-cust-programs', { 'filter[for]': 'history' })).body);
  const rows = attrs(
    (
      await api(t.app, corp).get('/fc-common-api/loyalty-custs', {
        'filter[loyalty_program_seq]': program,
        'filter[sort]': 'start_date|asc',
      })
    ).body,
  );
  const breakdown = await api(t.app, customer).get('/fc-common-api/loyalty/cust_breakdown', { cust_loyalty_program_seq: completed });
  const exported = await api(t.app, customer).get('/fc-common-api/loyalty/cust_details', { cust_loyalty_program_seq: completed });
  const unenrolledExport = await api(t.app, customer).get('/fc-common-api/loyalty/cust_details', { cust_loyalty_program_seq: unenrolled });
  return {
    cards: cards.filter((c) => [completed, unenrolled].includes(c['cust-loyalty-program-seq'])),
    rows,
    breakdown: { rows: attrs(breakdown.body), meta: breakdown.body.meta },
    exported: parse(exported.text, { columns: true }) as Record<string, string>[],
    unenrolledExport: parse(unenrolledExport.text, { columns: true }) as Record<string, string>[],
  };
}

describe('a closed enrolment after its template, its bundle and the transactions change', () => {
  it('keeps its history card, back-office row, breakdown and export', async () => {
    const before = await readAll();
    // What was counted: 800.00 + 450.25 of the bundle in USD, 2 % from 1,000.
    const card = before.cards.find((c) => c['cust-loyalty-program-seq'] === completed)!;
    expect(card).toMatchObject({ 'loyalty-program-status': 'Completed', 'current-spend': 1250.25, 'total-payout': 25.01, currency: 0 });
    expect(card.milestones).toEqual([
      { number: '1', amount: '1000.00', rate: '0.020000', cap: '' },
      { number: '2', amount: '2000.00', rate: '0.030000', cap: '' },
    ]);
    expect(
      before.rows.map((r) => [r['loyalty-program-status'], r['current-spend'], r['current-milestone-rate'], r['next-milestone-amount']]),
    ).toEqual([
      ['Completed', 1250.25, 0.02, 2000],
      ['Unenrolled', 60, null, 1000],
    ]);
    expect(before.exported.map((r) => [r['Item Code'], r.Amount])).toEqual([
      ['BRK01', '800.00'],
      ['BRK02', '450.25'],
    ]);
    expect(before.breakdown.meta).toMatchObject({ qualifying_amount: 1250.25, excluded_amount: 300, other_currency_amount: 75 });
    expect(before.unenrolledExport.map((r) => r.Amount)).toEqual(['60.00']);

    // The template has no open enrolment left, so corporate may change everything about it.
    const edit = await api(t.app, corp).post('/fc-common-api/loyalty/program/update', {
      ...templateBody('Brakes history', [
        { amount: 100, cap: 5 },
        { amount: 500, cap: 10 },
      ]),
      fc_loyalty_program: {
        loyalty_program_seq: program,
        loyalty_program_name: 'Brakes history',
        currency_config: 1,
        bundle_seq: bundle,
        bundle_type: 'Exclude',
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const details = await api(t.app, corp).get('/fc-common-api/loyalty/program', { loyalty_program_seq: program });
    expect(details.body.data[0].attributes).toMatchObject({ 'currency-config': 1, 'loyalty-program-bundle-type': 'Exclude' });
    expect(details.body.data[0].attributes.milestones).toHaveLength(2);
    expect(details.body.data[0].attributes.milestones[0]).toMatchObject({ amount: 100, cap: 5 });
    // The bundle loses a code, and a purchase of the window arrives late.
    expect((await api(t.app, corp).post(`/fc-common-api/loyalty/bundles/${bundle}/item-codes/BRK02/delete`, {})).status).toBe(200);
    await buy(t.db, 10001, [
      { date: addDays(day, -60), itemCode: 'BRK01', amount: '999.00' },
      { date: addDays(day, -10), itemCode: 'BRK01', amount: '40.00' },
    ]);

    expect(await readAll()).toEqual(before);
  });
});
