import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { languageFromCode } from '@fc/contract';
import type { AppContext } from '../context';
import { audit } from '../audit/audit';
import type { Tx } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import { jobSender, transactionExecutor } from '../jobs/boss';
import { wakeWorker, type JobDefinition, type JobAttempt } from '../jobs/registry';
import type { Mail } from './mailer';
import { renderMail, type MailCommon, type TemplateName } from './templates';
import { prepareMail } from './prepare';

/** The pg-boss queue of e-mail. */
export const MAIL_JOB = 'mail.send';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailRequest {
  template: TemplateName;
  to: string;
  /** The recipient's saved language (users.language: 0 en-us, 1 es, 2 fr). */
  language: number;
  /** The recipient's account, when the recipient is a portal user. */
  userId?: number | null;
  /** The template's values. Never a secret: they are stored and shown to administrators. */
  params: Record<string, unknown>;
  attachments?: MailAttachment[];
}

/**
 * Asks for an e-mail inside the transaction of the write that causes it (decision 0421): the outbox row and
 * its pg-boss job exist if and only if `tx` commits. Call `wakeMailWorker(ctx)` after the commit so that
 * this process's worker sends it at once rather than at its next poll.
 */
export async function enqueueMail(ctx: AppContext, tx: Tx, mail: MailRequest): Promise<number> {
  const jobId = randomUUID();
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      template: mail.template,
      language: mail.language,
      recipient: mail.to,
      userId: mail.userId ?? null,
      params: mail.params,
      attachments: mail.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        base64: a.content.toString('base64'),
      })),
      jobId,
    })
    .returning({ id: mailOutbox.id });
  await sendMailJob(ctx, row!.id, jobId, tx);
  return row!.id;
}

/** Wakes this process's e-mail worker (after the commit of an enqueueMail); a no-op without one. */
export function wakeMailWorker(ctx: AppContext): void {
  if (ctx.boss) wakeWorker(ctx.boss, MAIL_JOB);
}

function jobOptions(ctx: AppContext, jobId?: string) {
  return {
    ...(jobId ? { id: jobId } : {}),
    retryLimit: ctx.config.MAIL_RETRY_LIMIT,
    retryDelay: ctx.config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  };
}

async function sendMailJob(ctx: AppContext, id: number, jobId: string | undefined, tx?: Tx): Promise<void> {
  if (tx) {
    await (ctx.boss ?? jobSender()).send(MAIL_JOB, { id }, { ...jobOptions(ctx, jobId), db: transactionExecutor(tx) });
    return;
  }
  if (!ctx.boss) return;
  await ctx.boss.send(MAIL_JOB, { id }, jobOptions(ctx, jobId));
  wakeWorker(ctx.boss, MAIL_JOB);
}

export function mailCommon(ctx: AppContext): MailCommon {
  const c = ctx.config;
  return {
    brand: c.BRAND_NAME,
    publicUrl: c.PUBLIC_URL,
    support: { phone: c.SUPPORT_PHONE, email: c.SUPPORT_EMAIL, hours: c.SUPPORT_HOURS },
  };
}

/** The kind of a send failure, for the row and the audit log: an error code, never the message's text. */
function failureKind(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; name?: unknown };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : 'Error';
  return typeof e?.responseCode === 'number' ? `${code} ${e.responseCode}` : code;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Sends one queued message: renders it in its language, hands it to the mailer, and records the outcome
 * with an audit record. A message that is no longer queued (sent, failed, cancelled) is left alone, so a
 * second job for one row sends nothing. A failure is recorded and thrown for pg-boss to retry; on the last
 * attempt (`final`) the row fails for good and the audit log says so (administrators see it there).
 */
