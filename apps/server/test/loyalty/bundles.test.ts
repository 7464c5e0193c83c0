import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { codesFromMessage } from '@fc/contract/loyalty';
import { auditLog, inboundFiles, loyaltyBundles, loyaltyItemCodes } from '../../src/db/schema/index';
import { api } from '../helpers/http';
import { fileApp, signInAll } from '../helpers/demo-app';
import { attrs, codes, createBundle, createTemplate, pointerOf } from './helpers';
import { itemCodeFileJob } from '../../src/modules/loyalty/item-code-import';
import { runJob } from '../files/helpers';

const t = fileApp();
let corp: string;
let corpview: string;

beforeAll(async () => {
  [corp, corpview] = await signInAll(t.app, ['corp', 'corpview']);
});

const post = (url: string, body: unknown) => api(t.app, corp).post(url, body);
const addCodes = (bundle: number, body: unknown) => post(`/fc-common-api/loyalty/bundle/${bundle}/item_codes/add`, body);
const importFile = (bundle: number, content: string, filename = 'codes.csv', cookie = corp) =>
  api(t.app, cookie).upload(`/fc-common-api/loyalty/bundles/${bundle}/item-codes/add/csv`, { filename, content, contentType: 'text/csv' });
const codesOf = async (bundle: number) =>
  (await t.db.select().from(loyaltyItemCodes).where(eq(loyaltyItemCodes.bundleSeq, bundle))).map((r) => r.itemCode).sort();

