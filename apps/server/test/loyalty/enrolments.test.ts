import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ENROLMENT_SORT_FIELDS } from '@fc/contract/loyalty';
import { auditLog, customers, loyaltyEnrolments, loyaltyPrograms, transactions } from '../../src/db/schema/index';
import { api } from '../helpers/http';
import { fileApp, signInAll } from '../helpers/demo-app';
import { attrs, codes, createBundle, createTemplate, day, enrol, pointerOf } from './helpers';

const t = fileApp();
let corp: string;
let corpview: string;
let dealer: string;
let customer: string;
let usd: number;
let usd2: number;
let cad: number;

beforeAll(async () => {
  [corp, corpview, dealer, customer] = await signInAll(t.app, ['corp', 'corpview', 'dealer', 'customer']);
  usd = await createTemplate(t.app, corp, 'Gold USD', [
    { amount: 1000, rate: 0.01 },
    { amount: 5000, cap: 300 },
  ]);
  usd2 = await createTemplate(t.app, corp, 'Silver USD');
  cad = await createTemplate(t.app, corp, 'Maple CAD', [{ amount: 2000, rate: 0.02 }], { currency_config: 1 });
});

describe('permissions (LOY-03)', () => {
  const reads = [
    '/fc-common-api/loyalty-custs',
    '/fc-common-api/loyalty-customer-options',
    '/fc-common-api/loyalty-programs',
    '/fc-common-api/loyalty-bundles',
    '/fc-common-api/loyalty/custs_csv',
    '/fc-common-api/loyalty/programs_csv',
    '/fc-common-api/loyalty/bundle/csv',
  ];
  const writes: [string, unknown][] = [
    [
      '/fc-common-api/loyalty/custs_add',
      { fc_loyalty_cust: { cust_no: 10001, loyalty_program_seq: 1, start_date: day(), end_date: day(5), enrolled: 'Y' } },
    ],
    ['/fc-common-api/loyalty/custs_del', { cust_loyalty_program_seq: 1 }],
    ['/fc-common-api/loyalty/program/add', { fc_loyalty_program: {}, fc_loyalty_program_milestones: [] }],
    ['/fc-common-api/loyalty/program/update', { fc_loyalty_program: {}, fc_loyalty_program_milestones: [] }],
    ['/fc-common-api/loyalty/program_deactivate', { loyalty_program_seq: 1 }],
    ['/fc-common-api/loyalty/bundle/add', { fc_loyalty_bundle: { name: 'x' } }],
    ['/fc-common-api/loyalty/bundle/1/update', { fc_loyalty_bundle: { name: 'x' } }],
    ['/fc-common-api/loyalty/bundle/deactivate', { bundle_seq: 1 }],
    ['/fc-common-api/loyalty/bundle/1/item_codes/add', { item_codes: ['1'] }],
    ['/fc-common-api/loyalty/bundles/1/item-codes/1/update', { description: 'x' }],
    ['/fc-common-api/loyalty/bundles/1/item-codes/00001/delete', {}],
    ['/fc-common-api/loyalty/bundles/1/item-codes/add/csv', {}],
  ];

  it.each(reads)('GET %s: 401 signed out, 403 for a dealer and a customer, 200 with task 508 only', async (url) => {
    expect((await api(t.app).get(url)).status).toBe(401);
    expect((await api(t.app, dealer).get(url)).status).toBe(403);
    expect((await api(t.app, customer).get(url)).status).toBe(403);
    expect((await api(t.app, corpview).get(url)).status).toBe(200);
  });

  it('detail reads need 508 as well', async () => {
    const bundle = await createBundle(t.app, corp, 'Perm bundle');
    for (const url of [
      `/fc-common-api/loyalty/program?loyalty_program_seq=${usd}`,
      `/fc-common-api/loyalty/bundle?bundle_seq=${bundle}`,
      `/fc-common-api/loyalty-item-codes?filter[bundle_seq]=${bundle}`,
      `/fc-common-api/loyalty/bundles/${bundle}/item-codes/csv`,
    ]) {
      expect((await api(t.app, dealer).get(url)).status).toBe(403);
      expect((await api(t.app, corpview).get(url)).status).toBe(200);
    }
  });

  it.each(writes)('POST %s: refused without task 509 (403), whatever the body', async (url, body) => {
    expect((await api(t.app).post(url, body)).status).toBe(401);
    expect((await api(t.app, corpview).post(url, body)).status).toBe(403);
    expect((await api(t.app, customer).post(url, body)).status).toBe(403);
  });

  it('a write without X-Requested-With is refused as cross-site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/fc-common-api/loyalty/custs_del',
      headers: { cookie: corp, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('customer options', () => {
  it('label, value, currency, program, status; sorted by label; filter[status]=0 leaves inactive customers out', async () => {
    const all = await api(t.app, corp).get('/fc-common-api/loyalty-customer-options');
    expect(all.status).toBe(200);
    const rows = attrs(all.body);
    expect(rows.map((r) => r.label)).toEqual([...rows.map((r) => r.label)].sort((a, b) => a.localeCompare(b)));
    expect(rows.find((r) => r.value === 10002)).toEqual({ label: 'Maple Haulage Ltd', value: 10002, currency: 1, program: 94, status: 0 });
    const active = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-customer-options', { 'filter[status]': 0 })).body);
    expect(active.map((r) => r.value)).not.toContain(10003);
    const search = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-customer-options', { 'filter[search]': 'maple' })).body);
    expect(search.map((r) => r.value)).toEqual([10002]);
  });
});

describe('POST /fc-common-api/loyalty/custs_add', () => {
  it('enrols: Enrolled when the enrolment date has come, Pre Enrolled before; audited', async () => {
    const res = await enrol(t.app, corp, 10001, usd, day(-5), day(60));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0].attributes).toMatchObject({ status: 'success', success: true, 'loyalty-program-status': 'Enrolled' });
    const seq = Number(res.body.data[0].id);
    const [row] = await t.db.select().from(loyaltyEnrolments).where(eq(loyaltyEnrolments.custLoyaltyProgramSeq, seq));
    expect(row).toMatchObject({ custNo: 10001, startDate: expect.any(String), status: 'Enrolled', modifiedBy: 'corp' });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'loyalty_enrolment'));
    expect(audits.some((a) => a.entityId === String(seq) && a.action === 'create' && a.username === 'corp')).toBe(true);

    const pre = await enrol(t.app, corp, 10004, usd, day(3), day(60));
    expect(pre.body.data[0].attributes['loyalty-program-status']).toBe('Pre Enrolled');
  });

  it('dates: YYYYMMDD real dates; expiration not in the past, not before enrolment (field errors start_date / end_date)', async () => {
    let res = await enrol(t.app, corp, 10004, usd2, '2026-01-01', day(5));
    expect(res.status).toBe(400);
    expect(pointerOf(res.body, 'date-format')).toBe('/fc_loyalty_cust/start_date');
    res = await enrol(t.app, corp, 10004, usd2, day(), '20260231');
    expect(pointerOf(res.body, 'date-format')).toBe('/fc_loyalty_cust/end_date');
    res = await enrol(t.app, corp, 10004, usd2, day(-30), day(-1));
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['past-date']);
    expect(pointerOf(res.body, 'past-date')).toBe('/fc_loyalty_cust/end_date');
    res = await enrol(t.app, corp, 10004, usd2, day(10), day(5));
    expect(codes(res.body)).toEqual(['expiration-after-enrolment']);
    expect(pointerOf(res.body, 'expiration-after-enrolment')).toBe('/fc_loyalty_cust/end_date');
    // 12/31/9999 is refused: no date more than LOYALTY_ENROLMENT_MAX_YEARS (default 5) years ahead.
    res = await enrol(t.app, corp, 10004, usd2, day(), '99991231');
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['date-too-far']);
    expect(pointerOf(res.body, 'date-too-far')).toBe('/fc_loyalty_cust/end_date');
    res = await enrol(t.app, corp, 10004, usd2, '99991230', '99991231');
    expect(codes(res.body)).toEqual(['date-too-far', 'date-too-far']);
    // The expiration date may be today.
    res = await enrol(t.app, corp, 10004, usd2, day(-1), day(0));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('required fields and unknown fields', async () => {
    let res = await api(t.app, corp).post('/fc-common-api/loyalty/custs_add', { fc_loyalty_cust: {} });
    expect(res.status).toBe(400);
    const pointers = res.body.errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/fc_loyalty_cust/cust_no',
        '/fc_loyalty_cust/loyalty_program_seq',
        '/fc_loyalty_cust/start_date',
        '/fc_loyalty_cust/end_date',
      ]),
    );
    res = await api(t.app, corp).post('/fc-common-api/loyalty/custs_add', { fc_loyalty_cust: { cust_no: 10001 }, extra: 1 });
    expect(res.status).toBe(400);
  });

  it('a refused value is described in words, never as the raw key invalid|field=enrolled (issue 17)', async () => {
    const res = await api(t.app, corp).post('/fc-common-api/loyalty/custs_add', {
      fc_loyalty_cust: { cust_no: 10001, loyalty_program_seq: usd, start_date: day(1), end_date: day(30), enrolled: 'N' },
    });
    expect(res.status).toBe(400);
    const error = (res.body.errors as { code: string; detail: string; source?: { pointer?: string } }[]).find(
      (e) => e.source?.pointer === '/fc_loyalty_cust/enrolled',
    );
    expect(error).toMatchObject({ code: 'invalid', detail: 'enrolled is invalid' });
    for (const e of res.body.errors as { detail: string }[]) expect(e.detail).not.toMatch(/\|/);
  });

  it('only an existing, active customer; only an active template of the customer currency; programme code must be the customer one', async () => {
    expect(codes((await enrol(t.app, corp, 99999, usd)).body)).toEqual(['customer-not-found']);
    const inactive = await enrol(t.app, corp, 10003, usd);
    expect(codes(inactive.body)).toEqual(['customer-inactive']);
    expect(pointerOf(inactive.body, 'customer-inactive')).toBe('/fc_loyalty_cust/cust_no');
    const mismatch = await enrol(t.app, corp, 10002, usd);
    expect(codes(mismatch.body)).toEqual(['currency-mismatch']);
    expect(pointerOf(mismatch.body, 'currency-mismatch')).toBe('/fc_loyalty_cust/loyalty_program_seq');
    expect((await enrol(t.app, corp, 10002, cad)).status).toBe(200);
    expect(codes((await enrol(t.app, corp, 10001, 987654)).body)).toEqual(['ALP06']);
    const wrongProgram = await api(t.app, corp).post('/fc-common-api/loyalty/custs_add', {
      fc_loyalty_cust: { cust_no: 10004, program: 94, loyalty_program_seq: usd2, start_date: day(40), end_date: day(90), enrolled: 'Y' },
    });
    expect(pointerOf(wrongProgram.body, 'invalid')).toBe('/fc_loyalty_cust/program');

    const retired = await createTemplate(t.app, corp, 'Retired');
    expect((await api(t.app, corp).post('/fc-common-api/loyalty/program_deactivate', { loyalty_program_seq: retired })).status).toBe(200);
    expect(codes((await enrol(t.app, corp, 10001, retired)).body)).toEqual(['program-not-offered']);
  });

  it('refuses a second open enrolment of the customer in the template for overlapping dates', async () => {
    const res = await enrol(t.app, corp, 10001, usd, day(0), day(10));
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['already-enrolled']);
  });

  it('of the same enrolment sent several times at once, exactly one is added', async () => {
    const race = await createTemplate(t.app, corp, 'Race USD');
    const answers = await Promise.all(Array.from({ length: 4 }, () => enrol(t.app, corp, 10004, race, day(1), day(20))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    expect(answers.filter((r) => r.status === 400).flatMap((r) => codes(r.body))).toEqual([
      'already-enrolled',
      'already-enrolled',
      'already-enrolled',
    ]);
    const rows = await t.db.select().from(loyaltyEnrolments).where(eq(loyaltyEnrolments.loyaltyProgramSeq, race));
    expect(rows).toHaveLength(1);
  });

  // PGlite has one connection: a transaction held open here would block the request itself.
  it.skipIf(!process.env.DATABASE_URL)('waits for a deactivation of the template in progress, and sees it (PostgreSQL)', async () => {
    const seq = await createTemplate(t.app, corp, 'Closing USD');
    let answer: ReturnType<typeof enrol> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.loyaltyProgramSeq, seq)).for('update');
      answer = enrol(t.app, corp, 10001, seq, day(100), day(120));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.update(loyaltyPrograms).set({ status: 1 }).where(eq(loyaltyPrograms.loyaltyProgramSeq, seq));
    });
    const res = await answer!;
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['program-not-offered']);
  });
});

