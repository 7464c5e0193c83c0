import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, estesParts, parts } from '../../src/db/schema/index';
import { maintenanceApp, type MaintenanceApp } from './fixtures';

let t: MaintenanceApp;

beforeAll(async () => {
  t = await maintenanceApp();
});

afterAll(async () => {
  await t?.close();
});

const SEARCH = '/fc-common-api/parts/estes';
const CREATE = '/fc-common-api/parts/estes_create';
const REMOVE = '/fc-common-api/parts/estes_remove';
const EXPORT = '/fc-common-api/parts/estes_list_csv';

describe('permissions (page: task 502 or 507; add and remove: task 507)', () => {
  it.each([
    ['corp', 200],
    ['corpview', 200],
    ['corp502', 200],
    ['corp507', 200],
    ['corpnone', 403],
    ['corp505', 403],
    ['dealer', 403],
    ['cust504', 403],
    ['customer', 403],
  ])('search and export as %s: %i', async (user, status) => {
    const c = await t.as(user);
    expect((await c.get(SEARCH, { part_no: '2505384C1', query_type: 'international' })).status).toBe(status);
    expect((await c.get(EXPORT)).status).toBe(status);
  });

  it('signed out: 401', async () => {
    expect((await t.anonymous.get(SEARCH, { part_no: '2505384C1', query_type: 'international' })).status).toBe(401);
    expect((await t.anonymous.get(EXPORT)).status).toBe(401);
  });

  it.each([
    ['corpview', 403],
    ['corp502', 403],
    ['corpnone', 403],
    ['dealer', 403],
    ['cust504', 403],
  ])('create and remove as %s: %i', async (user, status) => {
    const c = await t.as(user);
    expect((await c.post(CREATE, { part_no: 'FLT-2000', custom_part_no: 'EEFLT2000' })).status).toBe(status);
    expect((await c.post(REMOVE, { part_no: '2505384C1', custom_part_no: 'EE2505384' })).status).toBe(status);
  });

  it('task 507 alone may add and remove', async () => {
    const c = await t.as('corp507');
    expect((await c.post(CREATE, { part_no: 'FLT-2000', custom_part_no: 'EEFLT2000' })).status).toBe(201);
    expect((await c.post(REMOVE, { part_no: 'FLT-2000', custom_part_no: 'EEFLT2000' })).status).toBe(200);
  });
});