describe('bundles', () => {
  it('bundle/add: name required (ALB02), at most 64, unique in any case (ALB01); description and comment at most 200; audited', async () => {
    let res = await post('/fc-common-api/loyalty/bundle/add', { fc_loyalty_bundle: { name: ' ' } });
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['ALB02']);
    expect(pointerOf(res.body, 'ALB02')).toBe('/fc_loyalty_bundle/name');
    expect(codes((await post('/fc-common-api/loyalty/bundle/add', { fc_loyalty_bundle: {} })).body)).toEqual(['ALB02']);
    res = await post('/fc-common-api/loyalty/bundle/add', { fc_loyalty_bundle: { name: 'n'.repeat(65) } });
    expect(pointerOf(res.body, 'maxLength')).toBe('/fc_loyalty_bundle/name');
    res = await post('/fc-common-api/loyalty/bundle/add', {
      fc_loyalty_bundle: { name: 'Long', description: 'd'.repeat(201), comment: 'c'.repeat(201) },
    });
    expect(pointerOf(res.body, 'maxLength')).toBeDefined();
    expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/fc_loyalty_bundle/comment',
      '/fc_loyalty_bundle/description',
    ]);

    const seq = await createBundle(t.app, corp, 'Brakes', 'Brake parts');
    res = await post('/fc-common-api/loyalty/bundle/add', { fc_loyalty_bundle: { name: 'BRAKES' } });
    expect(codes(res.body)).toEqual(['ALB01']);
    expect(pointerOf(res.body, 'ALB01')).toBe('/fc_loyalty_bundle/name');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'loyalty_bundle'), eq(auditLog.entityId, String(seq))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('GET loyalty-bundles: the section 3 row fields, usedInTemplates and isDeactivatable; default bundle_id asc; sort by name; status filter; search', async () => {
    const filters = await createBundle(t.app, corp, 'Filters');
    await createTemplate(t.app, corp, 'Uses filters', undefined, { bundle_seq: filters, bundle_type: 'Include' });
    await createTemplate(t.app, corp, 'Also filters', undefined, { bundle_seq: filters, bundle_type: 'Exclude' });
    const res = await api(t.app, corpview).get('/fc-common-api/loyalty-bundles');
    expect(res.status).toBe(200);
    const rows = attrs(res.body);
    expect(rows.map((r) => r['bundle-id'])).toEqual([...rows.map((r) => r['bundle-id'])].sort((a, b) => a - b));
    expect(rows.find((r) => r['bundle-id'] === filters)).toMatchObject({
      'bundle-name': 'Filters',
      status: 'Active',
      'used-in-templates': 'Also filters, Uses filters',
      'used-in-template-names': ['Also filters', 'Uses filters'],
      'modified-by': 'corp',
      'is-deactivatable': false,
    });
    expect(rows.find((r) => r['bundle-name'] === 'Brakes')).toMatchObject({
      'used-in-templates': '',
      'used-in-template-names': [],
      'is-deactivatable': true,
      description: 'Brake parts',
    });
    expect(String(rows[0]!['last-modified'])).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const byName = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-bundles', { 'filter[sort]': 'bundle_name|asc' })).body);
    expect(byName.map((r) => r['bundle-name'])).toEqual(['Brakes', 'Filters']);
    const search = await api(t.app, corp).get('/fc-common-api/loyalty-bundles', { 'filter[search]': 'uses filt' });
    expect(attrs(search.body).map((r) => r['bundle-name'])).toEqual(['Filters']);
    const active = await api(t.app, corp).get('/fc-common-api/loyalty-bundles', {
      'filter[status]': 'Active',
      'filter[sort]': 'bundle_name|asc',
    });
    expect(active.body.meta.record_count).toBe(2);

    // A template name may hold a comma: the names also come one by one, for the deactivate dialog's list.
    const mirrors = await createBundle(t.app, corp, 'Mirrors');
    await createTemplate(t.app, corp, 'Mirrors, glass', undefined, { bundle_seq: mirrors, bundle_type: 'Include' });
    const mirrorsRow = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-bundles', { 'filter[search]': 'Mirrors' })).body);
    expect(mirrorsRow).toHaveLength(1);
    expect(mirrorsRow[0]).toMatchObject({ 'used-in-templates': 'Mirrors, glass', 'used-in-template-names': ['Mirrors, glass'] });
  });

  it('bundle/{id}/update: changes name, description and comment; ALB01 against another bundle; 404 unknown', async () => {
    const seq = await createBundle(t.app, corp, 'Lights');
    let res = await post(`/fc-common-api/loyalty/bundle/${seq}/update`, {
      fc_loyalty_bundle: { name: 'Lamps', description: 'All lamps', comment: 'renamed', bundle_seq: seq },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(loyaltyBundles).where(eq(loyaltyBundles.bundleSeq, seq));
    expect(row).toMatchObject({ name: 'Lamps', description: 'All lamps', comment: 'renamed', modifiedBy: 'corp' });
    res = await post(`/fc-common-api/loyalty/bundle/${seq}/update`, { fc_loyalty_bundle: { name: 'brakes' } });
    expect(codes(res.body)).toEqual(['ALB01']);
    res = await post(`/fc-common-api/loyalty/bundle/${seq}/update`, { fc_loyalty_bundle: { name: 'Lamps', bundle_seq: seq + 1 } });
    expect(res.status).toBe(400);
    expect((await post('/fc-common-api/loyalty/bundle/999999/update', { fc_loyalty_bundle: { name: 'x' } })).status).toBe(404);
    expect((await post('/fc-common-api/loyalty/bundle/abc/update', { fc_loyalty_bundle: { name: 'x' } })).status).toBe(400);
  });

  it('bundle/deactivate: only when no active template uses it; optional comment at most 200; an inactive bundle allows no change', async () => {
    const filters = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-bundles', { 'filter[search]': 'Filters' })).body)[0]![
      'bundle-id'
    ] as number;
    let res = await post('/fc-common-api/loyalty/bundle/deactivate', { bundle_seq: filters });
    expect(codes(res.body)).toEqual(['bundle-in-use']);

    const seq = await createBundle(t.app, corp, 'Old stock');
    await createTemplate(t.app, corp, 'Old user', undefined, { bundle_seq: seq, bundle_type: 'Include' });
    const user = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-programs', { 'filter[search]': 'Old user' })).body)[0]!;
    await post('/fc-common-api/loyalty/program_deactivate', { loyalty_program_seq: user['loyalty-program-seq'] });
    expect(attrs((await api(t.app, corp).get('/fc-common-api/loyalty-bundles', { 'filter[search]': 'Old stock' })).body)[0]).toMatchObject({
      'used-in-templates': 'Old user',
      'is-deactivatable': true,
    });
    res = await post('/fc-common-api/loyalty/bundle/deactivate', { bundle_seq: seq, comment: 'c'.repeat(201) });
    expect(pointerOf(res.body, 'maxLength')).toBe('/comment');
    res = await post('/fc-common-api/loyalty/bundle/deactivate', { bundle_seq: seq, comment: 'Discontinued line' });
    expect(res.status).toBe(200);
    expect(res.body.data[0].attributes).toMatchObject({ status: 'success', success: true });

    const details = await api(t.app, corpview).get('/fc-common-api/loyalty/bundle', { bundle_seq: seq });
    expect(details.body.data[0].attributes).toMatchObject({
      'bundle-seq': seq,
      'bundle-id': seq,
      'bundle-name': 'Old stock',
      status: 1,
      'deactivate-comment': 'Discontinued line',
    });
    expect(codes((await post('/fc-common-api/loyalty/bundle/deactivate', { bundle_seq: seq })).body)).toEqual(['bundle-inactive']);
    expect(codes((await post(`/fc-common-api/loyalty/bundle/${seq}/update`, { fc_loyalty_bundle: { name: 'Again' } })).body)).toEqual([
      'bundle-inactive',
    ]);
    expect(codes((await addCodes(seq, { item_codes: ['1'] })).body)).toEqual(['bundle-inactive']);
    expect(codes((await importFile(seq, 'item_code\n1\n')).body)).toEqual(['bundle-inactive']);
    expect((await post('/fc-common-api/loyalty/bundle/deactivate', { bundle_seq: 999999 })).status).toBe(404);
  });

  it('GET loyalty/bundle: 404 bundle-not-found for an unknown bundle; bundle/csv exports the rows', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/loyalty/bundle', { bundle_seq: 999999 });
    expect(res.status).toBe(404);
    expect(codes(res.body)).toEqual(['bundle-not-found']);
    await createBundle(t.app, corp, '@SUM(A1)', 'formula');
    const csv = await api(t.app, corpview).get('/fc-common-api/loyalty/bundle/csv', { 'filter[sort]': 'bundle_name|asc' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/loyalty-bundles-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('Bundle ID,Bundle Name,Status,Description,Used In Templates,Last Modified,Modified By');
    expect(lines[1]).toMatch(/^\d+,'@SUM\(A1\),Active,formula,,/);
  });
});

describe('item codes', () => {
  let bundle: number;
  beforeAll(async () => {
    bundle = await createBundle(t.app, corp, 'Codes');
  });

  it('add: codes padded to 5, upper-cased, with descriptions and a comment; bundle last modified moves; audited', async () => {
    const res = await addCodes(bundle, {
      item_codes: [{ item_code: '12', description: 'Pads' }, { item_code: 'ab1' }, '00300'],
      comment: 'first batch',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0].attributes).toMatchObject({ status: 'success', added: 3 });
    expect(await codesOf(bundle)).toEqual(['00012', '00300', '00AB1']);
    const [pads] = await t.db.select().from(loyaltyItemCodes).where(eq(loyaltyItemCodes.itemCode, '00012'));
    expect(pads).toMatchObject({ description: 'Pads', comment: 'first batch', modifiedBy: 'corp' });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'add-item-codes'));
    expect(audits).toHaveLength(1);
  });

  it('add: ALB15 for codes twice in the request, ALB16 for codes already in the bundle (codes after the colon), format and limits', async () => {
    let res = await addCodes(bundle, { item_codes: ['7', '00007', '8', '8'] });
    expect(codes(res.body)).toEqual(['ALB15']);
    expect(res.body.errors[0].detail).toBe('Duplicate item codes: 00007,00008');
    res = await addCodes(bundle, { item_codes: ['12', '99', 'AB1'] });
    expect(codes(res.body)).toEqual(['ALB16']);
    expect(res.body.errors[0].detail).toBe('Invalid or already in bundle: 00012,00AB1');
    expect(await codesOf(bundle)).toEqual(['00012', '00300', '00AB1']);
    // Malformed codes are ALB16 too, listed with the codes already in the bundle as the form pads them.
    res = await addCodes(bundle, { item_codes: ['123456', 'a-1', { item_code: '12' }, 'é', '77'] });
    expect(res.status).toBe(400);
    expect(
      res.body.errors.map((e: { code: string; detail: string; source: { pointer: string } }) => [e.code, e.detail, e.source.pointer]),
    ).toEqual([['ALB16', 'Invalid or already in bundle: 123456,00A-1,00012,0000É', '/item_codes']]);
    expect(codesFromMessage(res.body.errors[0].detail)).toEqual(['123456', '00A-1', '00012', '0000É']);
    expect(await codesOf(bundle)).toEqual(['00012', '00300', '00AB1']);
    // An empty code, or text far longer than a code, is still a field error of its entry.
    res = await addCodes(bundle, { item_codes: ['1', '', 'x'.repeat(41)] });
    expect(res.body.errors.map((e: { code: string; source: { pointer: string } }) => [e.code, e.source.pointer])).toEqual([
      ['required', '/item_codes/1/item_code'],
      ['maxLength', '/item_codes/2/item_code'],
    ]);
    res = await addCodes(bundle, { item_codes: Array.from({ length: 251 }, (_, i) => String(i + 1000)) });
    expect(codes(res.body)).toEqual(['max-item-codes']);
    res = await addCodes(bundle, { item_codes: Array.from({ length: 250 }, (_, i) => String(i + 1000)) });
    expect(res.status).toBe(200);
    expect(codes((await addCodes(bundle, { item_codes: [] })).body)).toEqual(['required']);
    expect((await addCodes(999999, { item_codes: ['1'] })).status).toBe(404);
  });

  it('GET loyalty-item-codes: default item_code asc, search, sort, paging; filter[bundle_seq] required; unknown bundle 404', async () => {
    const res = await api(t.app, corpview).get('/fc-common-api/loyalty-item-codes', { 'filter[bundle_seq]': bundle, 'page[size]': 5 });
    expect(res.status).toBe(200);
    expect(res.body.meta.record_count).toBe(253);
    expect(attrs(res.body).map((r) => r['item-code'])).toEqual(['00012', '00300', '00AB1', '01000', '01001']);
    expect(Object.keys(attrs(res.body)[0]!)).toEqual(
      expect.arrayContaining(['item-code-seq', 'item-code', 'description', 'comment', 'date-added', 'last-modified', 'modified-by']),
    );
    const search = await api(t.app, corp).get('/fc-common-api/loyalty-item-codes', {
      'filter[bundle_seq]': bundle,
      'filter[search]': 'pads',
    });
    expect(attrs(search.body).map((r) => r['item-code'])).toEqual(['00012']);
    const desc = await api(t.app, corp).get('/fc-common-api/loyalty-item-codes', {
      'filter[bundle_seq]': bundle,
      'filter[sort]': 'item_code|desc',
      'page[size]': 1,
      'page[number]': 2,
    });
    expect(attrs(desc.body).map((r) => r['item-code'])).toEqual(['01248']);
    expect((await api(t.app, corp).get('/fc-common-api/loyalty-item-codes')).status).toBe(400);
    expect((await api(t.app, corp).get('/fc-common-api/loyalty-item-codes', { 'filter[bundle_seq]': 999999 })).status).toBe(404);
  });

  it('update by itemCodeSeq: description required, comment, a new code unless already in the bundle (ALB16)', async () => {
    const [row] = await t.db.select().from(loyaltyItemCodes).where(eq(loyaltyItemCodes.itemCode, '00300'));
    const url = `/fc-common-api/loyalty/bundles/${bundle}/item-codes/${row!.itemCodeSeq}/update`;
    expect(pointerOf((await post(url, { description: '' })).body, 'required')).toBe('/description');
    let res = await post(url, { item_code: '12', description: 'Taken' });
    expect(codes(res.body)).toEqual(['ALB16']);
    expect(res.body.errors[0].detail).toBe('Invalid or already in bundle: 00012');
    res = await post(url, { item_code: '301', description: 'Rotor', comment: 'renamed' });
    expect(res.status).toBe(200);
    const [after] = await t.db.select().from(loyaltyItemCodes).where(eq(loyaltyItemCodes.itemCodeSeq, row!.itemCodeSeq));
    expect(after).toMatchObject({ itemCode: '00301', description: 'Rotor', comment: 'renamed' });
    expect((await post(`/fc-common-api/loyalty/bundles/${bundle}/item-codes/999999/update`, { description: 'x' })).status).toBe(404);
  });

  it('delete by code (padded); 404 when not in the bundle; audited', async () => {
    let res = await post(`/fc-common-api/loyalty/bundles/${bundle}/item-codes/301/delete`, {});
    expect(res.status).toBe(200);
    expect(await codesOf(bundle)).not.toContain('00301');
    res = await post(`/fc-common-api/loyalty/bundles/${bundle}/item-codes/00301/delete`, {});
    expect(res.status).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'loyalty_item_code'), eq(auditLog.action, 'delete')));
    expect(audits).toHaveLength(1);
  });

  it('item-codes csv: loyalty-item-codes-{bundle name}-{date}.csv with search and sort', async () => {
    const res = await api(t.app, corpview).get(`/fc-common-api/loyalty/bundles/${bundle}/item-codes/csv`, {
      'filter[search]': '0101',
      'filter[sort]': 'item_code|desc',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="loyalty-item-codes-Codes-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe('Item Code,Description,Comment,Date Added,Last Modified,Modified By');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      '01019',
      '01018',
      '01017',
      '01016',
      '01015',
      '01014',
      '01013',
      '01012',
      '01011',
      '01010',
    ]);
    expect((await api(t.app, corp).get('/fc-common-api/loyalty/bundles/999999/item-codes/csv')).status).toBe(404);
  });
});

