import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { attrs, createTemplate, day } from '../loyalty/helpers';
import { buy, enrol } from './fixtures';

/**
 * Issue 17 item 6 (decision 0345): a template's total payout is the sum of its rows' available credit —
 * a Not Reconciled enrolment (on hold) counts 0 in both, like an Unenrolled one — and Unenrolled and Not
 * Reconciled rows show no current rate or cap.
 */
let t: TestApp;
let corp: string;
let program: number;
const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  corp = await loginAs(t.app, 'corp');
  // 2 % from 1,000 (pays 20.00 to 40.00 for a spend of 1,000 to 2,000).
  program = await createTemplate(t.app, corp, 'Money agrees', [{ amount: 1000, rate: 0.02 }]);
  // Four enrolments of 10004 in disjoint windows, each with 1,500 of purchases (30.00 at 2 %).
  const windows = [
    [day(-400), day(-350), 'Completed'],
    [day(-300), day(-250), 'Not Reconciled'],
    [day(-200), day(-150), 'Unenrolled'],
    [day(-10), day(30), 'Enrolled'],
  ] as const;
  for (const [from, to, status] of windows) {
    await buy(t.db, 10004, [{ date: iso(from), itemCode: '11111', amount: '1500.00' }]);
    const seq = await enrol(t.db, 10004, program, iso(from), iso(to));
    await t.db.execute(sql`select loyalty_refresh_spend(array[${seq}]::bigint[])`);
    if (status !== 'Enrolled')
      await t.db.execute(sql`update loyalty_enrolments
        set status = ${status}, final_spend = current_spend, closed_at = now(),
            final_payout = ${status === 'Unenrolled' ? '0' : '30.00'}
        where cust_loyalty_program_seq = ${seq}`);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('money that agrees with itself', () => {
  it("the template's total payout is the sum of its rows' available credit; Not Reconciled counts 0 in both", async () => {
    const rows = attrs(
      (await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'filter[loyalty_program_seq]': program, 'page[size]': 25 })).body,
    );
    const byStatus = Object.fromEntries(rows.map((r) => [r['loyalty-program-status'], r]));
    expect(Object.keys(byStatus).sort()).toEqual(['Completed', 'Enrolled', 'Not Reconciled', 'Unenrolled']);
    expect(byStatus['Completed']!['available-credit']).toBe(30);
    expect(byStatus['Enrolled']!['available-credit']).toBe(30);
    expect(byStatus['Not Reconciled']!['available-credit']).toBe(0);
    expect(byStatus['Unenrolled']!['available-credit']).toBe(0);
    const templates = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-programs', { 'filter[search]': 'Money agrees' })).body);
    const credit = rows.reduce((s, r) => s + Math.round((r['available-credit'] as number) * 100), 0) / 100;
    expect(templates[0]!['total-payout']).toBe(credit);
    expect(credit).toBe(60);
  });

  it('Unenrolled and Not Reconciled rows show no current rate or cap; the others show theirs', async () => {
    const rows = attrs(
      (await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'filter[loyalty_program_seq]': program, 'page[size]': 25 })).body,
    );
    const rate = Object.fromEntries(
      rows.map((r) => [r['loyalty-program-status'], [r['current-milestone-rate'], r['current-milestone-cap']]]),
    );
    expect(rate).toEqual({
      Completed: [0.02, null],
      Enrolled: [0.02, null],
      'Not Reconciled': [null, null],
      Unenrolled: [null, null],
    });
  });
});
