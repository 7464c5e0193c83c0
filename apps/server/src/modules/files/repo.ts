import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { AccountType } from '@fc/contract';
import { PriceFileStatus, type InboundKind } from '@fc/contract/files';
import type { Db } from '../../db/client';
import { inboundFiles, users } from '../../db/schema/index';
import type { SessionPrincipal } from '../../http/access';
import { pageAndCount } from '../../http/list';
import { scopeOf } from '../inbound-files/index';

/** Price report rows shown at most (the table has no paging; older files stay on the file-status page). */
export const PRICE_LIST_LIMIT = 100;
/** Processing dates the file-status page shows. */
export const FILE_STATUS_DAYS = 31;

/** 26 queued or running, 19 processed, 13 failed (FILE-03). */
export const priceStatusSql =
  sql<number>`(case ${inboundFiles.state} when 'done' then ${sql.raw(String(PriceFileStatus.Processed))} when 'failed' then ${sql.raw(String(PriceFileStatus.Failed))} else ${sql.raw(String(PriceFileStatus.InProgress))} end)`.mapWith(
    Number,
  );

const priceColumns = {
  seq: inboundFiles.seq,
  entryDate: inboundFiles.createdAt,
  status: priceStatusSql,
  fileName: inboundFiles.fileName,
  merchantNo: inboundFiles.merchantNo,
  message: inboundFiles.message,
  messageCode: inboundFiles.messageCode,
  messageValues: inboundFiles.messageValues,
  rowsDone: inboundFiles.rowsDone,
  rowsTotal: inboundFiles.rowsTotal,
  jobId: inboundFiles.jobId,
  osReturnCode: inboundFiles.osReturnCode,
};

/**
 * The price-report table (no paging in the specification: the newest PRICE_LIST_LIMIT files) and its
 * meta.record_count, counted or estimated as every list's (decision 0600: the files table grows with every
 * upload; fewer files than the limit are their own exact count).
 */
export async function listPriceFiles(db: Db, p: SessionPrincipal, countMax: number) {
  const where = and(eq(inboundFiles.kind, 'price'), scopeOf(p));
  return pageAndCount(db, {
    page: { number: 1, size: PRICE_LIST_LIMIT },
    max: countMax,
    matching: sql`select 1 from ${inboundFiles} where ${where}`,
    rows: () =>
      db
        .select(priceColumns)
        .from(inboundFiles)
        .where(where)
        .orderBy(desc(inboundFiles.createdAt), desc(inboundFiles.seq))
        .limit(PRICE_LIST_LIMIT),
    count: async () =>
      Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(inboundFiles)
            .where(where)
        )[0]?.n ?? 0,
      ),
  });
}

export async function findPriceFileByJob(db: Db, p: SessionPrincipal, jobId: string) {
  const [row] = await db
    .select(priceColumns)
    .from(inboundFiles)
    .where(and(eq(inboundFiles.kind, 'price'), eq(inboundFiles.jobId, jobId), scopeOf(p)))
    .limit(1);
  return row;
}

export async function findPriceResult(db: Db, p: SessionPrincipal, seq: number) {
  const [row] = await db
    .select({
      seq: inboundFiles.seq,
      state: inboundFiles.state,
      // Whether there is a result; its bytes are streamed apart (storedResultStream).
      hasResult: sql<boolean>`${inboundFiles.result} is not null`,
      resultName: inboundFiles.resultName,
      fileName: inboundFiles.fileName,
    })
    .from(inboundFiles)
    .where(and(eq(inboundFiles.kind, 'price'), eq(inboundFiles.seq, seq), scopeOf(p)))
    .limit(1);
  return row;
}

/**
 * Processed files of the last FILE_STATUS_DAYS processing dates (UTC), newest first, with their date;
 * the route groups consecutive rows of one date.
 */
export async function listFileStatusUnits(db: Db, p: SessionPrincipal) {
  const day = sql<string>`to_char(${inboundFiles.finishedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const scope = and(isNotNull(inboundFiles.unitStatus), isNotNull(inboundFiles.finishedAt), scopeOf(p));
  const since = db.select({ d: sql`min(d)` }).from(
    db
      .selectDistinct({ d: sql`(${inboundFiles.finishedAt} at time zone 'UTC')::date`.as('d') })
      .from(inboundFiles)
      .where(scope)
      .orderBy(sql`1 desc`)
      .limit(FILE_STATUS_DAYS)
      .as('days'),
  );
  return db
    .select({
      seq: inboundFiles.seq,
      date: day,
      kind: sql<InboundKind>`${inboundFiles.kind}`,
      name: inboundFiles.fileName,
      status: sql<number>`${inboundFiles.unitStatus}`,
      statusMsg: sql<string>`coalesce(${inboundFiles.message}, '')`,
      statusMsgCode: inboundFiles.messageCode,
      statusMsgValues: inboundFiles.messageValues,
      finishedAt: inboundFiles.finishedAt,
    })
    .from(inboundFiles)
    .where(and(scope, gte(sql`(${inboundFiles.finishedAt} at time zone 'UTC')::date`, sql`(${since})`)))
    .orderBy(desc(inboundFiles.finishedAt), desc(inboundFiles.seq))
    .limit(2000);
}

/**
 * A merchant number is a dealer of the programme when a dealer login (account type 1) carries it, enabled
 * or not: there is no merchants table, and a disabled login does not end the dealership (decision 0092).
 */
export async function isDealerMerchant(db: Db, merchantNo: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(and(eq(users.accountType, AccountType.Merchant), eq(users.merchantNo, merchantNo)))
    .limit(1);
  return !!row;
}
