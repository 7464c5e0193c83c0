import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD, JSONAPI_MEDIA_TYPE } from '@fc/contract';
import { loadConfig } from '../../src/config';
import { accountRequests, loyaltyBundles, loyaltyItemCodes, mailOutbox } from '../../src/db/schema/index';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/app';
import { concrete, SIGN_OUT } from './support';
import { api, FORM_TOKEN, loginAs, seedUsers, withFormTokenCookie } from '../helpers/http';
import { validAccountRequest as request } from '@fc/contract/testing';

/**
 * Issue 16, input and output: characters the database cannot store are refused with 400 naming the field
 * wherever input enters, and names lose their invisible bidirectional and zero-width characters
 * (decision 0320).
 */
let t: TestApp;
let corp: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  corp = await loginAs(t.app, 'corp');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type ErrorDoc = { errors: { status: string; code: string; source?: { pointer?: string; parameter?: string } }[] };
const firstError = (body: ErrorDoc) => body.errors[0]!;

describe('characters the database cannot store', () => {
  // (A URL cannot carry a lone surrogate: its UTF-8 bytes do not decode, and come in as U+FFFD.)
  it('NUL in a filter of the audit CSV export answers 400 naming the parameter (it answered 500)', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/audit/csv', { 'filter[user]': 'a\u0000b' });
    expect(res.status, res.text).toBe(400);
    expect(firstError(res.body)).toMatchObject({ code: 'invalid-characters', source: { parameter: 'filter[user]' } });
  });

  it('NUL in the search of a list answers 400 naming the parameter', async () => {
    const res = await api(t.app, corp).get('/framework/customers', { search: 'x\u0000' });
    expect(res.status, res.text).toBe(400);
    expect(firstError(res.body)).toMatchObject({ code: 'invalid-characters', source: { parameter: 'search' } });
  });

  it('NUL in a path parameter answers 400 naming it', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/loyalty/bundles/%00/item-codes/csv');
    expect(res.status, res.text).toBe(400);
    expect(firstError(res.body).code).toMatch(/invalid/);
  });

  it.each([
    ['NUL', 'Acme\u0000'],
    ['a lone surrogate', 'Acme \ud83d'],
  ])('%s in a JSON body answers 400 naming the field, and nothing is stored', async (_name, value) => {
    const before = (await t.db.select().from(accountRequests)).length;
    const res = await api(t.app).post('/fc-common-api/users/create_account_request', { ...request, company_name: value });
    expect(res.status, res.text).toBe(400);
    expect(firstError(res.body)).toMatchObject({ code: 'invalid-characters', source: { pointer: '/company_name' } });
    expect((await t.db.select().from(accountRequests)).length).toBe(before);
  });

  it('a lone surrogate written as a JSON escape is refused as well', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/fc-common-api/users/create_account_request',
      headers: { 'content-type': JSONAPI_MEDIA_TYPE, 'x-requested-with': 'XMLHttpRequest', origin: TEST_ORIGIN },
      payload: JSON.stringify({ ...request, city: 'CITY' }).replace('CITY', '\\udfff'),
    });
    expect(res.statusCode, res.payload).toBe(400);
    expect(firstError(JSON.parse(res.payload) as ErrorDoc)).toMatchObject({ code: 'invalid-characters', source: { pointer: '/city' } });
  });

  it('NUL in an urlencoded form answers 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/fc-common-api/users/create_account_request',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie: withFormTokenCookie() },
      payload: new URLSearchParams({ ...request, full_name: 'Pat\u0000', [CSRF_FIELD]: FORM_TOKEN }).toString(),
    });
    const body = JSON.parse(res.payload) as ErrorDoc;
    expect(res.statusCode, res.payload).toBe(400);
    expect(firstError(body)).toMatchObject({ code: 'invalid-characters', source: { pointer: '/full_name' } });
  });

  it('NUL in a text field of an upload form answers 400 naming the field', async () => {
    const res = await api(t.app, corp).upload(
      '/fc-common-api/parts/core-management',
      { filename: 'core.csv', content: 'cust_no,part_no,effective_date,expiry_date,status\n', contentType: 'text/csv' },
      { type: '0\u0000' },
    );
    expect(res.status, res.text).toBe(400);
    expect(firstError(res.body)).toMatchObject({ code: 'invalid-characters', source: { pointer: '/type' } });
  });
});

describe('invisible characters in names and descriptions', () => {
  it('bidirectional overrides and zero-width characters are removed before a name is stored', async () => {
    const res = await api(t.app).post('/fc-common-api/users/create_account_request', {
      ...request,
      full_name: 'Pat\u200b Doe\u2060',
      company_name: 'Acme \u202eexe.gnp\u202c',
      job_title: '\u2066Fleet\u2069 manager\ufeff',
    });
    expect(res.status, res.text).toBe(200);
    const [row] = await t.db
      .select()
      .from(accountRequests)
      .where(eq(accountRequests.id, Number(res.body.data[0].id)));
    expect(row).toMatchObject({ fullName: 'Pat Doe', companyName: 'Acme exe.gnp', jobTitle: 'Fleet manager' });
  });
});

