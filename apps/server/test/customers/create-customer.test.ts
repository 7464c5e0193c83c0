import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayYyyymmdd } from '@fc/contract';
import { type CustomerForm } from '@fc/contract/customers';
import { validCustomerForm } from '@fc/contract/testing';
import { auditLog, customers } from '../../src/db/schema/index';
import { hashPassword } from '../../src/modules/auth/passwords';
import { upsertUser } from '../../src/modules/auth/repo';
import { TEST_ORIGIN } from '../helpers/app';
import { api, DEMO_PASSWORD, loginAs } from '../helpers/http';
import { fileApp, signInAll } from '../helpers/demo-app';

const t = fileApp();
let corp: string;
let corpview: string;
let dealer: string;
let customer: string;

/** What the form sends for a programme 96 customer with EFT and daily billing. */
function payload(overrides: Partial<CustomerForm> = {}): CustomerForm {
  return validCustomerForm({
    sub_group_key: 1,
    payment_type: 3,
    bill_cycle: 2,
    pay_days: 7,
    bank_aba_number: '071000013',
    bank_acct_number: '000123456789',
    bank_name: 'First Prairie Bank',
    bank_account_name: 'Prairie Haulers LLC',
    ...overrides,
  });
}

const errorsOf = (body: { errors: { source?: { pointer?: string }; code: string }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.source?.pointer?.slice(1) ?? '', e.code]));

beforeAll(async () => {
  [corp, corpview, dealer, customer] = await signInAll(t.app, ['corp', 'corpview', 'dealer', 'customer']);
});