describe('search', () => {
  it('finds a mapping by international number and by custom number, uppercasing the value', async () => {
    const c = await t.as('corpview');
    const byPart = await c.get(SEARCH, { part_no: '2505384c1', query_type: 'international' });
    expect(byPart.status).toBe(200);
    expect(byPart.body.data).toHaveLength(1);
    expect(byPart.body.data[0].attributes).toMatchObject({
      'part-no': '2505384C1',
      'custom-part-no': 'EE2505384',
      description: 'Air dryer cartridge',
    });
    const byCustom = await c.get(SEARCH, { part_no: 'ee2505384', query_type: 'estes' });
    expect(byCustom.body.data[0].attributes['part-no']).toBe('2505384C1');
  });

  it('answers an empty list when nothing is mapped', async () => {
    const c = await t.as('corpview');
    const res = await c.get(SEARCH, { part_no: '3601520C91', query_type: 'international' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it.each([
    ['', 'international', 'required', 'part_no'],
    ['EE12345', 'estes', 'regex-format', 'part_no'],
    ['XX123456', 'estes', 'regex-format', 'part_no'],
    ['EE1234567890', 'estes', 'regex-format', 'part_no'],
    ['AB_12', 'international', 'regex-format', 'part_no'],
    ['A'.repeat(21), 'international', 'maxLength', 'part_no'],
    ['2505384C1', 'other', 'invalid', 'query_type'],
    ['2505384C1', '', 'required', 'query_type'],
  ])('refuses part %j of type %s with %s', async (part, type, code, field) => {
    const c = await t.as('corp');
    const res = await c.get(SEARCH, { part_no: part, query_type: type });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code, source: { parameter: field } });
  });

  it('accepts every character of the international set and EE plus 6 to 9 alphanumerics', async () => {
    const c = await t.as('corp');
    for (const [part, type] of [
      ['A1 -./B', 'international'],
      ['EE123456', 'estes'],
      ['EE12345678Z', 'estes'],
    ]) {
      expect((await c.get(SEARCH, { part_no: part, query_type: type })).status).toBe(200);
    }
  });

  it('refuses a parameter it does not know', async () => {
    const c = await t.as('corp');
    expect((await c.get(SEARCH, { part_no: 'X', query_type: 'international', extra: '1' })).status).toBe(400);
  });
});

describe('add and remove', () => {
  it('adds a mapping (uppercased), audits it, finds it, removes it and audits that', async () => {
    const c = await t.as('corp');
    const created = await c.post(CREATE, { part_no: ' alt-12v/160 ', custom_part_no: 'eealt12v16' });
    expect(created.status).toBe(201);
    expect(created.body.data[0].attributes.status).toBe('success');
    const [row] = await t.db.select().from(estesParts).where(eq(estesParts.partNo, 'ALT-12V/160'));
    expect(row?.customPartNo).toBe('EEALT12V16');
    const found = await c.get(SEARCH, { part_no: 'EEALT12V16', query_type: 'estes' });
    expect(found.body.data[0].attributes['part-no']).toBe('ALT-12V/160');

    const removed = await c.post(REMOVE, { part_no: 'ALT-12V/160', custom_part_no: 'EEALT12V16' });
    expect(removed.status).toBe(200);
    expect(removed.body.data[0].attributes.status).toBe('success');
    expect((await c.get(SEARCH, { part_no: 'EEALT12V16', query_type: 'estes' })).body.data).toEqual([]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'estes_part'), eq(auditLog.entityId, 'ALT-12V/160')));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'remove']);
    expect(audits.every((a) => a.username === 'corp')).toBe(true);
  });

  it('AEP07: a part number that is not in the catalogue', async () => {
    const c = await t.as('corp');
    const res = await c.post(CREATE, { part_no: 'NOPE-1', custom_part_no: 'EENOPE001' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'AEP07', source: { pointer: '/part_no' } });
  });

  it('AEP10: a custom part number that is already mapped', async () => {
    const c = await t.as('corp');
    const res = await c.post(CREATE, { part_no: '3601520C91', custom_part_no: 'EE2505384' });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'AEP10', source: { pointer: '/custom_part_no' } });
  });

  it('AEP11: a second custom number for a part', async () => {
    const c = await t.as('corp');
    const res = await c.post(CREATE, { part_no: '2505384C1', custom_part_no: 'EENEW0001' });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'AEP11', source: { pointer: '/part_no' } });
  });

  it.each([
    [{ custom_part_no: 'EE1234567' }, 'required', '/part_no'],
    [{ part_no: '3601520C91' }, 'required', '/custom_part_no'],
    [{ part_no: 'A'.repeat(31), custom_part_no: 'EE1234567' }, 'maxLength', '/part_no'],
    [{ part_no: 'A#1', custom_part_no: 'EE1234567' }, 'regex-format', '/part_no'],
    [{ part_no: '3601520C91', custom_part_no: 'EE12345' }, 'regex-format', '/custom_part_no'],
    [{ part_no: '3601520C91', custom_part_no: 'EX1234567' }, 'regex-format', '/custom_part_no'],
    [{ part_no: '3601520C91', custom_part_no: 'EE1234-67' }, 'regex-format', '/custom_part_no'],
  ])('refuses %j with %s', async (body, code, pointer) => {
    const c = await t.as('corp');
    const res = await c.post(CREATE, body);
    expect(res.status).toBe(400);
    expect(
      res.body.errors.some((e: { code: string; source?: { pointer?: string } }) => e.code === code && e.source?.pointer === pointer),
    ).toBe(true);
  });

  it('removing a pair that is not mapped is a 404 and changes nothing', async () => {
    const c = await t.as('corp');
    const res = await c.post(REMOVE, { part_no: '2505384C1', custom_part_no: 'EE169374C1' });
    expect(res.status).toBe(404);
    expect(await t.db.select().from(estesParts).where(eq(estesParts.partNo, '2505384C1'))).toHaveLength(1);
  });
});

describe('export', () => {
  it('streams every mapping as CSV, formula cells escaped', async () => {
    const c = await t.as('corpview');
    const res = await c.get(EXPORT);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe('part_no,custom_part_no,description');
    expect(lines).toContain('1693744C1,EE169374C1,Oil filter');
    expect(lines).toContain('2505384C1,EE2505384,Air dryer cartridge');
  });

  it('escapes a cell that a spreadsheet would read as a formula, and names the file EstesParts_{MMDDYYYY}.csv', async () => {
    await t.db.insert(parts).values([
      { partNo: '-FORMULA1', description: '=HYPERLINK("http://evil.example","x")' },
      { partNo: 'FORMULA2', description: '@SUM(A1:A2)' },
    ]);
    const c = await t.as('corp');
    expect((await c.post(CREATE, { part_no: '-FORMULA1', custom_part_no: 'EEFORMULA1' })).status).toBe(201);
    expect((await c.post(CREATE, { part_no: 'FORMULA2', custom_part_no: 'EEFORMULA2' })).status).toBe(201);
    const res = await c.get(EXPORT);
    expect(res.status).toBe(200);
    const lines = res.text.trim().split('\n');
    expect(lines).toContain(`'-FORMULA1,EEFORMULA1,"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines).toContain(`FORMULA2,EEFORMULA2,'@SUM(A1:A2)`);
    expect(lines.some((l) => /^[=+\-@]/.test(l) || /,[=+\-@]/.test(l))).toBe(false);
    expect(res.headers['content-disposition']).toMatch(/filename="EstesParts_\d{8}\.csv"/);
  });
});
