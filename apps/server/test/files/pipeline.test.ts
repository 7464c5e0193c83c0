import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inboundFiles } from '../../src/db/schema/index';
import { batchSizeFor } from '../../src/modules/inbound-files/csv';
import { defineFileJob } from '../../src/modules/inbound-files/job';
import { fileJobName } from '../../src/modules/inbound-files/store';
import { processPriceFile } from '../../src/modules/files/price-job';
import { processTransactionFile, transactionFileJob } from '../../src/modules/files/transactions-job';
import { priceFileJob } from '../../src/modules/files/price-job';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { count, fileRow, pricedParts, runJob, seedCatalogue } from './helpers';

let t: TestApp;
let corp: string;
let dealer: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  await seedCatalogue(t.ctx);
  [corp, dealer] = await Promise.all([loginAs(t.app, 'corp'), loginAs(t.app, 'dealer')]);
});

afterAll(async () => {
  await t?.close();
});

class Crash extends Error {}

/** 12,000 purchases of the demo customers: several batches (2,000 on PostgreSQL, 250 on PGlite). */
const purchases = (n: number, invoicePrefix: string) =>
  [
    'cust_no,date,invoice,item_code,amount,currency',
    ...Array.from(
      { length: n },
      (_, i) =>
        `${10001 + (i % 4)},20260${1 + (i % 9)}15,${invoicePrefix}${i},IC-${i % 50},${(i % 500) + 0.99},${i % 4 === 1 ? 'CAD' : 'USD'}`,
    ),
  ].join('\n');

describe('exactly once, after a crash', () => {
  it('a transaction file whose worker dies after the first batch finishes once on the re-run, without duplicates', async () => {
    const up = await api(t.app, corp).upload('/fc-common-api/transactions/file', {
      filename: 'daily.csv',
      content: purchases(12_000, 'CR-'),
    });
    expect(up.status).toBe(202);
    const seq = up.body.data[0].attributes.sequence as number;

    // The first run dies once its first batch is committed (the progress report after it throws).
    const crashing = defineFileJob('transactions', (ctx, file, progress, log) =>
      processTransactionFile(
        ctx,
        file,
        async (done, total) => {
          await progress(done, total);
          throw new Crash('worker killed');
        },
        log,
      ),
    );
    await expect(runJob(t.ctx, crashing, seq)).rejects.toThrow('worker killed');
    const firstBatch = batchSizeFor(t.ctx);
    expect(await fileRow(t.ctx, seq)).toMatchObject({ state: 'running', rowsDone: firstBatch, attempts: 1, unitStatus: null });
    expect(await count(t.ctx, sql`select count(*) as n from transactions where source_file_seq = ${seq}`)).toBe(firstBatch);

    // pg-boss's retry runs the real job.
    await runJob(t.ctx, transactionFileJob, seq);
    const row = await fileRow(t.ctx, seq);
    expect(row).toMatchObject({ state: 'done', unitStatus: 0, osReturnCode: 0, rowsDone: 12_000, attempts: 2 });
    expect(row.message).toMatch(/^12,000 purchases added, 0 already held, 0 rejected/);
    expect(await count(t.ctx, sql`select count(*) as n from transactions where source_file_seq = ${seq}`)).toBe(12_000);
    expect(
      await count(
        t.ctx,
        sql`select count(*) as n from (select 1 from transactions group by cust_no, invoice, item_code having count(*) > 1) d`,
      ),
    ).toBe(0);

    // A late duplicate job (the original one, retried after it expired) does nothing.
    await runJob(t.ctx, transactionFileJob, seq);
    expect(await fileRow(t.ctx, seq)).toMatchObject({ attempts: 2, state: 'done' });
    expect(
      await count(
        t.ctx,
        sql`select count(*) as n from audit_log where entity = 'inbound_file' and entity_id = ${String(seq)} and action in ('processed', 'failed')`,
      ),
    ).toBe(1);
  });

  it('a price file whose worker dies mid-way ends with one result and the dealer prices once', async () => {
    const lines = pricedParts.map((p) => `${p.partNo},${(Number(p.programPrice) - 0.01).toFixed(2)}`);
    const up = await api(t.app, dealer).upload('/fc-common-api/mpp/price', {
      filename: 'all.csv',
      content: ['part_no,price', ...lines].join('\n'),
    });
    const seq = up.body.data[0].attributes.sequence as number;
    const crashing = defineFileJob('price', async (ctx, file, progress, log) => {
      // Half the catalogue is merged, then the process dies.
      await processPriceFile(ctx, { ...file, content: Buffer.from(['part_no,price', ...lines.slice(0, 100)].join('\n')) }, progress, log);
      throw new Crash('killed');
    });
    await expect(runJob(t.ctx, crashing, seq)).rejects.toThrow('killed');
    expect(await count(t.ctx, sql`select count(*) as n from dealer_prices where source_file_seq = ${seq}`)).toBe(100);
    await runJob(t.ctx, priceFileJob, seq);
    const row = await fileRow(t.ctx, seq);
    // Rows the first run wrote count as applied: the unit is a success, not "nothing new".
    expect(row).toMatchObject({ state: 'done', unitStatus: 0, osReturnCode: 0, attempts: 2 });
    expect(row.message).toContain(`${lines.length} of ${lines.length} prices accepted (${lines.length} new or changed)`);
    expect(await count(t.ctx, sql`select count(*) as n from dealer_prices where source_file_seq = ${seq}`)).toBe(lines.length);
  });

  it('a row running in a live process is left alone; once its heartbeat is stale another job takes it over', async () => {
    const up = await api(t.app, dealer).upload('/fc-common-api/mpp/price', {
      filename: 'stale.csv',
      content: `part_no,price\n${pricedParts[0]!.partNo},1.00\n`,
    });
    const seq = up.body.data[0].attributes.sequence as number;
    await t.db
      .update(inboundFiles)
      .set({ state: 'running', heartbeatAt: sql`now()`, attempts: 1 })
      .where(eq(inboundFiles.seq, seq));
    await runJob(t.ctx, priceFileJob, seq);
    expect(await fileRow(t.ctx, seq)).toMatchObject({ state: 'running', attempts: 1 });
    await t.db
      .update(inboundFiles)
      .set({ heartbeatAt: sql`now() - interval '5 minutes'` })
      .where(eq(inboundFiles.seq, seq));
    await runJob(t.ctx, priceFileJob, seq);
    expect(await fileRow(t.ctx, seq)).toMatchObject({ state: 'done', attempts: 2, unitStatus: 0 });
  });

  it('a handler that keeps failing fails the file after the last retry, with the reason', async () => {
    const up = await api(t.app, dealer).upload('/fc-common-api/mpp/price', {
      filename: 'doomed.csv',
      content: `part_no,price\n${pricedParts[0]!.partNo},1.00\n`,
    });
    const seq = up.body.data[0].attributes.sequence as number;
    const broken = defineFileJob('price', () => Promise.reject(new Error('database unreachable')));
    for (let i = 0; i < 3; i++) await expect(runJob(t.ctx, broken, seq)).rejects.toThrow('database unreachable');
    await runJob(t.ctx, broken, seq);
    const row = await fileRow(t.ctx, seq);
    expect(row).toMatchObject({ state: 'failed', unitStatus: 1, osReturnCode: 1, attempts: 4 });
    expect(row.message).toMatch(/after 4 attempts: database unreachable/);
  });
});

