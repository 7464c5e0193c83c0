import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { AccountType, effectiveType } from '@fc/contract';
import type { InboundKind } from '@fc/contract/files';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { inboundFiles } from '../../db/schema/index';
import { storedResultStream } from '../../db/stored-file';
import type { SessionPrincipal } from '../../http/access';
import { sendDownload } from '../../http/download';
import { claimFile, finishFile, heartbeat, progressOf, type FileHandler, type FileOutcome, type InboundFile } from './job';

/** Corporate staff see every file; a dealer only its own merchant's (none without a merchant number). */
export function scopeOf(p: SessionPrincipal): SQL | undefined {
  if (effectiveType(p) === AccountType.Corporate) return undefined;
  return p.merchantNo == null ? sql`false` : eq(inboundFiles.merchantNo, p.merchantNo);
}

// Everything but the two files (the status is polled every second while a file is processed; the result is streamed apart).
const { content: _content, result: _result, ...statusColumns } = getTableColumns(inboundFiles);

/** A unit's status as its page polls it: state, outcome, progress, whether it has a result. */
export type UnitStatus = Omit<InboundFile, 'content' | 'result'> & { hasResult: boolean };

/** The unit of `kind` whose job is `jobId`, within `scope` (see scopeOf); undefined when there is none. */
export async function unitByJob(db: Db, kind: InboundKind, jobId: string, scope?: SQL): Promise<UnitStatus | undefined> {
  const [unit] = await db
    .select({ ...statusColumns, hasResult: sql<boolean>`${inboundFiles.result} is not null` })
    .from(inboundFiles)
    .where(and(eq(inboundFiles.jobId, jobId), eq(inboundFiles.kind, kind), scope))
    .limit(1);
  return unit;
}

/** Sends a unit's result file as a download (decision 0630); the caller has checked that it exists and who asks. */
export function sendUnitResult(reply: FastifyReply, db: Db, unit: { seq: number; resultName: string | null }, fallbackName: string) {
  return sendDownload(reply, unit.resultName ?? fallbackName, () => storedResultStream(db, unit.seq));
}

/**
 * Runs a unit's job at once, in the request that stored it, for an answer the specification wants in that
 * answer (an item-code import: LOY-20, decision 0820). The unit was accepted with its pg-boss job held back
 * (`acceptInboundFile` with `holdJob`), so the worker does not race the request for it; if this process dies
 * before the outcome is recorded, the held job takes the unit over once its heartbeat is stale. The handler
 * is the kind's job handler; its outcome (with whatever it adds for the answer) is returned.
 */
export async function runUnitNow<O extends FileOutcome>(
  ctx: AppContext,
  seq: number,
  handler: (...args: Parameters<FileHandler>) => Promise<O>,
  log: FastifyBaseLogger,
): Promise<O> {
  const file = await claimFile(ctx, seq);
  if (!file) throw new Error(`inbound file ${seq} was claimed by another process`);
  const timer = heartbeat(ctx, seq);
  try {
    const outcome = await handler(ctx, file, progressOf(ctx, seq), log);
    await finishFile(ctx, seq, outcome);
    return outcome;
  } finally {
    clearInterval(timer);
  }
}