describe('option lists', () => {
  it.each([
    ['link_customer', ['link_cust_no']],
    ['credit_rep', ['request_rep']],
    ['address', ['address_type', 'country', 'state', 'express_mail_type']],
    [
      'billing',
      [
        'currency',
        'promo_type',
        'receivable_type',
        'funding_cycle',
        'price_level',
        'all_makes_price_level',
        'bill_cycle',
        'pay_days',
        'payment_type',
        'bank_acct_type',
        'trx_grace_days',
        'late_grace_days',
      ],
    ],
    ['customer', ['program', 'language', 'purchase_type', 'sub_group_key']],
  ])('GET /framework/customers/options/%s', async (list, groups) => {
    const res = await api(t.app, corp).get(`/framework/customers/options/${list}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual(groups);
  });

  it('link customers are the customers; credit reps the corporate employees', async () => {
    const links = await api(t.app, corp).get('/framework/customers/options/link_customer');
    expect(links.body.data[0].attributes.options).toContainEqual({ value: 10001, label: 'Acme Freight Lines' });
    const reps = await api(t.app, corp).get('/framework/customers/options/credit_rep');
    expect(reps.body.data[0].attributes.options.map((o: { value: string }) => o.value)).toEqual(
      expect.arrayContaining(['corp', 'corpview']),
    );
    expect(reps.body.data[0].attributes.options.map((o: { value: string }) => o.value)).not.toContain('dealer');
  });

  it('an unknown list is a 404; dealers and customers are refused', async () => {
    expect((await api(t.app, corp).get('/framework/customers/options/nothing')).status).toBe(404);
    expect((await api(t.app, dealer).get('/framework/customers/options/billing')).status).toBe(403);
    expect((await api(t.app, customer).get('/framework/customers/options/billing')).status).toBe(403);
  });
});

describe('POST /framework/customers/create', () => {
  it('creates a customer with EFT and daily billing: the server assigns the number, audits, and the maintenance list shows it', async () => {
    const res = await api(t.app, corp).post('/framework/customers/create', payload());
    expect(res.status).toBe(200);
    expect(res.body.data[0].attributes.status).toBe('success');
    const custNo = res.body.data[0].attributes['cust-no'] as number;
    expect(custNo).toBe(10005);
    const [row] = await t.db.select().from(customers).where(eq(customers.custNo, custNo));
    expect(row).toMatchObject({ custName: 'Prairie Haulers', program: 96, country: 0, state: 'NE', priceLevel: 2, subGroupKey: 1 });
    expect(row!.options).toMatchObject({
      paymentType: 3,
      billCycle: 2,
      payDays: 7,
      bankAbaNumber: '071000013',
      receivableType: 1,
      fundingCycle: 1,
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'customer'));
    expect(entry).toMatchObject({ entityId: String(custNo), action: 'create', username: 'corp' });
    const second = await api(t.app, corp).post('/framework/customers/create', payload({ cust_name: 'Second' }));
    expect(second.body.data[0].attributes['cust-no']).toBe(10006);
    const list = await api(t.app, corp).get('/framework/customers');
    expect(list.body.data[0].id).toBe('10006');
  });

  it('a new customer gets its location 001 and its first card: a tax rate can be added and it sees its purchase requirements', async () => {
    const res = await api(t.app, corp).post(
      '/framework/customers/create',
      payload({ cust_name: 'Harbor Parts Co', purchase_type: 0, sub_group_key: 2, city: 'Lincoln', state: 'NE', zip: '68508' }),
    );
    expect(res.status).toBe(200);
    const custNo = res.body.data[0].attributes['cust-no'] as number;
    expect(custNo).toBe(10007);

    const tax = await api(t.app, corp).post('/fc-common-api/cust/tax/estes_create', {
      cust_no: custNo,
      program: 96,
      cust_location: '001',
      tax_rate: 0.0725,
      effective_date: todayYyyymmdd(),
    });
    expect(tax.status).toBe(201);
    expect(tax.body.data[0].attributes.status).toBe('success');
    const rates = await api(t.app, corp).get('/fc-common-api/cust/tax/estes', { 'filter[cust_no]': String(custNo) });
    expect(rates.body.data.map((r: { attributes: Record<string, unknown> }) => r.attributes)).toEqual([
      expect.objectContaining({ 'cust-no': custNo, location: '001', city: 'Lincoln', state: 'NE' }),
    ]);

    await t.db.transaction(async (tx) =>
      upsertUser(tx, {
        username: 'harbor',
        fullName: 'Harbor Buyer',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        accountType: 2,
        grantedTasks: [],
        custNo,
      }),
    );
    const own = await api(t.app, await loginAs(t.app, 'harbor', 'cust')).get('/fc-common-api/cards/cust/purchasing_requirements');
    expect(own.status).toBe(200);
    const first = own.body.data[0].attributes;
    expect(first['cust-details']).toMatchObject({
      'cust-no': custNo,
      'cust-name': 'Harbor Parts Co',
      'city-state-zip': 'Lincoln, NE 68508',
      'card-no': '7083 0510 0070 0001',
      'show-card': true,
      'us-allowed': true,
      'ca-allowed': false,
      'sub-group-key': 2,
    });
    // Parts only prohibits labor charges (15); a PO that carries the location is required (9).
    expect(first['card-options'].map((o: { 'card-option': number }) => o['card-option'])).toEqual([9, 15]);
  });

  it('after success the old customer maintenance address redirects to our page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cgi-bin/ui/customer_maintenance.cgi' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/corp/customers');
  });

  it.each([
    ['required fields', { cust_name: '', contact: '', limit: '' }, { cust_name: 'required', contact: 'required', limit: 'required' }],
    [
      'bank fields for EFT',
      { bank_aba_number: '', bank_acct_number: '', bank_name: '', bank_account_name: '' },
      { bank_aba_number: 'required', bank_acct_number: 'required', bank_name: 'required', bank_account_name: 'required' },
    ],
    ['ABA of 8 digits', { bank_aba_number: '07100001' }, { bank_aba_number: 'digits' }],
    ['bank name of 41', { bank_name: 'x'.repeat(41) }, { bank_name: 'maxLength' }],
    ['bank account name of 41', { bank_account_name: 'x'.repeat(41) }, { bank_account_name: 'maxLength' }],
    ['bank account number of 21 digits', { bank_acct_number: '1'.repeat(21) }, { bank_acct_number: 'maxLength' }],
    [
      'bank numbers with letters',
      { bank_aba_number: '07100001X', bank_acct_number: '12-34' },
      { bank_aba_number: 'integer', bank_acct_number: 'integer' },
    ],
    [
      'the length limits (CUST-14, CUST-15)',
      {
        cust_name: 'x'.repeat(61),
        dba: 'x'.repeat(61),
        buying_group: 'x'.repeat(11),
        name: 'x'.repeat(61),
        contact: 'x'.repeat(31),
        address_1: 'x'.repeat(31),
        address_2: 'x'.repeat(31),
        city: 'x'.repeat(31),
        zip: '6'.repeat(11),
        phone: '4'.repeat(21),
        fax: '4'.repeat(21),
        email: `${'x'.repeat(195)}@example.com`,
        limit: '1'.repeat(15),
        force_man_auth_amt: '1'.repeat(13),
        express_mail_type: 2,
        express_mail_id: 'x'.repeat(11),
      },
      {
        cust_name: 'maxLength',
        dba: 'maxLength',
        buying_group: 'maxLength',
        name: 'maxLength',
        contact: 'maxLength',
        address_1: 'maxLength',
        address_2: 'maxLength',
        city: 'maxLength',
        zip: 'maxLength',
        phone: 'maxLength',
        fax: 'maxLength',
        email: 'maxLength',
        limit: 'maxLength',
        force_man_auth_amt: 'maxLength',
        express_mail_id: 'maxLength',
      },
    ],
    ['an authorization threshold that is not a decimal', { force_man_auth_amt: '12.345' }, { force_man_auth_amt: 'decimal' }],
    ['daily EFT pay day under 4', { pay_days: 2 }, { pay_days: 'payDays' }],
    ['fax starting with 1', { fax: '18005550100' }, { fax: 'fax' }],
    ['phone of another country', { phone: '4165550111' }, { phone: 'phone' }],
    ['zip of another country', { zip: 'M5H 1A1' }, { zip: 'zipCode' }],
    ['state of another country', { state: 'ON' }, { state: 'invalid' }],
    ['core price level', { price_level: 5 }, { price_level: 'invalid' }],
    ['funding none offered', { funding_cycle: 0 }, { funding_cycle: 'invalid' }],
    ['funding missing for navistar', { funding_cycle: null }, { funding_cycle: 'required' }],
    ['promo not offered for programme 97', { program: 97, promo_type: 1 }, { promo_type: 'invalid' }],
    ['receivable not offered for the promo', { promo_type: 2 }, { receivable_type: 'invalid' }],
    ['EFT bill cycle for multi-service', { receivable_type: 0, funding_cycle: 0, bill_cycle: 3 }, { bill_cycle: 'invalid' }],
    [
      'pay day outside the multi-service set',
      { receivable_type: 0, funding_cycle: 0, bill_cycle: 1, pay_days: 14 },
      { pay_days: 'invalid' },
    ],
    ['centralized on with promo 1', { promo_type: 1, receivable_type: 3, centralized: true }, { centralized: 'invalid' }],
    ['express mail id missing', { express_mail_type: 2 }, { express_mail_id: 'required' }],
    ['a customer number', { cust_no: 12345 }, { cust_no: 'invalid' }],
    ['a loyalty card', { loyalty_card: true }, { loyalty_card: 'invalid' }],
    ['an e-mail', { email: 'x@' }, { email: 'email' }],
    ['a credit limit of letters', { limit: 'lots' }, { limit: 'decimal' }],
  ] as const)('refuses %s with the field named in the error', async (_name, overrides, expected) => {
    const res = await api(t.app, corp).post('/framework/customers/create', payload(overrides as Partial<CustomerForm>));
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toMatchObject(expected);
  });

  it('refuses a missing or non-object body with a 400', async () => {
    for (const payload of [undefined, 'null', '[]', '"x"']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/framework/customers/create',
        headers: { cookie: corp, origin: TEST_ORIGIN, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses a link customer or credit rep that does not exist', async () => {
    const link = await api(t.app, corp).post('/framework/customers/create', payload({ link_cust_no: 99999 }));
    expect(link.status).toBe(400);
    expect(errorsOf(link.body)).toEqual({ link_cust_no: 'invalid' });
    const rep = await api(t.app, corp).post('/framework/customers/create', payload({ request_rep: 'dealer' }));
    expect(errorsOf(rep.body)).toEqual({ request_rep: 'invalid' });
    const ok = await api(t.app, corp).post(
      '/framework/customers/create',
      payload({ link_cust_no: 10001, request_rep: 'corpview', cust_name: 'Linked' }),
    );
    expect(ok.status).toBe(200);
  });

  it('only corporate users holding task 509 create customers: a user with view tasks only creates none (decision 0300)', async () => {
    expect((await api(t.app, dealer).post('/framework/customers/create', payload())).status).toBe(403);
    expect((await api(t.app, customer).post('/framework/customers/create', payload())).status).toBe(403);
    expect((await api(t.app).post('/framework/customers/create', payload())).status).toBe(401);
    const byViewer = await api(t.app, corpview).post('/framework/customers/create', payload({ cust_name: 'By viewer' }));
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.errors[0].code).toBe('209');
    const { rows } = await t.database.query<{ n: number }>(`select count(*)::int as n from customers where cust_name = 'By viewer'`);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('bank numbers', () => {
  const ACCOUNT = '000123456789';
  const ABA = '071000013';

  it('the details answer masks the account and ABA numbers to their last four digits', async () => {
    const created = await api(t.app, corp).post('/framework/customers/create', payload({ cust_name: 'Prairie Masked Co' }));
    const custNo = created.body.data[0].attributes['cust-no'] as number;
    const res = await api(t.app, corp).get(`/framework/customers/${custNo}`);
    expect(res.status).toBe(200);
    expect(res.body.data[0].attributes).toMatchObject({ 'bank-acct-number': '•••• 6789', 'bank-aba-number': '•••• 0013' });
    expect(res.text).not.toContain(ACCOUNT);
    expect(res.text).not.toContain(ABA);
    // The customer row keeps them in full: billing needs them.
    const [row] = await t.db.select().from(customers).where(eq(customers.custNo, custNo));
    expect(row!.options).toMatchObject({ bankAcctNumber: ACCOUNT, bankAbaNumber: ABA });
  });

  it('the audit record, the audit list and the audit CSV never hold them', async () => {
    const created = await api(t.app, corp).post('/framework/customers/create', payload({ cust_name: 'Prairie Audit Co' }));
    const custNo = String(created.body.data[0].attributes['cust-no']);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, custNo));
    expect(entry!.after).toMatchObject({
      options: { bankAcctNumber: '[redacted]', bankAbaNumber: '[redacted]', bankName: 'First Prairie Bank' },
    });
    expect(JSON.stringify(entry)).not.toContain(ACCOUNT);

    const list = await api(t.app, corp).get('/fc-common-api/audit', { 'filter[entity]': 'customer', 'filter[search]': custNo });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].attributes.after.options).toMatchObject({ bankAcctNumber: '[redacted]', bankAbaNumber: '[redacted]' });
    expect(list.text).not.toContain(ACCOUNT);
    expect(list.text).not.toContain(ABA);

    const csv = await api(t.app, corp).get('/fc-common-api/audit/csv', { 'filter[entity]': 'customer', 'filter[search]': custNo });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('[redacted]');
    expect(csv.text).toContain('First Prairie Bank');
    expect(csv.text).not.toContain(ACCOUNT);
    expect(csv.text).not.toContain(ABA);
  });
});

describe('customer maintenance', () => {
  it('searches, sorts, filters and pages in SQL', async () => {
    const res = await api(t.app, corp).get('/framework/customers', { 'filter[search]': 'maple' });
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual(['10002']);
    const sorted = await api(t.app, corp).get('/framework/customers', {
      'filter[sort]': 'cust_name|asc',
      'page[size]': 2,
      'page[number]': 1,
    });
    const names = sorted.body.data.map((d: { attributes: { 'cust-name': string } }) => d.attributes['cust-name']) as string[];
    expect(names).toHaveLength(2);
    expect(names[0]).toBe('Acme Freight Lines');
    expect(names[1]!.localeCompare(names[0]!)).toBeGreaterThan(0);
    expect(sorted.body.meta.record_count).toBeGreaterThanOrEqual(7);
    const canada = await api(t.app, corp).get('/framework/customers', { 'filter[country]': 1 });
    expect(canada.body.data.map((d: { id: string }) => d.id)).toEqual(['10002']);
    expect((await api(t.app, corp).get('/framework/customers', { 'filter[sort]': 'bank_name|asc' })).status).toBe(400);
    expect((await api(t.app, corp).get('/framework/customers', { 'filter[owner]': 'x' })).status).toBe(400);
    expect((await api(t.app, dealer).get('/framework/customers')).status).toBe(403);
  });

  it('shows the details of one customer', async () => {
    const res = await api(t.app, corp).get('/framework/customers/10001');
    expect(res.status).toBe(200);
    expect(res.body.data[0].attributes).toMatchObject({ 'cust-no': 10001, 'cust-name': 'Acme Freight Lines', city: 'Lisle' });
    expect((await api(t.app, corp).get('/framework/customers/99998')).status).toBe(404);
    expect((await api(t.app, customer).get('/framework/customers/10001')).status).toBe(403);
  });
});

// Last in the file: the customers it adds would change the numbers and lists the tests above expect.
describe('link customer type-ahead', () => {
  it('searches name or number in SQL, the exact number first, at most 50', async () => {
    await t.db.insert(customers).values([
      ...Array.from({ length: 120 }, (_, i) => ({
        custNo: 60000 + i,
        custName: `Typeahead Fleet ${String(i).padStart(3, '0')}`,
        program: 96,
      })),
      { custNo: 6001, custName: 'Zed Exact Number', program: 96 },
    ]);
    const get = (query?: Record<string, string>) => api(t.app, corp).get('/framework/customers/options/link_customer', query);
    const values = async (search?: string) =>
      (
        (await get(search === undefined ? undefined : { 'filter[search]': search })).body.data[0].attributes.options as { value: number }[]
      ).map((o) => o.value);

    expect(await values()).toHaveLength(50);
    expect(await values('TYPEAHEAD fleet 11')).toEqual(Array.from({ length: 10 }, (_, i) => 60110 + i));
    const acme = await get({ 'filter[search]': 'acme' });
    expect(acme.body.data[0].attributes.options).toEqual([{ value: 10001, label: 'Acme Freight Lines' }]);
    // A number: the customer with exactly that number first, then those whose number starts with it, by name.
    expect(await values('6001')).toEqual([6001, ...Array.from({ length: 10 }, (_, i) => 60010 + i)]);
    expect(await values('%')).toEqual([]);

    expect((await get({ 'filter[search]': 'x'.repeat(61) })).status).toBe(400);
    expect((await get({ search: 'acme' })).status).toBe(400);
    expect((await api(t.app, corp).get('/framework/customers/options/billing', { 'filter[search]': 'x' })).status).toBe(400);
  });
});
