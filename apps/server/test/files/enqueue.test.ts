import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { priceFileJob } from '../../src/modules/files/price-job';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { count, fileRow, pricedParts, seedCatalogue } from './helpers';

/** Makes the upload's audit record fail: the last write of the transaction, after the file and its job. */
const failAudit = vi.hoisted(() => ({ on: false, jobsInTransaction: -1 }));
vi.mock('../../src/audit/audit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/audit/audit')>();
  const { sql: q } = await import('drizzle-orm');
  return {
    ...actual,
    audit: (async (...args: Parameters<typeof actual.audit>) => {
      if (failAudit.on && args[2].action === 'upload') {
        // What the transaction itself sees just before it fails: the job is already written in it.
        const res = (await args[0].execute(q`select count(*)::int as n from pgboss.job where name = 'file.price'`)) as unknown as {
          rows: { n: number }[];
        };
        failAudit.jobsInTransaction = Number(res.rows[0]!.n);
        throw new Error('audit write failed');
      }
      return actual.audit(...args);
    }) as typeof actual.audit,
  };
});

let t: TestApp;
let dealer: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: true, jobDefinitions: [priceFileJob] });
  await seedUsers(t.ctx);
  await seedCatalogue(t.ctx);
  dealer = await loginAs(t.app, 'dealer');
});

afterAll(async () => {
  await t?.close();
});

const content = `part_no,price\n${pricedParts[0]!.partNo},1.00\n`;
const upload = (name: string) =>
  api(t.app, dealer).upload('/fc-common-api/mpp/price', { filename: name, content, contentType: 'text/csv' });
const files = () => count(t.ctx, sql`select count(*) as n from inbound_files`);
const jobs = () => count(t.ctx, sql`select count(*) as n from pgboss.job where name = 'file.price'`);
const jobOf = async (jobId: string) =>
  (await t.ctx.database.query<{ data: { seq: number } }>('select data from pgboss.job where id = $1::uuid', [jobId])).rows[0];

/** Waits for the worker (it polls each second) to finish the file: 45 s for a busy machine, within the test's 60 s. */
async function processed(seq: number) {
  for (const deadline = Date.now() + 45_000; Date.now() < deadline;) {
    if ((await fileRow(t.ctx, seq)).state === 'done') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`file ${seq} was not processed`);
}

describe('a file and its job are written in one transaction', () => {
  it('a stored file always has its pg-boss job, under the row’s job id', async () => {
    const res = await upload('with-job.csv');
    expect(res.status).toBe(202);
    const { job_id: jobId, sequence: seq } = res.body.data[0].attributes;
    expect((await jobOf(jobId))?.data).toEqual({ seq });
    await processed(seq);
  });

  it('a failure after the file and its job were written (the audit record) stores neither', async () => {
    const [filesBefore, jobsBefore] = [await files(), await jobs()];
    failAudit.on = true;
    try {
      const res = await upload('audit-fails.csv');
      expect(res.status).toBe(500);
    } finally {
      failAudit.on = false;
    }
    expect(failAudit.jobsInTransaction).toBe(jobsBefore + 1);
    expect(await files()).toBe(filesBefore);
    expect(await jobs()).toBe(jobsBefore);
  });

  it('a job that cannot be sent stores no file', async () => {
    const boss = t.ctx.boss!;
    const filesBefore = await files();
    t.ctx.boss = { send: () => Promise.reject(new Error('queue unavailable')) } as unknown as PgBoss;
    try {
      expect((await upload('send-fails.csv')).status).toBe(500);
    } finally {
      t.ctx.boss = boss;
    }
    expect(await files()).toBe(filesBefore);
  });

  it('a process that runs no workers (JOBS_ENABLED=false) still stores the job, and a worker elsewhere processes it', async () => {
    const boss = t.ctx.boss!;
    t.ctx.boss = undefined;
    let seq: number;
    try {
      const res = await upload('web-only.csv');
      expect(res.status).toBe(202);
      seq = res.body.data[0].attributes.sequence;
      expect((await jobOf(res.body.data[0].attributes.job_id))?.data).toEqual({ seq });
    } finally {
      t.ctx.boss = boss;
    }
    // This file's worker polls the queue every second; nothing but the job row tells it about the file.
    await processed(seq);
  });
});
