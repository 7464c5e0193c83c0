import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FileMessageCode, REFUSED_OS_RETURN_CODE, type FileMessage, type InboundKind } from '@fc/contract/files';
import type { AppContext } from '../../context';
import { audit, type Actor } from '../../audit/audit';
import type { Tx } from '../../db/client';
import { inboundFiles } from '../../db/schema/index';
import { jobSender, transactionExecutor } from '../../jobs/boss';
import { wakeWorker } from '../../jobs/registry';
import { englishMessage } from './messages';
import { FileRefusedError } from './upload';

export type { InboundKind };

/** The pg-boss queue of a kind of inbound file. */
export const fileJobName = (kind: InboundKind) => `file.${kind}`;

export interface AcceptedFile {
  seq: number;
  /** The file's job id: the row's `job_id`, also the pg-boss job's id. */
  jobId: string | null;
}

/**
 * Stores an inbound file, its pg-boss job and its audit record in one transaction: a stored file always
 * has its job, and a failure anywhere stores neither (FILE-11: a file and its job are written in
 * one transaction). The local worker is woken after the commit, so it finds the job at once.
 */
export async function acceptInboundFile(
  ctx: AppContext,
  actor: Actor,
  file: {
    kind: InboundKind;
    fileName: string;
    content: Buffer;
    params?: Record<string, unknown>;
    /** The dealer whose file this is (the scope of who sees it), null for corporate files. */
    merchantNo: number | null;
    /** The request runs the unit itself (runUnitNow): its job waits JOB_STALE_SECONDS, a fallback should the request die. */
    holdJob?: boolean;
  },
): Promise<AcceptedFile> {
  const jobId = randomUUID();
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  const merchantNo = file.merchantNo;
  const seq = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inboundFiles)
      .values({
        kind: file.kind,
        fileName: file.fileName,
        content: file.content,
        byteSize: file.content.length,
        sha256,
        uploadedBy: actor.userId,
        merchantNo,
        params: file.params ?? null,
        jobId,
      })
      .returning({ seq: inboundFiles.seq });
    await sendFileJob(ctx, file.kind, row!.seq, jobId, tx, file.holdJob ? ctx.config.JOB_STALE_SECONDS * 2 : undefined);
    await audit(tx, actor, {
      entity: 'inbound_file',
      entityId: row!.seq,
      action: 'upload',
      after: {
        kind: file.kind,
        fileName: file.fileName,
        byteSize: file.content.length,
        sha256,
        merchantNo,
        params: file.params ?? null,
        jobId,
      },
    });
    return row!.seq;
  });
  if (ctx.boss && !file.holdJob) wakeWorker(ctx.boss, fileJobName(file.kind));
  return { seq, jobId };
}

/**
 * Sends the job of a stored file, inside `tx` when given (then it exists only if `tx` commits). With the
 * row's own job id, pg-boss refuses a second job of that id while the first exists, so sending again is
 * harmless. pg-boss inserts a job only into an existing queue: before any process has started the
 * workers (which create the queues) the row stays queued and the first worker's `recover` sends it.
 */
export async function sendFileJob(
  ctx: AppContext,
  kind: InboundKind,
  seq: number,
  jobId?: string,
  tx?: Tx,
  startAfterSeconds?: number,
): Promise<string | null> {
  const name = fileJobName(kind);
  const options = {
    ...(jobId ? { id: jobId } : {}),
    ...(startAfterSeconds ? { startAfter: new Date(Date.now() + startAfterSeconds * 1000) } : {}),
  };
  if (tx) return (await (ctx.boss ?? jobSender()).send(name, { seq }, { ...options, db: transactionExecutor(tx) })) ?? null;
  if (!ctx.boss) return null;
  const id = await ctx.boss.send(name, { seq }, options);
  wakeWorker(ctx.boss, name);
  return id ?? jobId ?? null;
}

/**
 * A file refused by the upload checks is recorded as a failed unit (decision 0091): a row without the
 * file's bytes, already finished (state failed, unit status 1, osReturnCode REFUSED_OS_RETURN_CODE) with
 * the reason as a message code, so that the file-status page and the price report show it beside the
 * files that were processed. Nothing is queued. Then `err` is thrown on, and the client gets the refusal.
 */
export async function refuseUpload(
  ctx: AppContext,
  actor: Actor,
  kind: InboundKind,
  err: unknown,
  merchantNo: number | null,
): Promise<never> {
  if (err instanceof FileRefusedError) {
    const message: FileMessage = { code: FileMessageCode.UploadRefused, values: { reason: err.code, detail: err.message, ...err.values } };
    const english = englishMessage(message);
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(inboundFiles)
        .values({
          kind,
          fileName: err.refused.fileName,
          content: Buffer.alloc(0),
          byteSize: err.refused.byteSize,
          sha256: '',
          uploadedBy: actor.userId,
          merchantNo,
          state: 'failed',
          unitStatus: 1,
          osReturnCode: REFUSED_OS_RETURN_CODE,
          message: english,
          messageCode: message.code,
          messageValues: message.values,
          startedAt: sql`now()`,
          finishedAt: sql`now()`,
        })
        .returning({ seq: inboundFiles.seq });
      await audit(tx, actor, {
        entity: 'inbound_file',
        entityId: row!.seq,
        action: 'refused',
        after: { kind, fileName: err.refused.fileName, byteSize: err.refused.byteSize, merchantNo, reason: err.code, message },
      });
    });
  }
  throw err;
}
