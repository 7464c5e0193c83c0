import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/index';
import { api, loginAs } from '../helpers/http';
import { fileApp } from '../helpers/demo-app';

const t = fileApp();
let corp: string;

beforeAll(async () => {
  corp = await loginAs(t.app, 'corp');
  await t.db.insert(auditLog).values([
    {
      at: new Date('2026-01-05T10:00:00Z'),
      username: 'corp',
      userId: 1,
      entity: 'customer',
      entityId: '10009',
      action: 'create',
      after: { custName: 'Old' },
    },
    {
      at: new Date('2026-01-06T23:30:00Z'),
      username: 'corpview',
      userId: 2,
      entity: 'account_request',
      entityId: '7',
      action: 'status',
      before: { status: 'new' },
      after: { status: 'approved' },
    },
    {
      at: new Date('2026-01-07T08:00:00Z'),
      username: 'corp',
      userId: 1,
      entity: 'tax_rate',
      entityId: '3',
      action: 'expire',
      after: { note: '=HYPERLINK("x")' },
    },
  ]);
});

const ids = (body: { data: { attributes: { entity: string; 'entity-id': string } }[] }) =>
  body.data.map((d) => `${d.attributes.entity}:${d.attributes['entity-id']}`);

describe('GET /fc-common-api/audit', () => {
  it('lists every write, newest first, with who, when, what, before and after', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/audit', { 'filter[from]': '20260101', 'filter[to]': '20260131' });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(['tax_rate:3', 'account_request:7', 'customer:10009']);
    expect(res.body.data[1].attributes).toMatchObject({
      username: 'corpview',
      action: 'status',
      before: { status: 'new' },
      after: { status: 'approved' },
    });
  });

  it('filters by entity, user and date range in SQL (the to date includes its whole day)', async () => {
    const window = { 'filter[from]': '20260101', 'filter[to]': '20260131' };
    expect(ids((await api(t.app, corp).get('/fc-common-api/audit', { ...window, 'filter[entity]': 'customer' })).body)).toEqual([
      'customer:10009',
    ]);
    expect(ids((await api(t.app, corp).get('/fc-common-api/audit', { ...window, 'filter[user]': 'CORPVIEW' })).body)).toEqual([
      'account_request:7',
    ]);
    expect(
      ids((await api(t.app, corp).get('/fc-common-api/audit', { 'filter[from]': '20260106', 'filter[to]': '20260106' })).body),
    ).toEqual(['account_request:7']);
    const sorted = await api(t.app, corp).get('/fc-common-api/audit', {
      ...window,
      'filter[sort]': 'entity|asc',
      'page[size]': 1,
      'page[number]': 2,
    });
    expect(ids(sorted.body)).toEqual(['customer:10009']);
    expect(sorted.body.meta.record_count).toBe(3);
  });

  it('refuses bad filters and non-corporate users', async () => {
    expect((await api(t.app, corp).get('/fc-common-api/audit', { 'filter[from]': '2026-01-01' })).status).toBe(400);
    expect((await api(t.app, corp).get('/fc-common-api/audit', { 'filter[sort]': 'before|asc' })).status).toBe(400);
    expect((await api(t.app, await loginAs(t.app, 'dealer')).get('/fc-common-api/audit')).status).toBe(403);
    expect((await api(t.app, await loginAs(t.app, 'customer')).get('/fc-common-api/audit/csv')).status).toBe(403);
  });

  it('the facets list the entities and users that have records', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/audit/facets');
    expect(res.body.data[0].attributes.entities).toEqual(expect.arrayContaining(['account_request', 'customer', 'tax_rate']));
    expect(res.body.data[0].attributes.users).toEqual(expect.arrayContaining(['corp', 'corpview']));
  });
});

describe('GET /fc-common-api/audit/csv', () => {
  it('exports the filtered rows with formula cells escaped', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/audit/csv', {
      'filter[from]': '20260101',
      'filter[to]': '20260131',
      'filter[user]': 'corp',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/AuditHistory_\d{8}\.csv/);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe('at,username,entity,entity_id,action,request_id,change');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('tax_rate');
    expect(lines[2]).toContain('customer');
  });

  it('a cell that starts like a formula is escaped', async () => {
    await t.db
      .insert(auditLog)
      .values({ at: new Date('2026-02-01T00:00:00Z'), username: 'corp', entity: '=cmd', entityId: '+1', action: '@sum' });
    const res = await api(t.app, corp).get('/fc-common-api/audit/csv', { 'filter[from]': '20260201', 'filter[to]': '20260201' });
    expect(res.text).toContain("'=cmd");
    expect(res.text).toContain("'@sum");
  });
});

describe('bank numbers in records written before they were redacted', () => {
  it('are redacted in the list and the CSV', async () => {
    await t.db.insert(auditLog).values({
      at: new Date('2026-03-01T00:00:00Z'),
      username: 'corp',
      entity: 'customer',
      entityId: '10010',
      action: 'create',
      after: { custName: 'Old Bank Co', options: { bankAcctNumber: '99887766554433', bankAbaNumber: '123456780', bankName: 'Old Bank' } },
    });
    const query = { 'filter[from]': '20260301', 'filter[to]': '20260301' };
    const list = await api(t.app, corp).get('/fc-common-api/audit', query);
    expect(list.body.data[0].attributes.after.options).toMatchObject({
      bankAcctNumber: '[redacted]',
      bankAbaNumber: '[redacted]',
      bankName: 'Old Bank',
    });
    const csv = await api(t.app, corp).get('/fc-common-api/audit/csv', query);
    for (const text of [list.text, csv.text]) {
      expect(text).not.toContain('99887766554433');
      expect(text).not.toContain('123456780');
    }
  });
});