export async function deliverMail(ctx: AppContext, id: number, final: boolean, log: FastifyBaseLogger): Promise<'sent' | 'skipped'> {
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!row || row.state !== 'queued') return 'skipped';
  const language = languageFromCode(row.language);
  const prepared = await prepareMail(ctx, row);
  if (!prepared) {
    await ctx.db.transaction(async (tx) => {
      const [cancelled] = await tx
        .update(mailOutbox)
        .set({ state: 'cancelled', updatedAt: sql`now()` })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'queued')))
        .returning({ id: mailOutbox.id });
      if (cancelled) await audit(tx, null, { entity: 'email', entityId: id, action: 'mail-cancelled', after: auditView(row) });
    });
    log.info({ mailId: id, template: row.template }, 'e-mail no longer to be sent');
    return 'skipped';
  }
  let mail: Mail;
  try {
    const rendered = renderMail(row.template as TemplateName, language, { ...(row.params as object), ...prepared.values }, mailCommon(ctx));
    mail = {
      to: row.recipient,
      ...rendered,
      attachments: (row.attachments as { filename: string; contentType: string; base64: string }[] | null)?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.base64, 'base64'),
      })),
    };
    await ctx.mailer.send(mail);
  } catch (err) {
    await prepared.undo?.().catch(() => {});
    const kind = failureKind(err);
    await ctx.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: kind,
          updatedAt: sql`now()`,
          ...(final ? { state: 'failed' } : {}),
        })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'queued')))
        .returning();
      if (failed && final) {
        await audit(tx, null, { entity: 'email', entityId: id, action: 'mail-failed', after: { ...auditView(failed), error: kind } });
      }
    });
    // The error may quote the message (a link); log its kind only.
    log.warn(
      { mailId: id, template: row.template, error: kind, final },
      final ? 'e-mail failed for good' : 'e-mail not sent; retried later',
    );
    throw new Error(`e-mail ${id} not sent: ${kind}`);
  }
  await ctx.db.transaction(async (tx) => {
    const [sent] = await tx
      .update(mailOutbox)
      .set({ state: 'sent', attempts: sql`${mailOutbox.attempts} + 1`, lastError: null, sentAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'queued')))
      .returning();
    if (sent) await audit(tx, null, { entity: 'email', entityId: id, action: 'mail-sent', after: auditView(sent) });
  });
  log.info({ mailId: id, template: row.template }, 'e-mail sent');
  return 'sent';
}

/** What the audit log keeps of a message: which one, to whom, in which language; never its text or a link. */
function auditView(row: OutboxRow) {
  return {
    template: row.template,
    to: row.recipient,
    language: languageFromCode(row.language),
    attempts: row.attempts,
    ...(row.userId ? { userId: row.userId } : {}),
  };
}

/**
 * Sends every queued message now, in this process, oldest first (a process without a job worker: scripts
 * and tests). A failure is recorded as a retry would record it and the next message is tried.
 */
export async function deliverQueuedMail(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const queued = await ctx.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.state, 'queued'))
    .orderBy(asc(mailOutbox.id));
  let sent = 0;
  for (const { id } of queued) {
    try {
      if ((await deliverMail(ctx, id, false, log)) === 'sent') sent++;
    } catch {
      // recorded on the row; tried again by the job or the next call
    }
  }
  return sent;
}

/** The e-mail job: one message per job, retried with exponential backoff (MAIL_RETRY_LIMIT, MAIL_RETRY_DELAY_SECONDS). */
export const mailJob: JobDefinition = {
  name: MAIL_JOB,
  concurrency: 2,
  expireInSeconds: 5 * 60,
  async handle(ctx, data, log, attempt?: JobAttempt) {
    const id = Number((data as { id?: unknown }).id);
    if (!Number.isSafeInteger(id)) return;
    const final = attempt ? attempt.retryCount >= attempt.retryLimit : true;
    await deliverMail(ctx, id, final, log);
  },
  /**
   * A message asked for while no queue existed yet (no worker had started on this database) has no job:
   * it is sent under its own job id. One whose job ended without recording it (expired on its last try)
   * fails for good, as its job did.
   */
  async recover(ctx) {
    const result = (await ctx.db.execute(sql`
      select o.id, o.job_id as "jobId", j.state
      from ${mailOutbox} o left join pgboss.job j on j.name = ${MAIL_JOB} and j.id = o.job_id::uuid
      where o.state = 'queued' and o.created_at < now() - interval '30 seconds'`)) as unknown as {
      rows: { id: number; jobId: string | null; state: string | null }[];
    };
    for (const row of result.rows) {
      if (row.state === null) await sendMailJob(ctx, Number(row.id), row.jobId ?? undefined);
      else if (row.state === 'failed' || row.state === 'cancelled') {
        const jobId = randomUUID();
        await ctx.db
          .update(mailOutbox)
          .set({ jobId })
          .where(and(eq(mailOutbox.id, Number(row.id)), eq(mailOutbox.state, 'queued')));
        await sendMailJob(ctx, Number(row.id), jobId);
      }
    }
  },
};
