import type { FastifyBaseLogger } from 'fastify';
import { and, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import { FileMessageCode, type FileMessage, type InboundKind } from '@fc/contract/files';
import type { AppContext } from '../../context';
import { audit } from '../../audit/audit';
import type { Tx } from '../../db/client';
import { byteaAsBase64, inboundFiles } from '../../db/schema/index';
import type { JobDefinition } from '../../jobs/registry';
import { englishMessage } from './messages';
import { fileJobName, sendFileJob } from './store';
import { rowsOf } from '../../db/execute';

export type { InboundKind };
export type InboundFile = typeof inboundFiles.$inferSelect;

/** How a file's processing ended. `osReturnCode` 0 is processed; any other value failed as a whole. */
export interface FileOutcome {
  /** 0 success (applied), 1 failure (rejected), 2 ok (nothing new). */
  unitStatus: 0 | 1 | 2;
  /**
   * What happened or why not, as a code with values of the contract: the web app translates it, the API also
   * gets an English sentence (decisions 0090 and 0410). Every kind of file has its codes; no sentence here.
   */
  message: FileMessage;
  osReturnCode: number;
  result?: Buffer;
  resultName?: string;
  /** The rows done and in all, when the handler did not report them as progress. */
  rows?: { done: number; total: number };
}

export type FileHandler = (
  ctx: AppContext,
  file: InboundFile,
  progress: (done: number, total?: number) => Promise<void>,
  log: FastifyBaseLogger,
) => Promise<FileOutcome>;

/** A running row whose heartbeat is older than JOB_STALE_SECONDS (default 60) belongs to a process that died. */
const staleSeconds = (ctx: AppContext) => ctx.config.JOB_STALE_SECONDS;
const RETRY_LIMIT = 3;

/**
 * Claims a file for processing: a queued row, or a running one whose process stopped beating. The
 * update is a single statement, so of two jobs for one file only one gets the row.
 */
export async function claimFile(ctx: AppContext, seq: number): Promise<InboundFile | undefined> {
  const [row] = await ctx.db
    .update(inboundFiles)
    .set({
      state: 'running',
      attempts: sql`${inboundFiles.attempts} + 1`,
      startedAt: sql`coalesce(${inboundFiles.startedAt}, now())`,
      heartbeatAt: sql`now()`,
    })
    .where(
      and(
        eq(inboundFiles.seq, seq),
        or(
          eq(inboundFiles.state, 'queued'),
          and(
            eq(inboundFiles.state, 'running'),
            or(isNull(inboundFiles.heartbeatAt), lt(inboundFiles.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds(ctx)})`)),
          ),
        ),
      ),
    )
    .returning({ ...fileColumns, content: byteaAsBase64(inboundFiles.content) });
  return row ? { ...row, content: row.content ?? Buffer.alloc(0), result: null } : undefined;
}

// Every column but the two files: the content is read as base64 (see `bytea`), the result is not needed.
const { content: _content, result: _result, ...fileColumns } = getTableColumns(inboundFiles);

/** Records the outcome once, with its audit record; a row that is no longer running is left alone. */
export async function finishFile(ctx: AppContext, seq: number, outcome: FileOutcome): Promise<boolean> {
  return ctx.db.transaction((tx) => recordOutcome(tx, seq, outcome));
}

/**
 * `finishFile` inside the caller's transaction: a handler whose writes must not outlive its outcome (an
 * item-code import adds every code or none) records both in one transaction, and its re-run after a crash
 * finds the row ended. The platform's own `finishFile` afterwards leaves the ended row alone.
 */
export async function recordOutcome(tx: Tx, seq: number, outcome: FileOutcome): Promise<boolean> {
  const coded = outcome.message;
  const message = englishMessage(coded);
  const [row] = await tx
    .update(inboundFiles)
    .set({
      state: outcome.osReturnCode === 0 ? 'done' : 'failed',
      unitStatus: outcome.unitStatus,
      message: message.slice(0, 2000),
      messageCode: coded.code,
      messageValues: coded.values,
      osReturnCode: outcome.osReturnCode,
      result: outcome.result ?? null,
      resultName: outcome.resultName ?? null,
      finishedAt: sql`now()`,
      heartbeatAt: null,
      ...(outcome.rows ? { rowsDone: outcome.rows.done, rowsTotal: outcome.rows.total } : {}),
    })
    .where(and(eq(inboundFiles.seq, seq), eq(inboundFiles.state, 'running')))
    .returning({ seq: inboundFiles.seq, kind: inboundFiles.kind, rowsDone: inboundFiles.rowsDone });
  if (!row) return false;
  await audit(tx, null, {
    entity: 'inbound_file',
    entityId: seq,
    action: outcome.osReturnCode === 0 ? 'processed' : 'failed',
    after: {
      kind: row.kind,
      unitStatus: outcome.unitStatus,
      osReturnCode: outcome.osReturnCode,
      // By its code and values, as the file's row keeps it: the audit page words it in the reader's language.
      message: coded,
      rowsDone: row.rowsDone,
    },
  });
  return true;
}

/** Beats for a running unit four times per JOB_STALE_SECONDS until the timer is cleared. */
export function heartbeat(ctx: AppContext, seq: number): NodeJS.Timeout {
  const beat = async () => {
    await ctx.db
      .update(inboundFiles)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(inboundFiles.seq, seq), eq(inboundFiles.state, 'running')));
  };
  const timer = setInterval(() => void beat().catch(() => {}), (staleSeconds(ctx) * 1000) / 4);
  timer.unref();
  return timer;
}

/** Records a running unit's progress (rows done, and the total once known); it also counts as a heartbeat. */
export const progressOf = (ctx: AppContext, seq: number) => async (done: number, total?: number) => {
  await ctx.db
    .update(inboundFiles)
    .set({ rowsDone: done, ...(total !== undefined ? { rowsTotal: total } : {}), heartbeatAt: sql`now()` })
    .where(and(eq(inboundFiles.seq, seq), eq(inboundFiles.state, 'running')));
};

/**
 * The job of one kind of inbound file. It runs `handler` at most once to a recorded end per file:
 * a job for a file already done or failed does nothing, a job whose process died is taken over once
 * its heartbeat is stale, and a handler that throws (a crash, a lost database) leaves the row for the
 * retry, up to RETRY_LIMIT retries, after which the file fails with the error's message. Handlers must
 * be idempotent: a re-run after a crash finds the writes of the first run and adds no duplicates.
 */
export function defineFileJob(kind: InboundKind, handler: FileHandler): JobDefinition {
  return {
    name: fileJobName(kind),
    retryLimit: RETRY_LIMIT,
    expireInSeconds: 30 * 60,
    async handle(ctx, data, log) {
      const seq = Number((data as { seq?: unknown }).seq);
      if (!Number.isSafeInteger(seq)) return;
      const file = await claimFile(ctx, seq);
      if (!file) {
        log.info({ seq }, 'inbound file already processed or being processed elsewhere');
        return;
      }
      if (file.kind !== kind) {
        await finishFile(ctx, seq, {
          unitStatus: 1,
          osReturnCode: 1,
          message: { code: FileMessageCode.WrongKind, values: { kind: file.kind, expected: kind } },
        });
        return;
      }
      const timer = heartbeat(ctx, seq);
      const progress = progressOf(ctx, seq);
      let outcome: FileOutcome;
      try {
        outcome = await handler(ctx, file, progress, log);
      } catch (err) {
        clearInterval(timer);
        log.error({ err, seq, attempt: file.attempts }, 'inbound file processing failed');
        if (file.attempts > RETRY_LIMIT) {
          await finishFile(ctx, seq, {
            unitStatus: 1,
            osReturnCode: 1,
            message: {
              code: FileMessageCode.RetriesExhausted,
              values: { attempts: file.attempts, detail: String((err as Error).message).slice(0, 500) },
            },
          });
          return;
        }
        // Hand the row straight to the retry rather than making it wait for a stale heartbeat.
        await ctx.db
          .update(inboundFiles)
          .set({ heartbeatAt: null })
          .where(and(eq(inboundFiles.seq, seq), eq(inboundFiles.state, 'running')))
          .catch(() => {});
        throw err;
      }
      clearInterval(timer);
      await finishFile(ctx, seq, outcome);
    },
    async recover(ctx) {
      const queued = await ctx.db
        .select({ seq: inboundFiles.seq, jobId: inboundFiles.jobId })
        .from(inboundFiles)
        .where(and(eq(inboundFiles.kind, kind), eq(inboundFiles.state, 'queued')));
      for (const row of queued) {
        const job = row.jobId ? await queuedJobState(ctx, fileJobName(kind), row.jobId) : 'missing';
        // Stored while no queue existed yet (no worker had ever started), or its job was removed: send under the row's own job id.
        if (job === 'missing') await sendFileJob(ctx, kind, row.seq, row.jobId ?? undefined);
        // Fetched by a process that died before its claim (pg-boss keeps that job active until it expires,
        // 30 minutes), or ended without claiming: the row's own id is taken, so a fresh job takes the row.
        else if (job === 'lost') await sendFileJob(ctx, kind, row.seq);
      }
      // Running in a process that died: a fresh job takes the row over (its claim checks the heartbeat).
      const orphaned = await ctx.db
        .select({ seq: inboundFiles.seq })
        .from(inboundFiles)
        .where(
          and(
            eq(inboundFiles.kind, kind),
            eq(inboundFiles.state, 'running'),
            or(isNull(inboundFiles.heartbeatAt), lt(inboundFiles.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds(ctx)})`)),
          ),
        );
      for (const row of orphaned) await sendFileJob(ctx, kind, row.seq);
    },
  };
}

/**
 * What became of the pg-boss job of a row that is still queued: `waiting` (created, retry, or fetched so
 * recently that its worker is about to claim the row), `lost` (fetched longer than JOB_STALE_SECONDS ago,
 * or completed, failed or cancelled, without the row having been claimed) or `missing` (no such job).
 * Read with the database's clock, like the heartbeat, so that the server's clock does not matter.
 */
async function queuedJobState(ctx: AppContext, name: string, jobId: string): Promise<'waiting' | 'lost' | 'missing'> {
  const [job] = await rowsOf<{ state: string; stale: boolean }>(
    ctx.db,
    sql`
    select state, coalesce(started_on < now() - make_interval(secs => ${staleSeconds(ctx)}), false) as stale
    from pgboss.job where name = ${name} and id = ${jobId}::uuid`,
  );
  if (!job) return 'missing';
  if (job.state === 'created' || job.state === 'retry') return 'waiting';
  if (job.state === 'active' && !job.stale) return 'waiting';
  return 'lost';
}
