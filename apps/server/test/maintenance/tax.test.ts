import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, custTaxRates, customerLocations, customers } from '../../src/db/schema/index';
import { attrs, expectSortsBothWays, maintenanceApp, type MaintenanceApp, type Row } from './fixtures';

let t: MaintenanceApp;

beforeAll(async () => {
  t = await maintenanceApp();
});

afterAll(async () => {
  await t?.close();
});

const LIST = '/fc-common-api/cust/tax/estes';
const CREATE = '/fc-common-api/cust/tax/estes_create';
const EXPIRE = '/fc-common-api/cust/tax/estes_expire';

/** A date `days` from today as YYYYMMDD (the wire format). */
function ymd(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}`;
}
const iso = (v: string) => `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;

describe('permissions (page: merchants and corporate; add and expire: task 504 or corporate)', () => {
  it.each([
    ['dealer', 200],
    ['dealer2', 200],
    ['intl', 200],
    ['corp', 200],
    ['corpnone', 200],
    ['customer', 403],
    ['cust504', 403],
  ])('list as %s: %i', async (user, status) => {
    const c = await t.as(user);
    expect((await c.get(LIST)).status).toBe(status);
  });

  it('signed out: 401', async () => {
    expect((await t.anonymous.get(LIST)).status).toBe(401);
    expect((await t.anonymous.post(CREATE, {})).status).toBe(401);
  });

  it.each([
    ['dealer2', 403],
    ['intl', 403],
    ['customer', 403],
    ['cust504', 403],
  ])('add and expire as %s: %i', async (user, status) => {
    const c = await t.as(user);
    expect(
      (await c.post(CREATE, { cust_no: 10004, program: 96, cust_location: '002', tax_rate: 0.05, effective_date: ymd(400) })).status,
    ).toBe(status);
    expect((await c.post(EXPIRE, { cust_tax_rate_seq: 1, expiry_date: ymd(10) })).status).toBe(status);
  });

  it.each([['dealer'], ['corp'], ['corpnone'], ['corp504']])('%s may add and expire', async (user) => {
    const c = await t.as(user);
    const offset = { dealer: 1000, corp: 1100, corpnone: 1200, corp504: 1300 }[user]!;
    const created = await c.post(CREATE, {
      cust_no: 10004,
      program: 96,
      cust_location: '002',
      tax_rate: 0.05,
      effective_date: ymd(offset),
      expiry_date: ymd(offset + 50),
    });
    expect(created.status).toBe(201);
    expect(created.body.data[0].attributes.status).toBe('success');
    const seq = created.body.data[0].attributes['cust-tax-rate-seq'];
    const expired = await c.post(EXPIRE, { cust_tax_rate_seq: seq, expiry_date: ymd(offset + 10) });
    expect(expired.status).toBe(200);
    expect(expired.body.data[0].attributes.status).toBe('success');
  });
});

