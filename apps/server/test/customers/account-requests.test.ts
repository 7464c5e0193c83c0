import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountRequests, auditLog } from '../../src/db/schema/index';
import { createTestApp, mailSettled, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { validAccountRequest as valid } from '@fc/contract/testing';

let t: TestApp;
let corp: string;
let customer: string;

beforeAll(async () => {
  // Many requests from one address and e-mail; the form's throttle has its own test (security/input-output).
  t = await createTestApp({ env: { ACCOUNT_REQUESTS_PER_ADDRESS: '1000', ACCOUNT_REQUESTS_PER_EMAIL: '1000' } });
  await seedUsers(t.ctx);
  corp = await loginAs(t.app, 'corp');
  customer = await loginAs(t.app, 'customer');
});
afterAll(async () => {
  await t?.close();
});

const pointerOf = (body: { errors: { source?: { pointer?: string }; code: string }[] }, field: string) =>
  body.errors.find((e) => e.source?.pointer === `/${field}`)?.code;

describe('states and address options', () => {
  it('GET /fc-common-api/address/states: every state with its country, public', async () => {
    const res = await api(t.app).get('/fc-common-api/address/states');
    expect(res.status).toBe(200);
    const countries = new Set(res.body.data.map((d: { attributes: { country: string } }) => d.attributes.country));
    expect(countries).toEqual(new Set(['US', 'CA', 'MX', 'BS']));
    expect(res.body.data.find((d: { id: string }) => d.id === 'ON').attributes).toEqual({ value: 'ON', label: 'Ontario', country: 'CA' });
  });

  it('GET /fc-common-api/address/options: countries, states, address types, express mail', async () => {
    const res = await api(t.app).get('/fc-common-api/address/options');
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual(['country', 'state', 'address_type', 'express_mail_type']);
  });
});

describe('POST /fc-common-api/users/create_account_request', () => {
  it.each([
    ['US', { state: 'IL', zip: '60532-1234', phone: '(630) 555-0100' }],
    ['CA', { state: 'ON', zip: 'M5H 1A1', phone: '416-555-0111' }],
    ['MX', { state: 'JAL', zip: '44100', phone: '33 1234 5678' }],
    ['BS', { state: 'BS-NP', zip: 'N-4812', phone: '242 322 1234' }],
  ] as const)('%s: stored, mailed to the support mailbox, status success', async (country, fields) => {
    const before = t.mails.length;
    const res = await api(t.app).post('/fc-common-api/users/create_account_request', {
      ...valid,
      ...fields,
      company_name: `Co ${country}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0].attributes.status).toBe('success');
    const id = Number(res.body.data[0].id);
    const [row] = await t.db.select().from(accountRequests).where(eq(accountRequests.id, id));
    expect(row).toMatchObject({ country, status: 'new', companyName: `Co ${country}`, accountNumber: 12345 });
    await mailSettled(t.ctx);
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.to).toBe(t.config.SUPPORT_MAILBOX);
    expect(t.mails.at(-1)!.text).toContain(`Co ${country}`);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audits.some((a) => a.entity === 'account_request' && a.action === 'create')).toBe(true);
  });

  it.each([
    ['full_name', '', 'required'],
    ['job_title', 'x'.repeat(61), 'maxLength'],
    ['full_name', 'x'.repeat(61), 'maxLength'],
    ['company_name', 'x'.repeat(61), 'maxLength'],
    ['phone', '6'.repeat(21), 'maxLength'],
    ['email', `${'x'.repeat(189)}@example.com`, 'maxLength'],
    ['phone', '555', 'phone'],
    ['phone', '4165550111', 'phone'],
    ['email', 'nope', 'email'],
    ['account_number', '123456', 'maxLength'],
    ['account_number', '12a', 'integer'],
    ['company_name', '', 'required'],
    ['address', 'x'.repeat(31), 'maxLength'],
    ['city', 'x'.repeat(31), 'maxLength'],
    ['state', 'ZZ', 'invalid'],
    ['state', '', 'required'],
    ['zip', 'M5H 1A1', 'zipCode'],
    ['zip', 'x'.repeat(11), 'maxLength'],
  ])('refuses %s = %j with %s at /%s', async (field, value, code) => {
    const count = (await t.db.select().from(accountRequests)).length;
    const res = await api(t.app).post('/fc-common-api/users/create_account_request', { ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(pointerOf(res.body, field)).toBe(code);
    expect((await t.db.select().from(accountRequests)).length).toBe(count);
  });

  it('a mail failure keeps the request and still answers success', async () => {
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await api(t.app).post('/fc-common-api/users/create_account_request', { ...valid, company_name: 'Mail Down Inc' });
      expect(res.body.data[0].attributes.status).toBe('success');
      const [row] = await t.db.select().from(accountRequests).where(eq(accountRequests.companyName, 'Mail Down Inc'));
      expect(row).toBeDefined();
    } finally {
      t.ctx.mailer.send = send;
    }
  });
});

describe('corporate account requests list and status', () => {
  it('lists, pages, sorts, searches and filters in SQL; corporate only', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/users/account_requests', {
      'page[size]': 2,
      'filter[sort]': 'company_name|asc',
    });
    expect(res.status).toBe(200);
    expect(res.body.meta.record_count).toBeGreaterThanOrEqual(5);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0].attributes['company-name']).toBe('Co BS');
    const search = await api(t.app, corp).get('/fc-common-api/users/account_requests', { 'filter[search]': 'co mx' });
    expect(search.body.data.map((d: { attributes: { 'company-name': string } }) => d.attributes['company-name'])).toEqual(['Co MX']);
    const bad = await api(t.app, corp).get('/fc-common-api/users/account_requests', { 'filter[sort]': 'password|asc' });
    expect(bad.status).toBe(400);
    const badStatus = await api(t.app, corp).get('/fc-common-api/users/account_requests', { 'filter[status]': 'lost' });
    expect(badStatus.status).toBe(400);
    expect((await api(t.app, customer).get('/fc-common-api/users/account_requests')).status).toBe(403);
    expect((await api(t.app).get('/fc-common-api/users/account_requests')).status).toBe(401);
  });

  it('corporate staff change the status; the change is audited', async () => {
    const list = await api(t.app, corp).get('/fc-common-api/users/account_requests', { 'filter[search]': 'Co CA' });
    const id = list.body.data[0].id as string;
    const res = await api(t.app, corp).post(`/fc-common-api/users/account_requests/${id}/status`, { status: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body.data[0].attributes).toMatchObject({ status: 'success', 'request-status': 'approved', 'reviewed-by': 'corp' });
    const filtered = await api(t.app, corp).get('/fc-common-api/users/account_requests', { 'filter[status]': 'approved' });
    expect(filtered.body.data.map((d: { id: string }) => d.id)).toContain(id);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'status'));
    expect(entry).toMatchObject({
      entity: 'account_request',
      entityId: id,
      username: 'corp',
      before: { status: 'new' },
      after: { status: 'approved' },
    });
    expect((await api(t.app, corp).post(`/fc-common-api/users/account_requests/${id}/status`, { status: 'done' })).status).toBe(400);
    expect((await api(t.app, corp).post('/fc-common-api/users/account_requests/999999/status', { status: 'approved' })).status).toBe(404);
    expect((await api(t.app, customer).post(`/fc-common-api/users/account_requests/${id}/status`, { status: 'rejected' })).status).toBe(
      403,
    );
  });

  it('a corporate user holding view tasks only reads the requests but approves none (decision 0300)', async () => {
    const corpview = await loginAs(t.app, 'corpview');
    const list = await api(t.app, corpview).get('/fc-common-api/users/account_requests', { 'filter[search]': 'Co MX' });
    expect(list.status).toBe(200);
    const id = list.body.data[0].id as string;
    expect(list.body.data[0].attributes.status).toBe('new');
    const res = await api(t.app, corpview).post(`/fc-common-api/users/account_requests/${id}/status`, { status: 'approved' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('209');
    const after = await api(t.app, corp).get('/fc-common-api/users/account_requests', { 'filter[search]': 'Co MX' });
    expect(after.body.data[0].attributes.status).toBe('new');
  });
});
