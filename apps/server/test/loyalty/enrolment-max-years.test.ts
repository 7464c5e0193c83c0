import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { codes, createTemplate, day, enrol, pointerOf } from './helpers';

/**
 * Enrolment and expiration dates have a configurable upper bound (issue 17 item 3, docs/decisions/0342):
 * LOYALTY_ENROLMENT_MAX_YEARS years from today, served to the browser's form in the app config.
 */
let t: TestApp;
let corp: string;
let seq: number;

beforeAll(async () => {
  t = await createTestApp({ env: { LOYALTY_ENROLMENT_MAX_YEARS: '2' } });
  await seedUsers(t.ctx);
  corp = await loginAs(t.app, 'corp');
  seq = await createTemplate(t.app, corp, 'Two years');
});
afterAll(async () => {
  await t?.close();
});

/** YYYYMMDD of today plus `years` years and `days` days. */
function yearsAhead(years: number, days = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() + years);
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}`;
}

describe('the configured limit of enrolment dates', () => {
  it('the app config gives the browser the limit', async () => {
    const res = await api(t.app).get('/fc-common-api/app-config');
    expect(res.status).toBe(200);
    expect(res.body.data[0].attributes.enrolmentMaxYears).toBe(2);
  });

  it('a date one day past the limit is refused on its own field; the limit itself is accepted', async () => {
    let res = await enrol(t.app, corp, 10004, seq, day(), yearsAhead(2, 1));
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['date-too-far']);
    expect(pointerOf(res.body, 'date-too-far')).toBe('/fc_loyalty_cust/end_date');
    expect(res.body.errors[0].detail).toBe('The expiration date cannot be more than 2 years from today.');
    res = await enrol(t.app, corp, 10004, seq, yearsAhead(2, 1), yearsAhead(2, 2));
    expect(pointerOf(res.body, 'date-too-far')).toBe('/fc_loyalty_cust/start_date');
    res = await enrol(t.app, corp, 10004, seq, day(), yearsAhead(2));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