describe('GET /fc-common-api/loyalty-custs', () => {
  it('rows carry the section 3 fields with the engine figures; search, filter, sort and page in SQL', async () => {
    await t.db.insert(transactions).values([
      {
        custNo: 10001,
        trxDate: `${day(-2).slice(0, 4)}-${day(-2).slice(4, 6)}-${day(-2).slice(6)}`,
        invoice: 'I-1',
        itemCode: '00001',
        amount: '1500.00',
        currency: 0,
      },
    ]);
    const res = await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'filter[search]': 'acme' });
    expect(res.status).toBe(200);
    expect(res.body.meta.record_count).toBe(1);
    const [row] = attrs(res.body);
    expect(row).toMatchObject({
      'customer-name': 'Acme Freight Lines',
      'cust-no': 10001,
      'loyalty-program-name': 'Gold USD',
      'loyalty-program-status': 'Enrolled',
      'current-spend': 1500,
      'next-milestone-amount': 5000,
      'spend-progression': 30,
      'current-milestone-rate': 0.01,
      'current-milestone-cap': null,
      'available-credit': 15,
      currency: 0,
    });
    expect(Object.keys(row!)).toEqual(
      expect.arrayContaining([
        'cust-loyalty-program-seq',
        'loyalty-program-seq',
        'start-date',
        'end-date',
        'available-credit',
        'spend-progression',
      ]),
    );

    const bySpend = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'filter[sort]': 'current_spend|desc' })).body);
    expect(bySpend[0]!['cust-no']).toBe(10001);
    const page = await api(t.app, corp).get('/fc-common-api/loyalty-custs', {
      'page[size]': 1,
      'page[number]': 2,
      'filter[sort]': 'cust_no|asc',
    });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.record_count).toBeGreaterThanOrEqual(3);
    const filtered = await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'filter[loyalty_program_seq]': cad });
    expect(attrs(filtered.body).map((r) => r['cust-no'])).toEqual([10002]);
    expect((await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'filter[sort]': 'password|asc' })).status).toBe(400);
    expect((await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'filter[unknown]': 1 })).status).toBe(400);
  });

  it('every sort pages like the whole list sorted, page by page, with the record count; past the end no rows', async () => {
    const list = (query: Record<string, string | number>) => api(t.app, corp).get('/fc-common-api/loyalty-custs', query);
    const all = await list({ 'page[size]': 100 });
    const n = all.body.meta.record_count as number;
    expect(n).toBeGreaterThanOrEqual(3);
    for (const field of ENROLMENT_SORT_FIELDS) {
      for (const direction of ['asc', 'desc']) {
        const sort = `${field}|${direction}`;
        const whole = attrs((await list({ 'filter[sort]': sort, 'page[size]': 100 })).body).map((r) => r['cust-loyalty-program-seq']);
        const paged: unknown[] = [];
        for (let page = 1; page <= Math.ceil(n / 2); page++) {
          const res = await list({ 'filter[sort]': sort, 'page[size]': 2, 'page[number]': page });
          expect(res.body.meta.record_count, sort).toBe(n);
          paged.push(...attrs(res.body).map((r) => r['cust-loyalty-program-seq']));
        }
        expect(paged, sort).toEqual(whole);
        expect(new Set(whole).size, sort).toBe(n);
      }
    }
    // A page past the last is answered as the last page (decision 0344).
    const past = await list({ 'page[size]': 25, 'page[number]': 50 });
    expect(past.body.data).toEqual((await list({ 'page[size]': 25, 'page[number]': Math.ceil(n / 25) })).body.data);
    expect(past.body.meta.record_count).toBe(n);
    expect(past.body.meta.pagination).toMatchObject({ current_page: Math.ceil(n / 25), to: n });
    const computedPast = await list({ 'page[size]': 25, 'page[number]': 50, 'filter[sort]': 'spend_progression|desc' });
    expect(computedPast.body.meta.record_count).toBe(n);
    // Sorted by a computed column, the order is that column's.
    const progression = attrs((await list({ 'filter[sort]': 'spend_progression|desc', 'page[size]': 100 })).body).map(
      (r) => r['spend-progression'] as number,
    );
    expect(progression).toEqual([...progression].sort((a, b) => b - a));
  });

  it('custs_csv: the filtered rows as CSV with formula cells escaped', async () => {
    await t.db.update(customers).set({ custName: '=HYPERLINK("x")' }).where(eq(customers.custNo, 10004));
    const res = await api(t.app, corpview).get('/fc-common-api/loyalty/custs_csv', { 'filter[sort]': 'cust_no|asc' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/loyalty-customers-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe(
      'Customer Name,Customer Number,Available Credit,Start Date,End Date,Current Spend,Next Milestone Amount,Spend Progression (%),Program Name,Current Milestone Rate (%),Current Milestone Cap,Program Status,Currency',
    );
    expect(lines[1]).toMatch(/^Acme Freight Lines,10001,15,/);
    expect(res.text).toContain(`"'=HYPERLINK(""x"")"`);
    const searched = await api(t.app, corp).get('/fc-common-api/loyalty/custs_csv', { 'filter[search]': 'maple' });
    expect(searched.text.trim().split('\n')).toHaveLength(2);
  });
});