describe('list', () => {
  it('pages at 25 by default, sorted by effective date descending, with the location city and state', async () => {
    const c = await t.as('dealer');
    const res = await c.get(LIST);
    expect(res.status).toBe(200);
    expect(res.body.meta.pagination.per_page).toBe(25);
    const rows = attrs(res);
    const dates = rows.map((r) => String(r['effective-date']));
    expect(dates).toEqual([...dates].sort().reverse());
    const lisle = rows.find((r) => r['cust-no'] === 10001 && r.location === '001');
    expect(lisle).toMatchObject({ name: 'Acme Freight Lines', city: 'Lisle', state: 'IL' });
    expect(rows[0]).toHaveProperty('tax-rate');
    expect(rows[0]).toHaveProperty('cust-tax-rate-seq');
  });

  it('filters in SQL: case-insensitive contains on name, number and location, combined', async () => {
    const c = await t.as('dealer');
    const byName = attrs(await c.get(LIST, { 'filter[name]': 'aCmE' }));
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((r) => r.name === 'Acme Freight Lines')).toBe(true);
    const byNumber = attrs(await c.get(LIST, { 'filter[cust_no]': '0002' }));
    expect(byNumber.length).toBeGreaterThan(0);
    expect(byNumber.every((r) => String(r['cust-no']).includes('0002'))).toBe(true);
    const both = await c.get(LIST, { 'filter[name]': 'acme', 'filter[location]': '02' });
    expect(attrs(both).every((r) => r.name === 'Acme Freight Lines' && r.location === '002')).toBe(true);
    expect(both.body.meta.record_count).toBe(attrs(both).length);
    const none = await c.get(LIST, { 'filter[name]': '%' });
    expect(none.body.meta.record_count).toBe(0);
  });

  it('refuses a filter longer than 20 characters and an unknown filter', async () => {
    const c = await t.as('dealer');
    const long = await c.get(LIST, { 'filter[name]': 'x'.repeat(21) });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ code: 'maxLength', source: { parameter: 'filter[name]' } });
    expect((await c.get(LIST, { 'filter[city]': 'x' })).status).toBe(400);
  });

  it.each(['name', 'cust_no', 'location', 'city', 'state', 'tax_rate', 'effective_date', 'expiry_date'])(
    'sorts by %s both ways in SQL',
    async (field) => {
      const c = await t.as('corp');
      await expectSortsBothWays(c, LIST, field, field === 'cust_no' || field === 'tax_rate');
    },
  );

  it('refuses an unknown sort field', async () => {
    const c = await t.as('corp');
    const res = await c.get(LIST, { 'filter[sort]': 'password|asc' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid-sort');
  });

  it('pages: page[size] and page[number] with meta.record_count', async () => {
    const c = await t.as('corp');
    const all = await c.get(LIST, { 'page[size]': 100 });
    const total = all.body.meta.record_count;
    const page2 = await c.get(LIST, { 'page[size]': 2, 'page[number]': 2 });
    expect(page2.body.meta.record_count).toBe(total);
    expect(page2.body.data.map((r: Row) => r.id)).toEqual(all.body.data.slice(2, 4).map((r: Row) => r.id));
  });
});

describe('add', () => {
  const base = { cust_no: 10001, program: 96, cust_location: '002', tax_rate: 0.0825 };

  it('stores the fraction and the dates, and audits the write', async () => {
    const c = await t.as('dealer');
    const res = await c.post(CREATE, { ...base, effective_date: ymd(2000), expiry_date: ymd(2100) });
    expect(res.status).toBe(201);
    const seq = res.body.data[0].attributes['cust-tax-rate-seq'];
    const [row] = await t.db.select().from(custTaxRates).where(eq(custTaxRates.custTaxRateSeq, seq));
    expect(row).toMatchObject({
      custNo: 10001,
      custLocation: '002',
      taxRate: '0.082500',
      effectiveDate: iso(ymd(2000)),
      expiryDate: iso(ymd(2100)),
      createdBy: 'dealer',
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cust_tax_rate'), eq(auditLog.entityId, String(seq))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it.each([
    ['AET01', { cust_no: 99999 }, '/cust_no'],
    ['AET02', { cust_no: 10003, program: 97, cust_location: '001' }, '/cust_no'],
    ['AET13', { program: 50 }, '/program'],
    ['AET18', { program: 94 }, '/program'],
    ['AET03', { cust_location: '009' }, '/cust_location'],
    // Customer 10002 has no subgroup (sub_group_key 0): no location scheme a rate could be kept for.
    ['AET17', { cust_no: 10002, program: 94, cust_location: '001' }, undefined],
    ['AET04', { tax_rate: 0.12345678 }, '/tax_rate'],
    ['AET15', { effective_date: ymd(-1) }, '/effective_date'],
    ['AET15', { effective_date: ymd(3000), expiry_date: ymd(-1) }, '/expiry_date'],
    ['AET12', { effective_date: ymd(3000), expiry_date: ymd(2999) }, '/expiry_date'],
  ])('%s for %j on %s', async (code, change, pointer) => {
    const c = await t.as('corp');
    const res = await c.post(CREATE, { ...base, effective_date: ymd(3000), ...change });
    expect(res.status).toBe(400);
    expect(
      res.body.errors.some((e: { code: string; source?: { pointer?: string } }) => e.code === code && e.source?.pointer === pointer),
    ).toBe(true);
  });

  it('AET11: a period that overlaps another rate of the location (both dates marked)', async () => {
    const c = await t.as('corp');
    expect((await c.post(CREATE, { ...base, effective_date: ymd(4000), expiry_date: ymd(4100) })).status).toBe(201);
    for (const [from, to] of [
      [ymd(4050), ymd(4200)],
      [ymd(3900), ymd(4000)],
      [ymd(4100), undefined],
      [ymd(3950), ymd(4300)],
    ]) {
      const res = await c.post(CREATE, { ...base, effective_date: from, ...(to ? { expiry_date: to } : {}) });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { code: string; source?: { pointer?: string } }) => `${e.code}${e.source?.pointer}`).sort()).toEqual([
        'AET11/effective_date',
        'AET11/expiry_date',
      ]);
    }
    // The day after the expiry is free; another location of the same customer is independent.
    expect((await c.post(CREATE, { ...base, effective_date: ymd(4101), expiry_date: ymd(4110) })).status).toBe(201);
    expect((await c.post(CREATE, { ...base, cust_location: '001', effective_date: ymd(4050), expiry_date: ymd(4060) })).status).toBe(400);
  });

  it('an open-ended rate blocks every later period until it is expired', async () => {
    const c = await t.as('corp');
    // Seeded: 10001/001 open since 30 days ago.
    const res = await c.post(CREATE, { ...base, cust_location: '001', effective_date: ymd(5000) });
    expect(res.body.errors[0].code).toBe('AET11');
  });

  it.each([
    [{ cust_no: '10001' }, 'numeric', '/cust_no'],
    // A missing field is AET08 (TAX-08: "AET08: required"), on that field.
    [{ cust_no: undefined }, 'AET08', '/cust_no'],
    [{ program: undefined }, 'AET08', '/program'],
    [{ cust_location: undefined }, 'AET08', '/cust_location'],
    [{ tax_rate: undefined }, 'AET08', '/tax_rate'],
    [{ effective_date: undefined }, 'AET08', '/effective_date'],
    [{ program: 'x' }, 'numeric', '/program'],
    [{ cust_location: '01' }, 'location-format', '/cust_location'],
    [{ cust_location: 'ABC' }, 'location-format', '/cust_location'],
    [{ tax_rate: 1.5 }, 'decimal-range', '/tax_rate'],
    [{ tax_rate: -0.1 }, 'decimal-range', '/tax_rate'],
    [{ effective_date: '2027-01-01' }, 'date-format', '/effective_date'],
    [{ effective_date: '20270230' }, 'date-format', '/effective_date'],
    [{ expiry_date: '1/1/2027' }, 'date-format', '/expiry_date'],
  ])('refuses %j with %s', async (change, code, pointer) => {
    const c = await t.as('corp');
    const body: Record<string, unknown> = { ...base, effective_date: ymd(3000), ...change };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const res = await c.post(CREATE, body);
    expect(res.status).toBe(400);
    expect(
      res.body.errors.some((e: { code: string; source?: { pointer?: string } }) => e.code === code && e.source?.pointer === pointer),
    ).toBe(true);
  });
});

