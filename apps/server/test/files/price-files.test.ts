import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PriceFileStatus } from '@fc/contract/files';
import { inboundFiles, users } from '../../src/db/schema/index';
import { priceFileJob } from '../../src/modules/files/price-job';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { count, csvRows, fileRow, pricedParts, runJob, seedCatalogue, unpricedPart } from './helpers';

let t: TestApp;
let dealer: string;
let dealer2: string;
let corp: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  await seedCatalogue(t.ctx);
  [dealer, dealer2, corp, customer] = await Promise.all(['dealer', 'dealer2', 'corp', 'customer'].map((u) => loginAs(t.app, u)));
});

afterAll(async () => {
  await t?.close();
});

const [p1, p2, p3] = pricedParts;
const price = (p: { programPrice?: string | null }, deltaCents: number) =>
  ((Math.round(Number(p.programPrice) * 100) + deltaCents) / 100).toFixed(2);

/** A file with one row of each verdict, and two kinds of invalid row. */
const mixedFile = [
  'part_no,price,effective_date',
  `${p1!.partNo},${price(p1!, -100)},20260101`,
  `${p2!.partNo},${price(p2!, 250)},`,
  `NOPE-123,10.00,`,
  `${p3!.partNo},abc,`,
  `${p1!.partNo},${price(p1!, -50)},`,
  `${unpricedPart.partNo},99.99,2026-02-01`,
].join('\n');

async function uploadPrice(cookie: string, content: string, filename = 'prices.csv', fields: Record<string, string> = {}) {
  return api(t.app, cookie).upload('/fc-common-api/mpp/price', { filename, content, contentType: 'text/csv' }, fields);
}