describe('POST /fc-common-api/loyalty/custs_del', () => {
  it('unenrols an enrolled or pre-enrolled enrolment only; the row reads Unenrolled afterwards; audited', async () => {
    const list = attrs(
      (await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'filter[cust_no]': 10004, 'filter[sort]': 'start_date|desc' })).body,
    );
    const pre = list.find((r) => r['loyalty-program-status'] === 'Pre Enrolled')!;
    const res = await api(t.app, corp).post('/fc-common-api/loyalty/custs_del', {
      cust_loyalty_program_seq: pre['cust-loyalty-program-seq'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0].attributes).toMatchObject({ status: 'success', success: true });
    const after = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-custs', { 'filter[cust_no]': 10004 })).body);
    expect(after.find((r) => r['cust-loyalty-program-seq'] === pre['cust-loyalty-program-seq'])!['loyalty-program-status']).toBe(
      'Unenrolled',
    );
    const again = await api(t.app, corp).post('/fc-common-api/loyalty/custs_del', {
      cust_loyalty_program_seq: pre['cust-loyalty-program-seq'],
    });
    expect(again.status).toBe(400);
    expect(codes(again.body)).toEqual(['not-enrolled']);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'unenrol'));
    expect(audits).toHaveLength(1);
    expect((await api(t.app, corp).post('/fc-common-api/loyalty/custs_del', { cust_loyalty_program_seq: 999999 })).status).toBe(404);
    expect((await api(t.app, corp).post('/fc-common-api/loyalty/custs_del', {})).status).toBe(400);
  });
});
