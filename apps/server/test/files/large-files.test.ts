import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { byteaAsBase64, inboundFiles } from '../../src/db/schema/index';
import { batchSizeFor } from '../../src/modules/inbound-files/csv';
import { claimFile } from '../../src/modules/inbound-files/job';
import { SLICE_ROWS } from '../../src/modules/files/price-check';
import { priceFileJob } from '../../src/modules/files/price-job';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { fileRow, pricedParts, runJob, seedCatalogue } from './helpers';

/**
 * What keeps a large file from holding the server's event loop (bench:import): on PGlite every statement
 * runs on that loop, so file bytes travel as base64 (PGlite turns a bytea parameter into text in
 * JavaScript, about a second per 2.5 MB) and rows are merged in small batches.
 */
let t: TestApp;
let dealer: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  await seedCatalogue(t.ctx);
  dealer = await loginAs(t.app, 'dealer');
});

afterAll(async () => {
  await t?.close();
});

/** Until the upload request's end no longer counts as traffic the job paces itself around (jobs/foreground.ts). */
async function quiet() {
  while (t.ctx.foreground!.busy()) await new Promise((r) => setTimeout(r, 20));
}

describe('large files and the event loop', () => {
  it('file bytes are written as base64 text that the database decodes, and read back as base64', () => {
    const content = Buffer.from('part_no,price\n');
    const insert = t.db
      .insert(inboundFiles)
      .values({ kind: 'price', fileName: 'x.csv', content, byteSize: content.length, sha256: '' })
      .toSQL();
    expect(insert.sql).toContain(`decode($`);
    expect(insert.params).toContain(content.toString('base64'));
    expect(insert.params.some((p) => p instanceof Uint8Array)).toBe(false);
    const read = t.db
      .select({ content: byteaAsBase64(inboundFiles.content) })
      .from(inboundFiles)
      .toSQL();
    expect(read.sql).toContain(`encode("content", 'base64')`);
  });

  it('keeps every byte of a file through upload, claim and result (a byte-order mark, accents, CRLF)', async () => {
    const [p1] = pricedParts;
    const content = Buffer.from(`\ufeffpart_no,price\r\n${p1!.partNo},1.00\r\nÉTÉ-Ü,2.00\r\n`, 'utf8');
    const res = await api(t.app, dealer).upload('/fc-common-api/mpp/price', { filename: 'bytes.csv', content, contentType: 'text/csv' });
    expect(res.status).toBe(202);
    const seq = res.body.data[0].attributes.sequence as number;
    const [stored] = await t.db
      .select({ content: byteaAsBase64(inboundFiles.content) })
      .from(inboundFiles)
      .where(eq(inboundFiles.seq, seq));
    expect(Buffer.compare(stored!.content!, content)).toBe(0);
    // The job reads the same bytes (the claim answers the content as base64 too).
    const claimed = await claimFile(t.ctx, seq);
    expect(Buffer.compare(claimed!.content, content)).toBe(0);
    await t.db.update(inboundFiles).set({ state: 'queued' }).where(eq(inboundFiles.seq, seq));
    await runJob(t.ctx, priceFileJob, seq);
    const download = await api(t.app, dealer).get('/fc-common-api/mpp/download', { data_seq: seq });
    expect(download.status).toBe(200);
    expect(download.text).toContain('ÉTÉ-Ü,,2.00,,,UNKNOWN_PART');
  });

  /**
   * Uploads a file of `rows` prices and runs its job once nothing else is served (or while a request is in
   * flight, `serving`); answers the number of rows of each merge statement.
   */
  const mergeSizes = async (rows: number, price: string, serving = false) => {
    const content = ['part_no,price', ...Array.from({ length: rows }, (_, i) => `BATCH-${i},${price}`)].join('\n');
    const res = await api(t.app, dealer).upload('/fc-common-api/mpp/price', { filename: 'batches.csv', content, contentType: 'text/csv' });
    const seq = res.body.data[0].attributes.sequence as number;
    const merges: number[] = [];
    const query = t.ctx.database.query;
    t.ctx.database.query = (async (text: string, params?: unknown[]) => {
      if (text.includes('json_to_recordset')) merges.push((JSON.parse(String(params![2])) as unknown[]).length);
      return query(text, params);
    }) as typeof query;
    await quiet();
    const ended = serving ? t.ctx.foreground!.started() : () => {};
    try {
      await runJob(t.ctx, priceFileJob, seq);
    } finally {
      ended();
      t.ctx.database.query = query;
    }
    expect(await fileRow(t.ctx, seq)).toMatchObject({ state: 'done', osReturnCode: 0 });
    expect(merges.reduce((a, b) => a + b, 0)).toBe(rows);
    return merges;
  };

  it('merges a price file in statements of at most batchSizeFor rows (250 on PGlite)', async () => {
    const merges = await mergeSizes(1_100, '1.00');
    const size = batchSizeFor(t.ctx);
    expect(size).toBe(t.ctx.database.kind === 'pglite' ? 250 : 2000);
    expect(Math.max(...merges)).toBeLessThanOrEqual(size);
    expect(merges).toHaveLength(Math.ceil(1_100 / size));
  });

  it('while requests are being served, merges are of at most SLICE_ROWS rows (a request waits behind a short one)', async () => {
    // On PostgreSQL the whole file is one statement when nobody else is served (PGlite's batches are 250 rows anyway).
    expect(Math.max(...(await mergeSizes(1_100, '2.00')))).toBe(Math.min(1_100, batchSizeFor(t.ctx)));
    expect(Math.max(...(await mergeSizes(1_100, '3.00', true)))).toBeLessThanOrEqual(SLICE_ROWS);
  });

  it('a file of PRICE_WORKER_MIN_ROWS rows or more is checked in a worker thread, with the same result', async () => {
    const content = [
      'part_no,price',
      ...pricedParts.map((p, i) => `${p.partNo},${(Number(p.programPrice) + (i % 3 === 0 ? 1 : -0.01)).toFixed(2)}`),
      ...Array.from({ length: 300 }, (_, i) => `UNKNOWN-${i},1.00`),
      `${pricedParts[0]!.partNo},1.00`,
      'BAD,n/a',
      '"=HYPERLINK(""x"")",1.00',
    ].join('\n');
    const processed = async (threshold: number) => {
      const res = await api(t.app, dealer).upload('/fc-common-api/mpp/price', { filename: 'same.csv', content, contentType: 'text/csv' });
      const seq = res.body.data[0].attributes.sequence as number;
      const before = t.ctx.config.PRICE_WORKER_MIN_ROWS;
      t.ctx.config.PRICE_WORKER_MIN_ROWS = threshold;
      try {
        await runJob(t.ctx, priceFileJob, seq);
      } finally {
        t.ctx.config.PRICE_WORKER_MIN_ROWS = before;
      }
      const download = await api(t.app, dealer).get('/fc-common-api/mpp/download', { data_seq: seq });
      expect(download.status).toBe(200);
      return { row: await fileRow(t.ctx, seq), csv: download.text };
    };
    const inline = await processed(Number.MAX_SAFE_INTEGER);
    const worker = await processed(0);
    expect(inline.row).toMatchObject({ state: 'done', osReturnCode: 0, unitStatus: 0 });
    // The second upload holds the same prices: nothing new, and every line's verdict as before.
    expect(worker.row).toMatchObject({ state: 'done', osReturnCode: 0, unitStatus: 2 });
    expect(worker.csv).toBe(inline.csv);
    expect(worker.csv.split('\n')).toHaveLength(pricedParts.length + 300 + 3 + 2);
    expect(worker.csv).toContain(`"'=HYPERLINK(""X"")"`);
  });
});
