import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';

/** Which attempt a job is on: pg-boss's retry count and limit (0 of 3 is the first of four attempts). */
export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
}

/**
 * A background job kind. Each module that processes work in the background exports one of these and is
 * listed in `modules/jobs.ts`. `handle` must be idempotent: a job whose process died is run again.
 */
export interface JobDefinition<T extends object = object> {
  name: string;
  /** How many jobs of this kind one process runs at once. */
  concurrency?: number;
  retryLimit?: number;
  expireInSeconds?: number;
  handle(ctx: AppContext, data: T, log: FastifyBaseLogger, attempt?: JobAttempt): Promise<void>;
  /** Called at start: enqueue work that was accepted but whose job was never sent (a crash between the two). */
  recover?(ctx: AppContext): Promise<void>;
  /** A cron expression (server time zone): pg-boss sends one job of this kind on that schedule. */
  schedule?: string;
}

/** The worker id of each job kind in this process, so a sender can wake it instead of waiting for its poll. */
const workerIds = new Map<string, string>();

/** Wakes this process's worker of a job kind at once (a no-op when it runs elsewhere). */
export function wakeWorker(boss: PgBoss, name: string) {
  const id = workerIds.get(name);
  if (id) boss.notifyWorker(id);
}

/**
 * Starts a worker per job kind and runs each kind's `recover` now and then every JOB_STALE_SECONDS / 2:
 * with several processes on one database, work left by a process that died (a running file whose
 * heartbeat went stale) is taken over by a live one without waiting for a restart. Answers a function
 * that stops the sweep (call it before closing the database).
 */
export async function startWorkers(
  boss: PgBoss,
  ctx: AppContext,
  jobs: readonly JobDefinition[],
  log: FastifyBaseLogger,
): Promise<() => void> {
  await createQueues(boss, ctx, jobs);
  for (const job of jobs) {
    const workerId = await boss.work<object>(
      job.name,
      { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
      async ([item]) => {
        if (!item) return;
        const jobLog = log.child({ job: job.name, jobId: item.id });
        await job.handle(ctx, item.data, jobLog, { retryCount: item.retryCount, retryLimit: item.retryLimit });
      },
    );
    workerIds.set(job.name, workerId);
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    await job.recover?.(ctx);
  }
  const recovering = jobs.filter((j) => j.recover);
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const job of recovering) await job.recover!(ctx);
    } catch (err) {
      log.warn({ err }, 'job recovery sweep failed');
    } finally {
      sweeping = false;
    }
  };
  const timer = setInterval(() => void sweep(), (ctx.config.JOB_STALE_SECONDS * 1000) / 2);
  timer.unref();
  return () => clearInterval(timer);
}

/** How many times a queue's creation is tried when PostgreSQL chose it as a deadlock's victim. */
export const CREATE_QUEUE_ATTEMPTS = 5;

/**
 * Creates a queue, again when PostgreSQL broke a deadlock by rolling its creation back (code 40P01): the
 * creation adds a foreign key to pgboss.queue, which another process's pg-boss may hold at that moment
 * (its maintenance, a job sent at start), and the advisory lock below only orders the portal's own creations.
 */
export async function createQueueRetried(
  boss: Pick<PgBoss, 'createQueue'>,
  job: JobDefinition,
  pause = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit ?? 3,
        retryDelay: 2,
        expireInSeconds: job.expireInSeconds ?? 15 * 60,
      });
      return;
    } catch (err) {
      if ((err as { code?: unknown }).code !== '40P01' || attempt >= CREATE_QUEUE_ATTEMPTS) throw err;
      await pause(50 * attempt);
    }
  }
}

/**
 * pg-boss's create_queue deadlocks when two processes create the same queues at the same moment (several
 * processes starting at once on one database): on PostgreSQL the processes take turns under an advisory lock.
 */
async function createQueues(boss: PgBoss, ctx: AppContext, jobs: readonly JobDefinition[]) {
  const create = async () => {
    for (const job of jobs) await createQueueRetried(boss, job);
  };
  const pool = ctx.database.pool;
  if (ctx.database.kind !== 'postgres' || !pool) return create();
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727276)');
    await create();
  } finally {
    await client.query('select pg_advisory_unlock(727276)').catch(() => {});
    client.release();
  }
}