describe('with the job queue running', () => {
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({ jobs: true, jobDefinitions: [priceFileJob, transactionFileJob] });
    await seedUsers(q.ctx);
    await seedCatalogue(q.ctx);
  });
  afterAll(async () => {
    await q?.close();
  });

  /** The file's row once its job has ended; 45 s allows for a busy machine (the worker polls each second) within the 60 s test timeout. */
  async function waitFor(seq: number) {
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const row = await fileRow(q.ctx, seq);
      if (row.state === 'done' || row.state === 'failed') return row;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`file ${seq} was not processed`);
  }

  /** A price file row as an upload stores it, without sending its job (a crash between the two). */
  async function storeQueuedPriceFile(fileName: string, partNo: string, jobId: string) {
    const [row] = await q.db
      .insert(inboundFiles)
      .values({
        kind: 'price',
        fileName,
        content: Buffer.from(`part_no,price\n${partNo},1.00\n`),
        byteSize: 30,
        sha256: 'x',
        merchantNo: 1001,
        jobId,
      })
      .returning();
    return row!;
  }

  it('an upload is processed by the pg-boss worker', async () => {
    const cookie = await loginAs(q.app, 'dealer');
    const up = await api(q.app, cookie).upload('/fc-common-api/mpp/price', {
      filename: 'queued.csv',
      content: `part_no,price\n${pricedParts[5]!.partNo},1.00\n`,
    });
    const row = await waitFor(up.body.data[0].attributes.sequence);
    expect(row).toMatchObject({ state: 'done', unitStatus: 0, attempts: 1 });
  });

  it('recover sends the job of a file accepted but never sent, under its own id', async () => {
    const row = await storeQueuedPriceFile('orphan.csv', pricedParts[6]!.partNo, crypto.randomUUID());
    await priceFileJob.recover!(q.ctx);
    expect(await waitFor(row.seq)).toMatchObject({ state: 'done', unitStatus: 0 });
  });

  it('recover hands a file whose job was fetched by a process that died before its claim to a fresh job', async () => {
    const jobId = crypto.randomUUID();
    const row = await storeQueuedPriceFile('fetched-then-killed.csv', pricedParts[7]!.partNo, jobId);
    // What pg-boss holds after a worker fetched the job and its process was killed: the job is active
    // (until it expires, 30 minutes on) and the row was never claimed.
    await q.db.execute(
      sql`insert into pgboss.job (id, name, data, state, started_on) values (${jobId}::uuid, ${fileJobName('price')}, ${JSON.stringify({ seq: row.seq })}::jsonb, 'active', now())`,
    );
    // Just fetched: its worker may be about to claim the row, so recover leaves it alone.
    await priceFileJob.recover!(q.ctx);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await fileRow(q.ctx, row.seq)).toMatchObject({ state: 'queued', attempts: 0 });
    // Fetched longer ago than JOB_STALE_SECONDS without a claim: its process is gone.
    await q.db.execute(sql`update pgboss.job set started_on = now() - interval '10 minutes' where id = ${jobId}::uuid`);
    await priceFileJob.recover!(q.ctx);
    expect(await waitFor(row.seq)).toMatchObject({ state: 'done', unitStatus: 0, attempts: 1 });
  });
});