describe('signed-in answers are not cached', () => {
  it('every route answers a signed-in user with Cache-Control: no-store', async () => {
    const client = api(t.app, corp);
    const problems: string[] = [];
    let checked = 0;
    for (const r of t.app.routeAccess) {
      // Sign-out would end the session the other calls use.
      if (SIGN_OUT.test(r.url) || r.url.startsWith('/ui/')) continue;
      const url = concrete(r.url);
      const res =
        r.method === 'GET' ? await client.get(url) : r.method === 'DELETE' ? await client.delete(url) : await client.post(url, {});
      checked++;
      if (res.headers['cache-control'] !== 'no-store') {
        problems.push(`${r.method} ${r.url} (${res.status}): cache-control ${String(res.headers['cache-control'])}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});

describe('the public account-request form has its own throttle', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ env: { ACCOUNT_REQUESTS_PER_ADDRESS: '3', ACCOUNT_REQUESTS_PER_EMAIL: '2' } });
  }, 120_000);
  afterAll(async () => {
    await small?.close();
  });

  const post = (body: Record<string, string>, address: string) =>
    small.app.inject({
      method: 'POST',
      url: '/fc-common-api/users/create_account_request',
      // The test's connection is from loopback, a trusted proxy (TRUST_PROXY): X-Forwarded-For is the client.
      headers: {
        'content-type': JSONAPI_MEDIA_TYPE,
        'x-requested-with': 'XMLHttpRequest',
        origin: TEST_ORIGIN,
        'x-forwarded-for': address,
      },
      payload: JSON.stringify(body),
    });
  const stored = async () => (await small.db.select().from(accountRequests)).length;
  const queuedMails = async () => (await small.db.select().from(mailOutbox)).length;

  it('per e-mail address: the third request for one address in an hour is refused, from any client address', async () => {
    const email = 'flood@example.com';
    expect((await post({ ...request, email }, '203.0.113.1')).statusCode).toBe(200);
    expect((await post({ ...request, email: 'Flood@Example.com' }, '203.0.113.2')).statusCode).toBe(200);
    const [rows, mails] = [await stored(), await queuedMails()];
    const res = await post({ ...request, email }, '203.0.113.3');
    expect(res.statusCode, res.payload).toBe(429);
    expect(firstError(JSON.parse(res.payload) as ErrorDoc).code).toBe('too-many-account-requests');
    expect(JSON.parse(res.payload).errors[0].detail).toMatch(/Too many account requests/);
    expect(await stored()).toBe(rows);
    expect(await queuedMails()).toBe(mails);
  });

  it('per client address: the fourth request from one address in an hour is refused, whatever the e-mail', async () => {
    for (let i = 0; i < 3; i++) expect((await post({ ...request, email: `office${i}@example.com` }, '198.51.100.7')).statusCode).toBe(200);
    const rows = await stored();
    const res = await post({ ...request, email: 'office9@example.com' }, '198.51.100.7');
    expect(res.statusCode, res.payload).toBe(429);
    expect(firstError(JSON.parse(res.payload) as ErrorDoc).code).toBe('too-many-account-requests');
    expect(await stored()).toBe(rows);
    // Another address is not held up.
    expect((await post({ ...request, email: 'office9@example.com' }, '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('the API reference', () => {
  let docs: TestApp;
  beforeAll(async () => {
    docs = await createTestApp({ env: { API_DOCS: 'corporate' } });
    await seedUsers(docs.ctx);
  }, 120_000);
  afterAll(async () => {
    await docs?.close();
  });

  it('is for signed-in corporate users by default in production, configurable by API_DOCS', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe('corporate');
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'off' }).apiDocs).toBe('off');
  });

  it.each(['/fc-common-api/docs', '/fc-common-api/docs/json', '/fc-common-api/docs/yaml', '/fc-common-api/docs/static/index.html'])(
    'API_DOCS=corporate: %s answers 401 signed out, 403 to a customer or a dealer, 200 to corporate staff',
    async (url) => {
      const signedOut = await docs.app.inject({ method: 'GET', url });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.payload).not.toContain('/fc-common-api/users/current');
      for (const user of ['customer', 'dealer']) {
        const res = await docs.app.inject({ method: 'GET', url, headers: { cookie: await loginAs(docs.app, user) } });
        expect(res.statusCode, user).toBe(403);
      }
      const res = await docs.app.inject({ method: 'GET', url, headers: { cookie: await loginAs(docs.app, 'corp') } });
      expect([200, 302]).toContain(res.statusCode);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('API_DOCS=off: not served at all', async () => {
    const off = await createTestApp({ env: { API_DOCS: 'off' } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/fc-common-api/docs/json' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('invisible characters in names and descriptions of a nested body and of an imported file', () => {
  it('a bundle name and the descriptions of an item-code file are stored without them', async () => {
    const res = await api(t.app, corp).post('/fc-common-api/loyalty/bundle/add', {
      fc_loyalty_bundle: { name: 'Brakes\u202e\u200b', description: '\u2067Front\u2069 pads' },
    });
    expect(res.status, res.text).toBe(200);
    const bundle = Number(res.body.data[0].attributes['bundle-seq']);
    const [stored] = await t.db.select().from(loyaltyBundles).where(eq(loyaltyBundles.bundleSeq, bundle));
    expect(stored).toMatchObject({ name: 'Brakes', description: 'Front pads' });
    const upload = await api(t.app, corp).upload(`/fc-common-api/loyalty/bundles/${bundle}/item-codes/add/csv`, {
      filename: 'codes.csv',
      content: 'item_code,description\n10001,Pad\u202e set\n10002,\u200b\n',
      contentType: 'text/csv',
    });
    expect(upload.status, upload.text).toBeLessThan(300);
    const rows = await t.db.select().from(loyaltyItemCodes).where(eq(loyaltyItemCodes.bundleSeq, bundle));
    expect(rows.map((r) => [r.itemCode, r.description]).sort()).toEqual([
      ['10001', 'Pad set'],
      ['10002', null],
    ]);
  });
});
