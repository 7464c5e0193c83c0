import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { auditLog, coreParts, customers, inboundFiles, parts, users } from '../../src/db/schema/index';
import { api, loginAs } from '../helpers/http';
import { attrs, expectSortsBothWays, maintenanceApp, type Client, type MaintenanceApp } from './fixtures';
import { mailSettled } from '../helpers/app';

let t: MaintenanceApp;

beforeAll(async () => {
  t = await maintenanceApp({ jobs: true });
});

afterAll(async () => {
  await t?.close();
});

const LIST = '/fc-common-api/fc-core-maintainance';
const UPLOAD = '/fc-common-api/parts/core-management';
const STATUS = '/fc-common-api/parts/core-management/status';
const REPORT = '/fc-common-api/parts/core-management/report';
const TEMPLATE = '/samples/upload_template.xlsm';

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const HEADER = 'cust_no,part_no,effective_date,expiry_date,status';

function uploadAs(c: Client, content: string | Buffer, type: string | null = '0', filename = 'core.csv') {
  return c.upload(UPLOAD, { filename, content, contentType: 'text/csv' }, type === null ? {} : { type });
}

/** Polls the status call until the job has an osReturnCode, as the page does (45 s for a busy machine). */
async function waitForJob(c: Client, jobId: string) {
  for (const deadline = Date.now() + 45_000; Date.now() < deadline;) {
    const res = await c.get(STATUS, { job_id: jobId });
    expect(res.status).toBe(200);
    const a = res.body.data[0].attributes;
    if (a['os-return-code'] !== null) return a;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('job did not finish');
}

describe('permissions (page: task 505 or 506; upload and template: task 506)', () => {
  it.each([
    ['corp', 200],
    ['corpview', 200],
    ['corp505', 200],
    ['corp506', 200],
    ['corpnone', 403],
    ['corp502', 403],
    ['dealer', 403],
    ['cust504', 403],
    ['customer', 403],
  ])('list as %s: %i', async (user, status) => {
    const c = await t.as(user);
    expect((await c.get(LIST)).status).toBe(status);
  });

  it.each([
    ['corpview', 403],
    ['corp505', 403],
    ['corpnone', 403],
    ['dealer', 403],
    ['cust504', 403],
  ])('upload and template as %s: %i', async (user, status) => {
    const c = await t.as(user);
    expect((await uploadAs(c, csv(HEADER, '10001,3544390C91,01/01/2027,,A'))).status).toBe(status);
    expect((await c.get(TEMPLATE)).status).toBe(status);
  });

  it('signed out: 401', async () => {
    expect((await t.anonymous.get(LIST)).status).toBe(401);
    expect((await t.anonymous.get(TEMPLATE)).status).toBe(401);
  });
});

describe('list', () => {
  it('pages at 25 with the customer name and the file type name', async () => {
    const c = await t.as('corpview');
    const res = await c.get(LIST);
    expect(res.body.meta.pagination.per_page).toBe(25);
    const row = attrs(res).find((r) => r['part-no'] === 'ALT-12V/160');
    expect(row).toMatchObject({ name: 'Maple Haulage Ltd', 'cust-no': 10002, status: 'I', 'file-type': 'coreless' });
  });

  it('seeded Price Verify rows show the price they were verified at; Coreless rows none (decision 0082)', async () => {
    const c = await t.as('corpview');
    const rows = attrs(await c.get(LIST, { 'page[size]': 100 }));
    const seeded = (cust: number, part: string) => rows.find((r) => r['cust-no'] === cust && r['part-no'] === part)!;
    expect(seeded(10001, '3601520C91')).toMatchObject({ 'file-type': 'price-verify', price: '205.00' });
    expect(seeded(10004, '3544390C91')).toMatchObject({ 'file-type': 'price-verify', price: '84.50' });
    expect(seeded(10001, '3544390C91')).toMatchObject({ 'file-type': 'coreless', price: null });
    const verify = rows.filter((r) => r['file-type'] === 'price-verify');
    expect(verify.length).toBeGreaterThan(0);
    expect(verify.every((r) => Number(r.price) > 0)).toBe(true);
  });

  it('filters in SQL: name, cust_no and part_no contain (any case), status equals', async () => {
    const c = await t.as('corpview');
    expect(attrs(await c.get(LIST, { 'filter[name]': 'ACME' })).every((r) => r.name === 'Acme Freight Lines')).toBe(true);
    expect(attrs(await c.get(LIST, { 'filter[cust_no]': '0004' })).every((r) => r['cust-no'] === 10004)).toBe(true);
    const byPart = attrs(await c.get(LIST, { 'filter[part_no]': '12v/' }));
    expect(byPart.map((r) => r['part-no'])).toEqual(['ALT-12V/160']);
    const inactive = await c.get(LIST, { 'filter[status]': 'I' });
    expect(attrs(inactive).every((r) => r.status === 'I')).toBe(true);
    expect(inactive.body.meta.record_count).toBe(attrs(inactive).length);
    expect((await c.get(LIST, { 'filter[status]': 'X' })).status).toBe(400);
  });

  it.each(['name', 'cust_no', 'part_no', 'effective_date', 'expiry_date', 'status', 'file_type'])(
    'sorts by %s both ways',
    async (field) => {
      const c = await t.as('corp');
      await expectSortsBothWays(c, LIST, field, field === 'cust_no');
      expect((await c.get(LIST, { 'filter[sort]': 'city|asc' })).status).toBe(400);
    },
  );
});

describe('upload', () => {
  it('stores the file, processes it in the background and applies every good row', async () => {
    const c = await t.as('corp506');
    const res = await uploadAs(c, csv(HEADER, '10004,FLT-2000,1/5/2027,12/31/2027,A', '10004,1693744c1,20270201,,i'), '1');
    expect(res.status).toBe(202);
    expect(res.body.data[0].attributes.status).toBe('success');
    const jobId = res.body.data[0].attributes['job-id'];
    const done = await waitForJob(c, jobId);
    expect(done).toMatchObject({ 'os-return-code': 0, 'unit-status': 0, 'has-report': false });
    const rows = await t.db
      .select()
      .from(coreParts)
      .where(and(eq(coreParts.custNo, 10004), eq(coreParts.fileType, 1)));
    expect(rows.find((r) => r.partNo === 'FLT-2000')).toMatchObject({ effectiveDate: '2027-01-05', expiryDate: '2027-12-31', status: 'A' });
    expect(rows.find((r) => r.partNo === '1693744C1')).toMatchObject({ effectiveDate: '2027-02-01', expiryDate: null, status: 'I' });

    // The same file again changes nothing: unit status 2.
    const again = await uploadAs(c, csv(HEADER, '10004,FLT-2000,1/5/2027,12/31/2027,A', '10004,1693744c1,20270201,,i'), '1');
    expect(await waitForJob(c, again.body.data[0].attributes['job-id'])).toMatchObject({ 'os-return-code': 0, 'unit-status': 2 });
  });

  it('reports each bad row (row, column, reason), applies the rest, and e-mails the report to the uploader', async () => {
    const c = await t.as('corp506');
    const before = t.mails.length;
    const res = await uploadAs(
      c,
      csv(
        HEADER,
        '10001,2505384C1,01/01/2027,,A',
        '99999,2505384C1,01/01/2027,,A',
        '10001,NOT-A-PART,01/01/2027,,A',
        '10001,1693744C1,13/45/2027,,A',
        '10001,FLT-2000,01/01/2027,12/31/2026,Z',
        '10001,2505384C1,02/01/2027,,A',
        '=cmd(),FLT-2000,01/01/2027,,A',
      ),
      '0',
      'mixed.csv',
    );
    expect(res.status).toBe(202);
    const jobId = res.body.data[0].attributes['job-id'];
    const done = await waitForJob(c, jobId);
    expect(done).toMatchObject({ 'os-return-code': 0, 'unit-status': 1, 'has-report': true });
    expect(done.message).toMatch(/6 of 7 rows rejected, 1 applied/);
    // The page shows the outcome from its code and values, in its reader's language (decision 0410).
    expect(done['message-code']).toBe('core-rejected');
    expect(done['message-values']).toEqual({ rejected: 6, total: 7, applied: 1, type: 'coreless' });

    const report = await c.get(REPORT, { job_id: jobId });
    expect(report.status).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    const lines = report.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('row,column,value,reason');
    expect(lines).toContain('3,cust_no,99999,unknown customer 99999');
    expect(lines).toContain('4,part_no,NOT-A-PART,part NOT-A-PART is not in the parts catalogue');
    expect(lines).toContain('5,effective_date,13/45/2027,effective_date is not a date (MM/DD/YYYY)');
    expect(lines).toContain('6,expiry_date,12/31/2026,expiry_date is before effective_date');
    expect(lines).toContain('6,status,Z,status must be A (active) or I (inactive)');
    expect(lines).toContain('7,part_no,2505384C1,duplicate of row 2 (same cust_no and part_no)');
    // A cell a spreadsheet would run as a formula is escaped.
    expect(lines.some((l) => l.startsWith("8,cust_no,'=cmd()"))).toBe(true);

    const [applied] = await t.db
      .select()
      .from(coreParts)
      .where(and(eq(coreParts.custNo, 10001), eq(coreParts.partNo, '2505384C1'), eq(coreParts.fileType, 0)));
    expect(applied?.effectiveDate).toBe('2027-01-01');

    await mailSettled(t.ctx);
    const mail = t.mails.slice(before).find((m) => m.to === 'corp506@example.com');
    expect(mail?.subject).toMatch(/errors in mixed\.csv/);
    expect(mail?.text).toMatch(/Row 3, cust_no "99999": unknown customer 99999/);
    expect(mail?.attachments?.[0]?.filename).toMatch(/^core-upload-report-\d+\.csv$/);
  });

  it('fails a file whose header lacks a required column, with a report', async () => {
    const c = await t.as('corp506');
    const res = await uploadAs(c, csv('cust_no,effective_date', '10001,01/01/2027'));
    const done = await waitForJob(c, res.body.data[0].attributes['job-id']);
    expect(done).toMatchObject({ 'unit-status': 1, 'has-report': true });
    expect(done['os-return-code']).not.toBe(0);
    expect(done.message).toMatch(/missing: part_no/);
    expect(done['message-code']).toBe('csv-missing-columns');
    expect(done['message-values']).toEqual({ required: 'cust_no, part_no, effective_date', missing: 'part_no' });
    const lines = (await c.get(REPORT, { job_id: res.body.data[0].attributes['job-id'] })).text.trim().split(/\r?\n/);
    expect(lines[1]).toBe('1,,,"The header row must name the columns cust_no, part_no, effective_date; missing: part_no."');
  });

  it.each([
    [
      2,
      [
        'row,column,value,reason',
        '2,cust_no,99999,client inconnu 99999',
        '3,part_no,NOT-A-PART,la pièce NOT-A-PART n’est pas au catalogue des pièces',
        '4,effective_date,13/45/2027,effective_date n’est pas une date (MM/JJ/AAAA)',
        '5,part_no,2505384C1,doublon de la ligne 2 (mêmes cust_no et part_no)',
      ],
    ],
    [
      1,
      [
        'row,column,value,reason',
        '2,cust_no,99999,cliente desconocido 99999',
        '3,part_no,NOT-A-PART,la refacción NOT-A-PART no está en el catálogo de refacciones',
        '4,effective_date,13/45/2027,effective_date no es una fecha (MM/DD/AAAA)',
        '5,part_no,2505384C1,duplicado de la fila 2 (mismos cust_no y part_no)',
      ],
    ],
  ])(
    'the report of an uploader whose session language is %i has its reasons in that language, its header fixed',
    async (language, expected) => {
      const cookie = await loginAs(t.app, 'corp506', 'corp');
      const c = api(t.app, cookie);
      expect((await c.post('/fc-common-api/users/language', { language })).status).toBe(200);
      try {
        const res = await uploadAs(
          c,
          csv(
            HEADER,
            '99999,2505384C1,01/01/2027,,A',
            '10001,NOT-A-PART,01/01/2027,,A',
            '10001,1693744C1,13/45/2027,,A',
            '99999,2505384C1,02/01/2027,,A',
          ),
          '0',
          `lang-${language}.csv`,
        );
        const jobId = res.body.data[0].attributes['job-id'];
        const done = await waitForJob(c, jobId);
        // The status keeps its code; the English sentence is for other API clients.
        expect(done['message-code']).toBe('core-rejected');
        const [header, ...lines] = (await c.get(REPORT, { job_id: jobId })).text.trim().split(/\r?\n/);
        expect([header, ...lines.sort()]).toEqual(expected);
      } finally {
        await c.post('/fc-common-api/users/language', { language: 0 });
      }
    },
  );

  it('ACP03: refuses executables, archives and the EICAR test file, and stores nothing', async () => {
    const c = await t.as('corp506');
    const pe = Buffer.alloc(256);
    pe.write('MZ', 0, 'latin1');
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    const eicar = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
    const before = await t.db.select({ seq: inboundFiles.seq }).from(inboundFiles);
    for (const content of [
      pe,
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]),
      Buffer.from([0x1f, 0x8b, 8, 0, 0, 0]),
      Buffer.from(`${HEADER}\n10001,${eicar},01/01/2027,,A\n`),
      Buffer.from('%PDF-1.7\n'),
    ]) {
      const res = await uploadAs(c, content);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'ACP03', source: { pointer: '/file' } });
    }
    expect(await t.db.select({ seq: inboundFiles.seq }).from(inboundFiles)).toHaveLength(before.length);
  });

  it('a CSV whose first word starts with MZ is not an executable', async () => {
    const c = await t.as('corp506');
    const res = await uploadAs(c, csv('cust_no,part_no,effective_date,mz_note', '10001,FLT-2000,01/01/2027,MZ'));
    expect(res.status).toBe(202);
  });

  it.each([
    ['not a .csv name', Buffer.from(`${HEADER}\n`), 'core.txt', 'ACP01'],
    ['empty', Buffer.from(''), 'core.csv', 'ACP01'],
    ['not UTF-8', Buffer.from([0x63, 0x75, 0x73, 0x74, 0xff, 0xfe, 0x0a]), 'core.csv', 'ACP01'],
  ])('ACP01 for a file that is %s', async (_name, content, filename, code) => {
    const c = await t.as('corp506');
    const res = await uploadAs(c, content, '0', filename);
    expect(res.body.errors[0]).toMatchObject({ code, source: { pointer: '/file' } });
  });

  it('ACP02 for an upload without a file or without a type', async () => {
    const c = await t.as('corp506');
    const noFile = await c.upload(UPLOAD, [], { type: '0' });
    expect(noFile.body.errors[0]).toMatchObject({ code: 'ACP02' });
    const noType = await uploadAs(c, csv(HEADER, '10001,FLT-2000,01/01/2027,,A'), null);
    expect(noType.body.errors[0]).toMatchObject({ code: 'ACP02', source: { pointer: '/type' } });
    const badType = await uploadAs(c, csv(HEADER, '10001,FLT-2000,01/01/2027,,A'), 'coreless');
    expect(badType.body.errors[0].code).toBe('ACP02');
  });

  it('status and report of an unknown job are 404; a bad job id is 400', async () => {
    const c = await t.as('corpview');
    expect((await c.get(STATUS, { job_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await c.get(REPORT, { job_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await c.get(STATUS, { job_id: 'nope' })).status).toBe(400);
  });
});

describe('Price Verify', () => {
  it('checks each price against the programme price, reports each row that fails, and keeps the verified price', async () => {
    const c = await t.as('corp506');
    await t.db.insert(parts).values({ partNo: 'NOPRICE-1', description: 'Part without a programme price', isCore: true });
    const res = await uploadAs(
      c,
      csv(
        `${HEADER},price`,
        '10001,3544390C91,05/01/2027,,A,80',
        '10002,3601520C91,05/01/2027,,A,',
        '10004,ALT-12V/160,05/01/2027,,A,190.00',
        '10001,NOPRICE-1,05/01/2027,,A,10.00',
        '10002,FLT-2000,05/01/2027,,A,12.345',
        '10003,ALT-12V/160,05/01/2027,,A,189.99',
      ),
      '1',
      'verify.csv',
    );
    const jobId = res.body.data[0].attributes['job-id'];
    const done = await waitForJob(c, jobId);
    expect(done).toMatchObject({ 'os-return-code': 0, 'unit-status': 1, 'has-report': true });
    expect(done.message).toMatch(/3 of 6 rows rejected, 3 applied \(price-verify\)/);
    const lines = (await c.get(REPORT, { job_id: jobId })).text.trim().split(/\r?\n/);
    expect(lines.slice(1).sort()).toEqual([
      '4,price,190.00,price 190.00 is above the programme price 189.99 of part ALT-12V/160',
      '5,part_no,NOPRICE-1,part NOPRICE-1 has no programme price to verify against',
      '6,price,12.345,price must be an amount above 0 with at most 2 decimals (84.50)',
    ]);
    const stored = await t.db
      .select({ custNo: coreParts.custNo, partNo: coreParts.partNo, price: coreParts.price })
      .from(coreParts)
      .where(and(eq(coreParts.fileType, 1), eq(coreParts.effectiveDate, '2027-05-01')));
    expect(stored.sort((a, b) => a.custNo - b.custNo)).toEqual([
      { custNo: 10001, partNo: '3544390C91', price: '80.00' },
      // A blank price is verified at the programme price.
      { custNo: 10002, partNo: '3601520C91', price: '212.00' },
      { custNo: 10003, partNo: 'ALT-12V/160', price: '189.99' },
    ]);
    const listed = attrs(await t.as('corpview').then((v) => v.get(LIST, { 'filter[part_no]': '3601520C91', 'filter[cust_no]': '10002' })));
    expect(listed).toEqual([expect.objectContaining({ 'file-type': 'price-verify', price: '212.00' })]);
  });

  it('a Coreless file ignores a price column', async () => {
    const c = await t.as('corp506');
    const res = await uploadAs(c, csv(`${HEADER},price`, '10003,2505384C1,06/01/2027,,A,999999.99'), '0');
    expect(await waitForJob(c, res.body.data[0].attributes['job-id'])).toMatchObject({ 'unit-status': 0 });
    const [row] = await t.db
      .select()
      .from(coreParts)
      .where(and(eq(coreParts.custNo, 10003), eq(coreParts.partNo, '2505384C1'), eq(coreParts.fileType, 0)));
    expect(row).toMatchObject({ effectiveDate: '2027-06-01', price: null });
  });
});

describe('audit of an upload', () => {
  it('names the uploader and lists each changed row with its values before and after', async () => {
    const c = await t.as('corp506');
    const [{ id: uploaderId } = { id: 0 }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'corp506'));
    // 10002 ALT-12V/160 is a seeded Coreless row (inactive); 10003 3601520C91 is new.
    const res = await uploadAs(
      c,
      csv(HEADER, '10002,ALT-12V/160,03/01/2027,03/31/2028,A', '10003,3601520C91,03/01/2027,,A'),
      '0',
      'audit.csv',
    );
    const seq = String(
      (
        await t.db.select({ seq: inboundFiles.seq }).from(inboundFiles).where(eq(inboundFiles.jobId, res.body.data[0].attributes['job-id']))
      )[0]!.seq,
    );
    await waitForJob(c, res.body.data[0].attributes['job-id']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'core_parts'), eq(auditLog.entityId, seq), eq(auditLog.action, 'upload')));
    expect(entry).toMatchObject({ username: 'corp506', userId: uploaderId });
    expect(entry!.before).toEqual({
      '10002 ALT-12V/160': { effective_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), expiry_date: null, status: 'I', price: null },
    });
    expect(entry!.after).toMatchObject({
      file_type: 'coreless',
      file_name: 'audit.csv',
      rows: 2,
      changed: 2,
      inserted: 1,
      updated: 1,
      unlisted: 0,
      '10002 ALT-12V/160': { effective_date: '2027-03-01', expiry_date: '2028-03-31', status: 'A' },
      '10003 3601520C91': { effective_date: '2027-03-01', expiry_date: null, status: 'A' },
    });
  });

  it('lists at most 50 changed rows and counts the others', async () => {
    const c = await t.as('corp506');
    const many = Array.from({ length: 60 }, (_, i) => `AUD-${String(i).padStart(3, '0')}`);
    await t.db
      .insert(parts)
      .values(many.map((partNo) => ({ partNo, description: 'Audit test part', programPrice: '10.00', isCore: true })));
    const res = await uploadAs(c, csv(HEADER, ...many.map((p) => `10001,${p},04/01/2027,,A`)), '0');
    const jobId = res.body.data[0].attributes['job-id'];
    await waitForJob(c, jobId);
    const [file] = await t.db.select({ seq: inboundFiles.seq }).from(inboundFiles).where(eq(inboundFiles.jobId, jobId));
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'core_parts'), eq(auditLog.entityId, String(file!.seq))));
    const after = entry!.after as Record<string, unknown>;
    expect(after).toMatchObject({ rows: 60, changed: 60, inserted: 60, unlisted: 10 });
    expect(Object.keys(after).filter((k) => k.startsWith('10001 AUD-'))).toHaveLength(50);
    expect(entry!.before).toEqual({});
  });
});