describe('expire', () => {
  async function newRate(from: number, to?: number) {
    const c = await t.as('corp');
    const res = await c.post(CREATE, {
      cust_no: 10004,
      program: 96,
      cust_location: '001',
      tax_rate: 0.05,
      effective_date: ymd(from),
      ...(to ? { expiry_date: ymd(to) } : {}),
    });
    expect(res.status).toBe(201);
    return res.body.data[0].attributes['cust-tax-rate-seq'] as number;
  }

  it('sets the expiry date of an open rate and audits before and after', async () => {
    const c = await t.as('dealer');
    const [open] = await t.db
      .select()
      .from(custTaxRates)
      .where(and(eq(custTaxRates.custNo, 10004), eq(custTaxRates.custLocation, '001')));
    const res = await c.post(EXPIRE, { cust_tax_rate_seq: open!.custTaxRateSeq, expiry_date: ymd(0) });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(custTaxRates).where(eq(custTaxRates.custTaxRateSeq, open!.custTaxRateSeq));
    expect(row!.expiryDate).toBe(iso(ymd(0)));
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cust_tax_rate'), eq(auditLog.entityId, String(open!.custTaxRateSeq)), eq(auditLog.action, 'expire')));
    expect(entry).toMatchObject({ username: 'dealer', before: { expiry_date: null }, after: { expiry_date: iso(ymd(0)) } });
  });

  it('AET09: an expiry that reaches into the next rate of the location', async () => {
    const first = await newRate(100, 110);
    await newRate(120, 130);
    const c = await t.as('corp');
    const res = await c.post(EXPIRE, { cust_tax_rate_seq: first, expiry_date: ymd(125) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'AET09', source: { pointer: '/expiry_date' } });
    expect((await c.post(EXPIRE, { cust_tax_rate_seq: first, expiry_date: ymd(119) })).status).toBe(200);
  });

  it('an add and an expire of one location at the same moment never leave two periods that overlap', async () => {
    const first = await newRate(140, 150);
    const c = await t.as('corp');
    const [added, expired] = await Promise.all([
      c.post(CREATE, {
        cust_no: 10004,
        program: 96,
        cust_location: '001',
        tax_rate: 0.05,
        effective_date: ymd(151),
        expiry_date: ymd(160),
      }),
      c.post(EXPIRE, { cust_tax_rate_seq: first, expiry_date: ymd(155) }),
    ]);
    // Whichever ran first wins (201 for an add, 200 for an expire); the other is refused with its overlap code.
    if (added.status === 201) {
      expect(expired.status).toBe(400);
      expect(expired.body.errors[0].code).toBe('AET09');
    } else {
      expect(expired.status).toBe(200);
      expect(added.status).toBe(400);
      expect(added.body.errors[0].code).toBe('AET11');
    }
  });

  it('AET12: an expiry before the effective date; AET15: in the past; AET14: no such rate or already expired', async () => {
    const seq = await newRate(200);
    const c = await t.as('corp');
    expect((await c.post(EXPIRE, { cust_tax_rate_seq: seq, expiry_date: ymd(150) })).body.errors[0]).toMatchObject({
      code: 'AET12',
      source: { pointer: '/expiry_date' },
    });
    expect((await c.post(EXPIRE, { cust_tax_rate_seq: seq, expiry_date: ymd(-2) })).body.errors[0]).toMatchObject({
      code: 'AET15',
      source: { pointer: '/expiry_date' },
    });
    expect((await c.post(EXPIRE, { cust_tax_rate_seq: 987654, expiry_date: ymd(5) })).body.errors[0]).toMatchObject({
      code: 'AET14',
      source: { pointer: '/cust_tax_rate_seq' },
    });
    const [expired] = await t.db
      .select()
      .from(custTaxRates)
      .where(and(eq(custTaxRates.custNo, 10001), eq(custTaxRates.custLocation, '001'), eq(custTaxRates.taxRate, '0.062500')));
    expect((await c.post(EXPIRE, { cust_tax_rate_seq: expired!.custTaxRateSeq, expiry_date: ymd(5) })).body.errors[0].code).toBe('AET14');
  });

  it.each([
    [{ expiry_date: ymd(5) }, 'AET08', '/cust_tax_rate_seq'],
    [{ cust_tax_rate_seq: 1 }, 'AET08', '/expiry_date'],
    [{ cust_tax_rate_seq: 1, expiry_date: '12/31/2030' }, 'date-format', '/expiry_date'],
    [{ cust_tax_rate_seq: 1.5, expiry_date: ymd(5) }, 'numeric', '/cust_tax_rate_seq'],
  ])('refuses %j with %s', async (body, code, pointer) => {
    const c = await t.as('corp');
    const res = await c.post(EXPIRE, body);
    expect(res.status).toBe(400);
    expect(
      res.body.errors.some((e: { code: string; source?: { pointer?: string } }) => e.code === code && e.source?.pointer === pointer),
    ).toBe(true);
  });
});

// Last in the file: the customers it adds would show in the lists the tests above read.
describe('sorting by name ignores case', () => {
  it('lower-case names sort among the others, both ways', async () => {
    const names = ['aardvark freight', 'Badger Lines', 'cobalt carriers', 'Delta Haul'];
    await t.db.insert(customers).values(names.map((custName, i) => ({ custNo: 70001 + i, custName, program: 96 })));
    await t.db.insert(customerLocations).values(names.map((_n, i) => ({ custNo: 70001 + i, location: '001', city: 'Gary', state: 'IN' })));
    await t.db
      .insert(custTaxRates)
      .values(
        names.map((_n, i) => ({ custNo: 70001 + i, program: 96, custLocation: '001', taxRate: '0.050000', effectiveDate: iso(ymd(1)) })),
      );
    const c = await t.as('corp');
    for (const direction of ['asc', 'desc'] as const) {
      const res = await c.get(LIST, { 'filter[sort]': `name|${direction}`, 'filter[cust_no]': '7000', 'page[size]': 100 });
      expect(attrs(res).map((r) => r.name)).toEqual(direction === 'asc' ? names : [...names].reverse());
    }
  });
});