describe('bulk import (bundles/{bundle}/item-codes/add/csv)', () => {
  let bundle: number;
  beforeAll(async () => {
    bundle = await createBundle(t.app, corp, 'Imported');
    await addCodes(bundle, { item_codes: ['50000'] });
  });

  it('a file with bad rows: 400 with one error per row, nothing added, the file recorded as a failed item-codes unit', async () => {
    const res = await importFile(bundle, 'item_code,description\n1,One\n2,Two\n2,Again\n12345678,Long\n50000,Held\n\n3,Three\n');
    expect(res.status).toBe(400);
    expect(
      res.body.errors.map((e: { code: string; detail: string; meta: { row: number } }) => [e.code, e.meta?.row ?? null, e.detail]),
    ).toEqual([
      ['ALB15', 4, 'Row 4: duplicate item code (also on row 3): 00002'],
      ['ALB16', 5, 'Row 5: invalid item code: 12345678'],
      ['ALB16', 6, 'Row 6: already in the bundle: 50000'],
    ]);
    // Each row's reason as a code with values, which the page shows in its reader's language (decision 0410).
    expect(res.body.errors.map((e: { meta?: { reason?: unknown } }) => e.meta?.reason)).toEqual([
      { code: 'bundle-code-repeated', values: { value: '00002', first: 3 }, line: 4 },
      { code: 'bundle-code-invalid', values: { value: '12345678' }, line: 5 },
      { code: 'bundle-code-held', values: { value: '50000' }, line: 6 },
    ]);
    expect(await codesOf(bundle)).toEqual(['50000']);
    const [file] = await t.db.select().from(inboundFiles).where(eq(inboundFiles.kind, 'item-codes'));
    expect(file).toMatchObject({
      fileName: 'codes.csv',
      state: 'failed',
      unitStatus: 1,
      osReturnCode: 1,
      rowsDone: 0,
      params: { bundleSeq: bundle, bundleName: 'Imported' },
    });
    expect(file!.message).toMatch(/^3 rows refused; nothing was imported/);
    expect(file!.messageCode).toBe('item-codes-refused');
    expect(file!.messageValues).toEqual({
      refused: 3,
      bundle: 'Imported',
      rejects: [
        { code: 'bundle-code-repeated', values: { value: '00002', first: 3 }, line: 4 },
        { code: 'bundle-code-invalid', values: { value: '12345678' }, line: 5 },
        { code: 'bundle-code-held', values: { value: '50000' }, line: 6 },
      ],
    });
  });

  it('a good file: every code added in one go, data[0].status success, recorded as a successful unit; audited', async () => {
    const res = await importFile(bundle, '\ufeffItem Code,Description\n1,One\n2,"Two, with comma"\nab,Letters\n', 'good.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0].attributes).toMatchObject({ status: 'success', added: 3 });
    expect(await codesOf(bundle)).toEqual(['00001', '00002', '000AB', '50000']);
    const [two] = await t.db
      .select()
      .from(loyaltyItemCodes)
      .where(and(eq(loyaltyItemCodes.bundleSeq, bundle), eq(loyaltyItemCodes.itemCode, '00002')));
    expect(two!.description).toBe('Two, with comma');
    const files = await t.db.select().from(inboundFiles).where(eq(inboundFiles.fileName, 'good.csv'));
    expect(files[0]).toMatchObject({
      state: 'done',
      unitStatus: 0,
      osReturnCode: 0,
      rowsTotal: 3,
      rowsDone: 3,
      message: '3 item codes added to bundle Imported.',
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'import-item-codes'));
    expect(audits).toHaveLength(1);
    // The file's outcome is audited by its code and values, which the audit page words in the reader's language.
    const [processed] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'inbound_file'), eq(auditLog.action, 'processed'), eq(auditLog.entityId, String(files[0]!.seq))));
    expect(processed!.after).toMatchObject({ message: { code: 'item-codes-added', values: { added: 3, bundle: 'Imported' } } });
    // Both imports are units of the file-status page.
    const status = await api(t.app, corp).get('/fc-common-api/file-status');
    expect(status.status).toBe(200);
    expect(status.text).toContain('good.csv');
    expect(status.text).toContain('codes.csv');
  });

  it('checks the file before any work: type, emptiness, header', async () => {
    expect(codes((await importFile(bundle, 'item_code\n1\n', 'codes.txt')).body)).toEqual(['file-type']);
    expect(codes((await importFile(bundle, '')).body)).toEqual(['file-empty']);
    expect(codes((await importFile(bundle, 'code,description\n1,x\n')).body)).toEqual(['import-header']);
    expect(codes((await importFile(bundle, 'item_code\n')).body)).toEqual(['file-empty']);
    // A file csv-parse cannot read: its English stays in detail, the page reads the reason's code (decision 0410).
    const unreadable = await importFile(bundle, 'item_code,description\n1,"never closed\n2,x\n');
    expect(unreadable.body.errors[0]).toMatchObject({ code: 'file-format', meta: { reason: { code: 'csv-unreadable' } } });
    expect(unreadable.body.errors[0].meta.reason.values.line).toBeGreaterThan(1);
    expect((await importFile(bundle, 'code,description\n1,x\n')).body.errors[0].meta).toEqual({
      row: 1,
      reason: { code: 'import-header' },
    });
    expect((await importFile(999999, 'item_code\n1\n')).status).toBe(404);
    expect((await importFile(bundle, 'item_code\n77\n', 'codes.csv', corpview)).status).toBe(403);
  });

  it('runs as the item-codes file job: the job of a unit its request ended does nothing; a unit left queued is imported by it', async () => {
    const res = await importFile(bundle, 'item_code\n61\n', 'job.csv');
    expect(res.status).toBe(200);
    const [unit] = await t.db.select().from(inboundFiles).where(eq(inboundFiles.fileName, 'job.csv'));
    expect(unit!.jobId).toBeTruthy();
    await runJob(t.ctx, itemCodeFileJob, unit!.seq);
    expect((await codesOf(bundle)).filter((c) => c === '00061')).toHaveLength(1);
    expect((await t.db.select().from(inboundFiles).where(eq(inboundFiles.seq, unit!.seq)))[0]).toMatchObject({
      state: 'done',
      rowsDone: 1,
    });
    // A unit whose request died before running it (its held job takes it over).
    const [queued] = await t.db
      .insert(inboundFiles)
      .values({
        kind: 'item-codes',
        fileName: 'left.csv',
        content: Buffer.from('item_code\n62\n63\n'),
        byteSize: 16,
        sha256: '',
        params: { bundleSeq: bundle, bundleName: 'Imported', actor: { userId: null, username: 'corp', requestId: 'test' } },
      })
      .returning({ seq: inboundFiles.seq });
    await runJob(t.ctx, itemCodeFileJob, queued!.seq);
    expect(await codesOf(bundle)).toEqual(expect.arrayContaining(['00062', '00063']));
    expect((await t.db.select().from(inboundFiles).where(eq(inboundFiles.seq, queued!.seq)))[0]).toMatchObject({
      state: 'done',
      unitStatus: 0,
      rowsTotal: 2,
      rowsDone: 2,
      messageCode: 'item-codes-added',
    });
  });

  it('caps the errors listed at 20 and sums up the rest', async () => {
    const rows = Array.from({ length: 30 }, () => '!!').join('\n');
    const res = await importFile(bundle, `item_code\n${rows}\n`);
    expect(res.body.errors).toHaveLength(21);
    expect(res.body.errors[20]).toMatchObject({ code: 'import-more-errors', detail: '10 more rows have errors.' });
  });
});
