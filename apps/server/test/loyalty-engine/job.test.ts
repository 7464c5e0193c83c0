import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { auditLog, loyaltyEnrolments, loyaltyJobRuns } from '../../src/db/schema/index';
import { rows } from '../../src/modules/loyalty-engine/repo';
import { runDailyLifecycle } from '../../src/modules/loyalty-engine/service';
import { loyaltyLifecycleJob, queueLifecycleCatchUp } from '../../src/modules/loyalty-engine/job';
import { today } from '../../src/modules/loyalty-engine/index';
import { createTestContext, type TestContext } from '../helpers/app';
import { seedUsers } from '../helpers/http';
import { addDays, addProgram, buy, enrol } from './fixtures';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ jobs: true, jobDefinitions: [loyaltyLifecycleJob] });
  await seedUsers(t.ctx);
});

afterAll(async () => {
  await t?.close();
});

// A generous deadline: on a busy 2-CPU machine the queued run waits behind the catch-up run and pg-boss's
// polling (30 s was once not enough there). An idle machine finishes in a second or two.
async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the loyalty-lifecycle job', { timeout: 180_000 }, () => {
  const lastRun = async () => (await t.db.select().from(loyaltyJobRuns).where(eq(loyaltyJobRuns.job, 'loyalty-lifecycle')))[0];

  it('is scheduled daily', async () => {
    const schedules = await t.ctx.boss!.getSchedules();
    expect(schedules.find((s) => s.name === 'loyalty-lifecycle')).toMatchObject({ cron: '15 0 * * *' });
  });

  it('moves stored statuses on and reconciles, fixing the final figures, with an audit record', async () => {
    const day = today();
    // Today's catch-up run (queued at start) first: run between the enrolments and the purchase below (a CI
    // run on a busy machine), it closed the old enrolment with no spend ('BC Completed', 0.00).
    await waitFor(lastRun, (r) => r?.lastRunDay === day);
    const p = await addProgram(t.db, { milestones: [{ amount: 100, rate: 0.1, cap: null }] });
    const started = await enrol(t.db, 10004, p, addDays(day, -5), addDays(day, 30), 'Pre Enrolled');
    const old = await enrol(t.db, 10004, p, addDays(day, -100), addDays(day, -40));
    await buy(t.db, 10004, [{ date: addDays(day, -50), itemCode: 'ANY01', amount: '250.00' }]);

    // An operator's run, today's catch-up run having happened.
    await t.ctx.boss!.send('loyalty-lifecycle', { force: true });
    const status = (seq: number) => t.db.select().from(loyaltyEnrolments).where(eq(loyaltyEnrolments.custLoyaltyProgramSeq, seq));
    const [reconciled] = await waitFor(
      () => status(old),
      ([e]) => e?.status === 'Completed',
    );
    expect(reconciled).toMatchObject({ status: 'Completed', finalSpend: '250.00', finalPayout: '25.00' });
    expect(reconciled!.closedAt).toBeInstanceOf(Date);
    expect((await status(started))[0]!.status).toBe('Enrolled');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'lifecycle'));
    expect(audits.length).toBeGreaterThan(0);
  });

  /** Jobs of this kind pg-boss holds in any state (completed ones stay until archived). */
  const jobCount = async () =>
    Number((await rows<{ n: number | string }>(t.db, sql`select count(*) as n from pgboss.job where name = 'loyalty-lifecycle'`))[0]!.n);

  it('is caught up once at start; the sweep queues nothing more while the last completed run is today', async () => {
    const day = today();
    const run = await waitFor(lastRun, (r) => r?.lastRunDay === day);
    expect(run?.lastRunDay).toBe(day);
    const before = await jobCount();
    const at = run!.lastRunAt;
    // The registry calls recover every JOB_STALE_SECONDS / 2 in every process.
    for (let i = 0; i < 5; i++) await loyaltyLifecycleJob.recover!(t.ctx);
    expect(await jobCount()).toBe(before);
    expect((await lastRun())!.lastRunAt).toEqual(at);
  });

  it('when the last completed run was before today, processes sweeping at once queue one run, which records today', async () => {
    const day = today();
    await t.db
      .update(loyaltyJobRuns)
      .set({ lastRunDay: addDays(day, -1) })
      .where(eq(loyaltyJobRuns.job, 'loyalty-lifecycle'));
    const before = await jobCount();
    // Three processes' sweeps at the same moment. Today's start-up run used today's singleton key in this
    // time slot, so they sweep as on the next day (its key).
    const tomorrow = addDays(day, 1);
    await Promise.all([1, 2, 3].map(() => queueLifecycleCatchUp(t.ctx, tomorrow)));
    expect(await jobCount()).toBe(before + 1);
    const run = await waitFor(lastRun, (r) => r?.lastRunDay === day);
    expect(run?.lastRunDay).toBe(day);
    await loyaltyLifecycleJob.recover!(t.ctx);
    expect(await jobCount()).toBe(before + 1);
  });

  it('a run for a day already done is skipped unless forced; the scheduled job (no data) is not forced', async () => {
    const day = today();
    const log = pino({ level: 'silent' });
    const p = await addProgram(t.db, { milestones: [{ amount: 100, rate: 0.1, cap: null }] });
    // Stored as Pre Enrolled though it started: a run would move it to Enrolled.
    const e = await enrol(t.db, 10004, p, addDays(day, -3), addDays(day, 30), 'Pre Enrolled');
    const stored = async () =>
      (await t.db.select().from(loyaltyEnrolments).where(eq(loyaltyEnrolments.custLoyaltyProgramSeq, e)))[0]!.status;
    expect(await runDailyLifecycle(t.ctx, log, day)).toBeNull();
    // What the 00:15 schedule sends.
    await loyaltyLifecycleJob.handle(t.ctx, {}, log);
    expect(await stored()).toBe('Pre Enrolled');
    const forced = await runDailyLifecycle(t.ctx, log, day, { force: true });
    expect(forced?.moved).toContainEqual({ seq: e, from: 'Pre Enrolled', to: 'Enrolled' });
    expect(await stored()).toBe('Enrolled');
  });
});