describe('template', () => {
  it('is a spreadsheet (OOXML zip) with the columns and an example row', async () => {
    const c = await t.as('corp506');
    const res = await c.get(TEMPLATE);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.ms-excel.sheet.macroEnabled.12');
    const files = unzipSync(new Uint8Array(res.raw.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/workbook.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/worksheets/sheet1.xml',
        'xl/styles.xml',
      ]),
    );
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const cells = [...sheet.matchAll(/<t xml:space="preserve">([^<]*)<\/t>/g)].map((m) => m[1]);
    expect(cells).toEqual([
      'cust_no',
      'part_no',
      'effective_date',
      'expiry_date',
      'status',
      'price',
      '10001',
      '3544390C91',
      '01/01/2027',
      '12/31/2027',
      'A',
      '84.50',
    ]);
    expect(strFromU8(files['[Content_Types].xml']!)).toMatch(/sheet\.macroEnabled\.main\+xml/);
  });
});

// Last in the file: the customers it adds would show in the lists the tests above read.
describe('sorting by name ignores case', () => {
  it('lower-case names sort among the others, both ways', async () => {
    const names = ['aardvark freight', 'Badger Lines', 'cobalt carriers', 'Delta Haul'];
    await t.db.insert(customers).values(names.map((custName, i) => ({ custNo: 70001 + i, custName, program: 96 })));
    await t.db
      .insert(coreParts)
      .values(names.map((_n, i) => ({ custNo: 70001 + i, partNo: 'FLT-2000', effectiveDate: '2027-01-01', status: 'A', fileType: 0 })));
    const c = await t.as('corpview');
    for (const direction of ['asc', 'desc'] as const) {
      const res = await c.get(LIST, { 'filter[sort]': `name|${direction}`, 'filter[cust_no]': '7000', 'page[size]': 100 });
      expect(attrs(res).map((r) => r.name)).toEqual(direction === 'asc' ? names : [...names].reverse());
    }
  });
});