async function uploadAndProcess(cookie: string, content: string, filename = 'prices.csv', fields: Record<string, string> = {}) {
  const res = await uploadPrice(cookie, content, filename, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const jobId = res.body.data[0].attributes.job_id as string;
  const seq = res.body.data[0].attributes.sequence as number;
  await runJob(t.ctx, priceFileJob, seq);
  return { jobId, seq };
}

describe('POST /fc-common-api/mpp/price and the polling flow', () => {
  it('accepts a CSV, answers data.job_id, reports 26 with a null osReturnCode until processed, then 19 with 0', async () => {
    const res = await uploadPrice(dealer, mixedFile);
    expect(res.status).toBe(202);
    const attrs = res.body.data[0].attributes;
    expect(attrs.job_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(attrs.status).toBe(PriceFileStatus.InProgress);

    const before = await api(t.app, dealer).get('/fc-common-api/mpp/status', { job_id: attrs.job_id });
    expect(before.status).toBe(200);
    expect(before.body.data[0].attributes['os-return-code']).toBeNull();
    expect(before.body.data[0].attributes.status).toBe(26);
    const listed = await api(t.app, dealer).get('/fc-common-api/mpp/index');
    expect(listed.body.data.find((r: { id: string }) => r.id === String(attrs.sequence)).attributes.status).toBe(26);

    await runJob(t.ctx, priceFileJob, attrs.sequence);

    const after = await api(t.app, dealer).get('/fc-common-api/mpp/status', { job_id: attrs.job_id });
    expect(after.body.data[0].attributes['os-return-code']).toBe(0);
    expect(after.body.data[0].attributes.status).toBe(19);
    expect(after.body.data[0].attributes['rows-done']).toBe(6);
    const list = await api(t.app, dealer).get('/fc-common-api/mpp/index');
    const item = list.body.data.find((r: { id: string }) => r.id === String(attrs.sequence)).attributes;
    expect(item).toMatchObject({ sequence: attrs.sequence, status: 19, 'file-name': 'prices.csv' });
    expect(new Date(item['entry-date']).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const download = await api(t.app, dealer).get('/fc-common-api/mpp/download', { data_seq: attrs.sequence });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toMatch(/text\/csv/);
    expect(download.headers['content-disposition']).toContain('prices-result.csv');
    const rows = csvRows(download.text);
    expect(rows[0]).toEqual(['part_no', 'description', 'submitted_price', 'program_price', 'difference', 'verdict', 'message']);
    const verdicts = rows.slice(1).map((r) => [r[0], r[5]]);
    expect(verdicts).toEqual([
      [p1!.partNo, 'OK'],
      [p2!.partNo, 'ABOVE_PROGRAM_PRICE'],
      ['NOPE-123', 'UNKNOWN_PART'],
      [p3!.partNo, 'INVALID_ROW'],
      [p1!.partNo, 'INVALID_ROW'],
      [unpricedPart.partNo, 'OK'],
    ]);
    expect(rows[1]).toEqual([p1!.partNo, p1!.description, price(p1!, -100), p1!.programPrice, '-1.00', 'OK', 'Accepted']);
    expect(rows[2]![4]).toBe('2.50');
    expect(rows[4]![6]).toMatch(/Line 5: price "abc"/);
    expect(rows[5]![6]).toMatch(/already priced on line 2/);

    const held = (
      await t.ctx.database.query<{ part_no: string; price: string; effective_date: string | null }>(
        'select part_no, price::text, effective_date::text from dealer_prices where merchant_no = 1001 order by part_no',
      )
    ).rows;
    expect(held).toEqual(
      [
        { part_no: p1!.partNo, price: price(p1!, -100), effective_date: '2026-01-01' },
        { part_no: unpricedPart.partNo, price: '99.99', effective_date: '2026-02-01' },
      ].sort((a, b) => a.part_no.localeCompare(b.part_no)),
    );
    const row = await fileRow(t.ctx, attrs.sequence);
    expect(row).toMatchObject({ state: 'done', unitStatus: 0, osReturnCode: 0, rowsDone: 6, rowsTotal: 6 });
    expect(row.message).toMatch(
      /2 of 6 prices accepted \(2 new or changed\); 1 above the programme price, 1 unknown parts, 2 invalid rows/,
    );
    expect(
      await count(t.ctx, sql`select count(*) as n from audit_log where entity = 'inbound_file' and entity_id = ${String(attrs.sequence)}`),
    ).toBe(2);
  });

  it('an unchanged re-upload is processed (19) with unit status 2; a changed price gives 0 again', async () => {
    const content = `part_no,price\n${p3!.partNo},${price(p3!, -10)}\n`;
    const first = await uploadAndProcess(dealer, content, 'p3.csv');
    expect(await fileRow(t.ctx, first.seq)).toMatchObject({ unitStatus: 0, osReturnCode: 0 });
    const again = await uploadAndProcess(dealer, content, 'p3-again.csv');
    const row = await fileRow(t.ctx, again.seq);
    expect(row).toMatchObject({ state: 'done', unitStatus: 2, osReturnCode: 0 });
    expect(row.message).toMatch(/^Nothing new/);
    const status = await api(t.app, dealer).get('/fc-common-api/mpp/status', { job_id: again.jobId });
    expect(status.body.data[0].attributes.status).toBe(19);
    const changed = await uploadAndProcess(dealer, `part_no,price\n${p3!.partNo},${price(p3!, -20)}\n`, 'p3-changed.csv');
    expect((await fileRow(t.ctx, changed.seq)).unitStatus).toBe(0);
  });

  it('a file with no acceptable price is processed (19) but is a failed unit (1)', async () => {
    const { seq } = await uploadAndProcess(dealer, 'part_no,price\nNOPE-9,1.00\nX,-3\n', 'bad-rows.csv');
    const row = await fileRow(t.ctx, seq);
    expect(row).toMatchObject({ state: 'done', unitStatus: 1, osReturnCode: 0 });
    expect(row.message).toMatch(/^No price accepted/);
  });

  it.each([
    [
      'no header row with the required columns',
      'part,amount\nA,1\n',
      /missing: part_no, price/,
      { code: 'csv-missing-columns', values: { required: 'part_no, price', missing: 'part_no, price' } },
    ],
    ['a header only', 'part_no,price\n', /no data rows/, { code: 'no-rows', values: {} }],
    ['an unclosed quote', 'part_no,price\n"ABC,1.00\n', /cannot be read as CSV/, { code: 'csv-unreadable', values: { line: 2 } }],
    [
      'a column named twice',
      'part_no,price,price\nA,1,2\n',
      /names the column price twice/,
      { code: 'csv-duplicate-column', values: { column: 'price' } },
    ],
  ])('%s fails as a whole: status 13, a non-zero osReturnCode, unit status 1 with a message', async (_name, content, message, coded) => {
    const { jobId, seq } = await uploadAndProcess(dealer, content, 'broken.csv');
    const status = await api(t.app, dealer).get('/fc-common-api/mpp/status', { job_id: jobId });
    expect(status.body.data[0].attributes.status).toBe(13);
    expect(status.body.data[0].attributes['os-return-code']).toBeGreaterThan(0);
    expect(status.body.data[0].attributes['message-code']).toBe(coded.code);
    expect(status.body.data[0].attributes['message-values']).toMatchObject(coded.values);
    const row = await fileRow(t.ctx, seq);
    expect(row).toMatchObject({ state: 'failed', unitStatus: 1 });
    expect(row.message).toMatch(message);
    const download = await api(t.app, dealer).get('/fc-common-api/mpp/download', { data_seq: seq });
    expect(download.status).toBe(409);
  });

  it('the result CSV writes cells a spreadsheet would run as formulas with a leading quote', async () => {
    const content = ['part_no,price', '"=HYPERLINK(""http://x"")",1.00', '@SUM(A1),2.00', `${p3!.partNo},=1+2`, `+CMD,-3`].join('\n');
    const { seq } = await uploadAndProcess(dealer, content, 'formulas.csv');
    const download = await api(t.app, dealer).get('/fc-common-api/mpp/download', { data_seq: seq });
    expect(download.status).toBe(200);
    const rows = csvRows(download.text).slice(1);
    expect(rows.map((r) => [r[0], r[2], r[5]])).toEqual([
      ['\'=HYPERLINK("HTTP://X")', '1.00', 'UNKNOWN_PART'],
      ["'@SUM(A1)", '2.00', 'UNKNOWN_PART'],
      [p3!.partNo, "'=1+2", 'INVALID_ROW'],
      ["'+CMD", '-3', 'INVALID_ROW'],
    ]);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+@\t\r]/);
  });

  it('answers 409 for the download of a file still in progress', async () => {
    const res = await uploadPrice(dealer, `part_no,price\n${p1!.partNo},1.00\n`);
    const download = await api(t.app, dealer).get('/fc-common-api/mpp/download', { data_seq: res.body.data[0].attributes.sequence });
    expect(download.status).toBe(409);
    expect(download.body.errors[0].code).toBe('not-processed');
    await runJob(t.ctx, priceFileJob, res.body.data[0].attributes.sequence);
  });
});

describe('messages as codes, in the reader’s language', () => {
  it('the status and the list carry the message code and values beside the English detail', async () => {
    const { jobId, seq } = await uploadAndProcess(dealer, mixedFile, 'coded.csv');
    // The first test of this file already stored one of these prices: only the other one changes.
    const summary = { accepted: 2, total: 6, changed: 1, above: 1, unknown: 1, invalid: 2 };
    const status = (await api(t.app, dealer).get('/fc-common-api/mpp/status', { job_id: jobId })).body.data[0].attributes;
    expect(status).toMatchObject({ 'message-code': 'price-applied', 'message-values': summary });
    expect(status.message).toMatch(/2 of 6 prices accepted/);
    const listed = (await api(t.app, dealer).get('/fc-common-api/mpp/index')).body.data.find(
      (r: { id: string }) => r.id === String(seq),
    ).attributes;
    expect(listed).toMatchObject({ 'message-code': 'price-applied', 'message-values': summary });
  });

  it.each([
    [
      1,
      [
        'Aceptado',
        'No aceptado: 2.50 por encima del precio del programa',
        'No aceptado: la refacción no está en el catálogo',
        'Línea 5: price "abc" no es un importe como 12.34',
        'Línea 6: la refacción {p1} ya tiene precio en la línea 2',
        'Aceptado; la refacción no tiene precio del programa',
      ],
    ],
    [
      2,
      [
        'Accepté',
        'Refusé : 2.50 au-dessus du prix du programme',
        'Refusé : la pièce n’est pas au catalogue',
        'Ligne 5 : price « abc » n’est pas un montant comme 12.34',
        'Ligne 6 : la pièce {p1} a déjà un prix à la ligne 2',
        'Accepté ; la pièce n’a pas de prix du programme',
      ],
    ],
  ])(
    'the result CSV of a user whose session language is %i has its messages in that language, verdicts as codes',
    async (language, messages) => {
      const cookie = await loginAs(t.app, 'dealer2');
      expect((await api(t.app, cookie).post('/fc-common-api/users/language', { language })).status).toBe(200);
      try {
        const { seq } = await uploadAndProcess(cookie, mixedFile, `lang-${language}.csv`);
        const rows = csvRows((await api(t.app, cookie).get('/fc-common-api/mpp/download', { data_seq: seq })).text);
        expect(rows[0]).toEqual(['part_no', 'description', 'submitted_price', 'program_price', 'difference', 'verdict', 'message']);
        expect(rows.slice(1).map((r) => r[5])).toEqual(['OK', 'ABOVE_PROGRAM_PRICE', 'UNKNOWN_PART', 'INVALID_ROW', 'INVALID_ROW', 'OK']);
        expect(rows.slice(1).map((r) => r[6])).toEqual(messages.map((m) => m.replace('{p1}', p1!.partNo)));
      } finally {
        await api(t.app, cookie).post('/fc-common-api/users/language', { language: 0 });
      }
    },
  );
});

describe('upload checks (before anything is stored or processed)', () => {
  const big = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
  it.each([
    ['a .txt file', { filename: 'prices.txt', content: 'part_no,price\nA,1\n' }, 415, 'file-type'],
    ['a file over 20 MB', { filename: 'big.csv', content: big }, 413, 'file-too-large'],
    ['an empty file', { filename: 'empty.csv', content: '' }, 400, 'file-empty'],
    ['a blank file', { filename: 'blank.csv', content: '\n\n  \r\n' }, 400, 'file-empty'],
    ['a NUL byte', { filename: 'nul.csv', content: 'part_no,price\nA\u0000,1\n' }, 400, 'file-encoding'],
    [
      'invalid UTF-8',
      { filename: 'latin1.csv', content: Buffer.from([0x70, 0x2c, 0x71, 0x0a, 0xe9, 0x2c, 0x31, 0x0a]) },
      400,
      'file-encoding',
    ],
    [
      'binary content',
      { filename: 'image.csv', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]) },
      400,
      'file-encoding',
    ],
    ['too many rows', { filename: 'rows.csv', content: 'part_no,price\n' + 'A,1\n'.repeat(200_001) }, 400, 'file-rows'],
    ['too many columns', { filename: 'wide.csv', content: 'part_no,price' + ',x'.repeat(60) + '\n' }, 400, 'file-columns'],
    ['a line too long', { filename: 'long.csv', content: 'part_no,price\n' + 'A'.repeat(10_001) + ',1\n' }, 400, 'file-line'],
    ['the file in another field', { field: 'upload', filename: 'prices.csv', content: 'part_no,price\nA,1\n' }, 400, 'file-required'],
  ])(
    '%s: %i %s naming the file field; nothing is processed, the refusal is a failed file with the reason',
    async (_name, file, status, code) => {
      const last = await count(t.ctx, sql`select coalesce(max(seq), 0) as n from inbound_files`);
      const res = await api(t.app, dealer).upload('/fc-common-api/mpp/price', file);
      expect(res.status).toBe(status);
      expect(res.body.errors[0].code).toBe(code);
      expect(res.body.errors[0].source).toEqual({ pointer: '/file' });
      // A limit broken is named in meta (and in the unit's values), for the page to word (decision 0410).
      const limits: Record<string, unknown> = {
        'file-too-large': { max: 20 * 1024 * 1024 },
        'file-rows': { max: 200_001 },
        'file-columns': { line: 1, max: 50 },
        'file-line': { line: 2, max: 10_000 },
      };
      expect(res.body.errors[0].meta).toEqual(limits[code]);
      const added = await t.db
        .select()
        .from(inboundFiles)
        .where(sql`${inboundFiles.seq} > ${last}`);
      if (code === 'file-required') {
        // No file came with the request: there is nothing to show as a unit.
        expect(added).toEqual([]);
        return;
      }
      // Decision 0091: the bytes are not kept and nothing is queued; the refusal shows as a failed price file (13).
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({
        kind: 'price',
        fileName: file.filename,
        state: 'failed',
        unitStatus: 1,
        osReturnCode: 5,
        merchantNo: 1001,
        jobId: null,
        messageCode: 'upload-refused',
        messageValues: { reason: code, ...(limits[code] ?? {}) },
      });
      expect(added[0]!.content.length).toBe(0);
      const listed = (await api(t.app, dealer).get('/fc-common-api/mpp/index')).body.data.find(
        (r: { id: string }) => r.id === String(added[0]!.seq),
      );
      expect(listed.attributes).toMatchObject({ status: 13, 'message-code': 'upload-refused', 'message-values': { reason: code } });
      expect(listed.attributes.message).toMatch(/^The file was refused at upload: /);
      const units = (await api(t.app, dealer).get('/fc-common-api/file-status')).body.data.flatMap(
        (g: { attributes: { units: { seq: number }[] } }) => g.attributes.units,
      );
      expect(units.find((u: { seq: number }) => u.seq === added[0]!.seq)).toMatchObject({ status: 1, 'status-msg-code': 'upload-refused' });
      expect(
        await count(
          t.ctx,
          sql`select count(*) as n from audit_log where entity = 'inbound_file' and action = 'refused' and entity_id = ${String(added[0]!.seq)}
                and after->'message'->>'code' = 'upload-refused' and after->'message'->'values'->>'reason' = ${code}`,
        ),
      ).toBe(1);
    },
  );

  it('refuses a request that is not multipart', async () => {
    const res = await api(t.app, dealer).post('/fc-common-api/mpp/price', {});
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('file-required');
  });

  it('keeps only the base name of the file, without control characters', async () => {
    const res = await uploadPrice(dealer, `part_no,price\n${p1!.partNo},1.00\n`, '..\\..\\etc/evil\u0007name.CSV');
    expect(res.status).toBe(202);
    const row = await fileRow(t.ctx, res.body.data[0].attributes.sequence);
    expect(row.fileName).toBe('evilname.CSV');
    await runJob(t.ctx, priceFileJob, row.seq);
  });

  it('accepts a UTF-8 byte-order mark and CRLF line ends', async () => {
    const { seq } = await uploadAndProcess(dealer, `\ufeffpart_no,price\r\n${p2!.partNo},${price(p2!, -1)}\r\n`, 'bom.csv');
    expect(await fileRow(t.ctx, seq)).toMatchObject({ state: 'done', unitStatus: 0 });
  });
});

