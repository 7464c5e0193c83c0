import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRequests, cards, custTaxRates, inboundFiles, loyaltyEnrolments, loyaltyPrograms } from '../src/db/schema/index';
import { DEMO_CUSTOMERS } from '../src/seed/core';
import { createTestApp, type TestApp } from './helpers/app';
import { api, loginAs, seedUsers } from './helpers/http';

let t: TestApp;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  const request = {
    fullName: 'A',
    jobTitle: 'B',
    phone: '1',
    email: 'a@example.com',
    accountNumber: 1,
    companyName: 'C',
    address: 'D',
    city: 'E',
    state: 'IL',
    country: 'US',
    zip: '60532',
  };
  await t.db.insert(accountRequests).values([
    { ...request, status: 'new' },
    { ...request, status: 'in-review' },
    { ...request, status: 'approved' },
  ]);
  const [program] = await t.db.insert(loyaltyPrograms).values({ name: 'Welcome figures' }).returning();
  await t.db.insert(loyaltyPrograms).values({ name: 'Retired', status: 1 });
  const enrolment = { custNo: 10001, loyaltyProgramSeq: program!.loyaltyProgramSeq };
  await t.db.insert(loyaltyEnrolments).values([
    { ...enrolment, startDate: day(-10), endDate: day(10), status: 'Enrolled' },
    { ...enrolment, startDate: day(-10), endDate: day(10), status: 'Unenrolled' },
    { ...enrolment, startDate: day(5), endDate: day(30), status: 'Pre Enrolled' },
    { custNo: 10002, loyaltyProgramSeq: program!.loyaltyProgramSeq, startDate: day(-10), endDate: day(10), status: 'Enrolled' },
  ]);
  await t.db.insert(cards).values([
    { custNo: 10001, cardNo: '1' },
    { custNo: 10001, cardNo: '2' },
    { custNo: 10002, cardNo: '3' },
  ]);
  const file = { kind: 'price', fileName: 'p.csv', content: Buffer.from('x'), byteSize: 1, sha256: 'x', finishedAt: new Date() };
  await t.db.insert(inboundFiles).values([
    { ...file, merchantNo: 1001, state: 'done' },
    { ...file, merchantNo: 1001, state: 'failed' },
    { ...file, merchantNo: 1003, state: 'done' },
    { ...file, merchantNo: 1001, state: 'done', finishedAt: new Date(Date.now() - 8 * 86_400_000) },
    { ...file, merchantNo: 1001, state: 'running', finishedAt: null },
  ]);
  const rate = { custNo: 10001, program: 96, custLocation: 'L1', taxRate: '0.07' };
  await t.db.insert(custTaxRates).values([
    { ...rate, effectiveDate: day(-30) },
    { ...rate, custLocation: 'L2', effectiveDate: day(-30), expiryDate: day(2) },
    { ...rate, custLocation: 'L3', effectiveDate: day(-30), expiryDate: day(-2) },
    { ...rate, custLocation: 'L4', effectiveDate: day(3) },
  ]);
});

afterAll(async () => {
  await t?.close();
});

async function figuresOf(username: string): Promise<Record<string, { value: number; 'route-id': string }>> {
  const res = await api(t.app, await loginAs(t.app, username)).get('/fc-common-api/welcome/figures');
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.data.map((r: { id: string; attributes: { value: number; 'route-id': string } }) => [r.id, r.attributes]),
  );
}

const values = (f: Record<string, { value: number }>) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v.value]));

describe('welcome page figures (APP-15)', () => {
  it('corporate staff: open requests, active customers and programmes, files of every dealer, tax rates in force', async () => {
    const f = await figuresOf('corp');
    expect(values(f)).toEqual({
      'open-account-requests': 2,
      'active-customers': DEMO_CUSTOMERS.filter((c) => (c.status ?? 0) === 0).length,
      'active-loyalty-programs': 1,
      'files-processed-7d': 2,
      'files-failed-7d': 1,
      'tax-rates-in-force': 2,
    });
    expect(f['open-account-requests']!['route-id']).toBe('account-requests');
  });

  it('a dealer: its own files only, and the tax rates', async () => {
    expect(values(await figuresOf('dealer'))).toEqual({ 'files-processed-7d': 1, 'files-failed-7d': 1, 'tax-rates-in-force': 2 });
  });

  it("a customer: its own enrolments running today and its cards, nobody else's", async () => {
    expect(values(await figuresOf('customer'))).toEqual({ 'loyalty-in-progress': 1, cards: 2 });
  });

  it('without a session: 401', async () => {
    expect((await api(t.app).get('/fc-common-api/welcome/figures')).status).toBe(401);
  });
});
