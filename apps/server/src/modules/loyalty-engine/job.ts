import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/registry';
import { today } from './repo';
import { LIFECYCLE_JOB, lifecycleDue, runDailyLifecycle } from './service';

/** `day`: the day a catch-up run was queued for; `force`: run even if that day's run is done (an operator's run). */
export interface LifecycleJobData {
  day?: string;
  force?: boolean;
}

/**
 * Catch-up runs queued by `recover` share one singleton key per day within this many seconds (pg-boss's
 * unique index on name, key and time slot): processes sweeping at the same moment queue one job.
 */
const CATCH_UP_SLOT_SECONDS = 10 * 60;

/**
 * The daily lifecycle of enrolments (docs/decisions/0009-loyalty-engine.md, 0071): statuses follow the
 * dates, expired enrolments are reconciled and their final figures fixed. Reads never depend on it (they
 * compute the status for the day), so a missed run only delays reconciliation. Runs once a day: at the
 * schedule, or sooner when a process finds that the last completed run was before today (at start, after a
 * day without a process, or just after midnight).
 */
export const loyaltyLifecycleJob: JobDefinition<LifecycleJobData> = {
  name: LIFECYCLE_JOB,
  retryLimit: 5,
  expireInSeconds: 30 * 60,
  // Shortly after midnight, server time: the new day's statuses are stored before the working day.
  schedule: '15 0 * * *',
  async handle(ctx, data, log) {
    await runDailyLifecycle(ctx, log, today(), { force: data?.force === true });
  },
  // Called at start and every JOB_STALE_SECONDS / 2 in every process: one small read unless a run is due.
  async recover(ctx) {
    await queueLifecycleCatchUp(ctx);
  },
};

/** Queues the day's run when the last completed run was before `day`; one job per day and slot across processes. */
export async function queueLifecycleCatchUp(ctx: AppContext, day = today()): Promise<void> {
  if (!ctx.boss) return;
  if (!(await lifecycleDue(ctx.db, day))) return;
  await ctx.boss.send(LIFECYCLE_JOB, { day }, { singletonKey: `${LIFECYCLE_JOB}:${day}`, singletonSeconds: CATCH_UP_SLOT_SECONDS });
}