describe('who sees which price files', () => {
  let seq: number;
  let jobId: string;
  beforeAll(async () => {
    ({ seq, jobId } = await uploadAndProcess(dealer, `part_no,price\n${p1!.partNo},1.00\n`, 'mine.csv'));
  });

  it('another dealer neither lists, polls nor downloads it', async () => {
    const list = await api(t.app, dealer2).get('/fc-common-api/mpp/index');
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).not.toContain(String(seq));
    expect((await api(t.app, dealer2).get('/fc-common-api/mpp/status', { job_id: jobId })).status).toBe(404);
    expect((await api(t.app, dealer2).get('/fc-common-api/mpp/download', { data_seq: seq })).status).toBe(404);
    const units = (await api(t.app, dealer2).get('/fc-common-api/file-status')).body.data.flatMap(
      (g: { attributes: { units: { seq: number }[] } }) => g.attributes.units,
    );
    expect(units.map((u: { seq: number }) => u.seq)).not.toContain(seq);
  });

  it('corporate staff see every dealer’s files', async () => {
    const list = await api(t.app, corp).get('/fc-common-api/mpp/index');
    expect(list.body.data.map((r: { id: string }) => r.id)).toContain(String(seq));
    expect((await api(t.app, corp).get('/fc-common-api/mpp/download', { data_seq: seq })).status).toBe(200);
  });

  it('customers may not use price files at all', async () => {
    expect((await api(t.app, customer).get('/fc-common-api/mpp/index')).status).toBe(403);
    expect((await uploadPrice(customer, 'part_no,price\nA,1\n')).status).toBe(403);
    expect((await api(t.app, customer).get('/fc-common-api/file-status')).status).toBe(403);
    expect((await api(t.app).get('/fc-common-api/mpp/index')).status).toBe(401);
  });

  it('a corporate upload names the dealer (merchant_no); a dealer cannot upload for another', async () => {
    const missing = await uploadPrice(corp, 'part_no,price\nA,1\n');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ code: 'required', source: { pointer: '/merchant_no' } });
    const forDealer2 = await uploadPrice(corp, `part_no,price\n${p1!.partNo},1.00\n`, 'for-1003.csv', { merchant_no: '1003' });
    expect(forDealer2.status).toBe(202);
    expect((await fileRow(t.ctx, forDealer2.body.data[0].attributes.sequence)).merchantNo).toBe(1003);
    const list = await api(t.app, dealer2).get('/fc-common-api/mpp/index');
    expect(list.body.data.map((r: { id: string }) => r.id)).toContain(String(forDealer2.body.data[0].attributes.sequence));
    const other = await uploadPrice(dealer, 'part_no,price\nA,1\n', 'x.csv', { merchant_no: '1003' });
    expect(other.status).toBe(403);
    // Only a merchant number that a dealer login carries names a dealer (decision 0092).
    const before = await count(t.ctx, sql`select count(*) as n from inbound_files`);
    const nobody = await uploadPrice(corp, `part_no,price\n${p1!.partNo},1.00\n`, 'for-nobody.csv', { merchant_no: '4242' });
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors[0]).toMatchObject({ code: 'unknown-merchant', source: { pointer: '/merchant_no' } });
    await t.db.update(users).set({ merchantNo: 5555 }).where(eq(users.username, 'corpview'));
    const notDealer = await uploadPrice(corp, `part_no,price\n${p1!.partNo},1.00\n`, 'for-corpview.csv', { merchant_no: '5555' });
    expect(notDealer.body.errors?.[0]?.code).toBe('unknown-merchant');
    expect(await count(t.ctx, sql`select count(*) as n from inbound_files`)).toBe(before);
    // A dealer login that is disabled still names its dealer.
    await t.db.update(users).set({ disabled: true }).where(eq(users.username, 'intl'));
    const forDisabled = await uploadPrice(corp, `part_no,price\n${p1!.partNo},1.00\n`, 'for-1002.csv', { merchant_no: '1002' });
    expect(forDisabled.status).toBe(202);
    await t.db.update(users).set({ disabled: false }).where(eq(users.username, 'intl'));
    await runJob(t.ctx, priceFileJob, forDisabled.body.data[0].attributes.sequence);
    const unknownField = await uploadPrice(dealer, 'part_no,price\nA,1\n', 'x.csv', { evil: '1' });
    expect(unknownField.status).toBe(400);
    await runJob(t.ctx, priceFileJob, forDealer2.body.data[0].attributes.sequence);
  });

  it('rejects unknown query parameters and a bad data_seq', async () => {
    expect((await api(t.app, dealer).get('/fc-common-api/mpp/index', { foo: 1 })).status).toBe(400);
    expect((await api(t.app, dealer).get('/fc-common-api/mpp/download', { data_seq: 'x' })).status).toBe(400);
    expect((await api(t.app, dealer).get('/fc-common-api/mpp/status')).status).toBe(400);
  });
});
