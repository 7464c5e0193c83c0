import type { FastifyBaseLogger } from 'fastify';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { languageFromCode, type Language, type ListQuery } from '@fc/contract';
import { FileMessageCode, RowMessageCode, fileProblem, rowMessageText, type FileMessage, type RowMessage } from '@fc/contract/files';
import {
  CORE_FILE_REQUIRED,
  CORE_REPORT_HEADER,
  checkCoreRow,
  coreFileTypeName,
  verifyCorePrice,
  type CoreStatus,
  type CORE_SORT_FIELDS,
} from '@fc/contract/maintenance';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { audit } from '../../audit/audit';
import { coreParts, customers, parts, users } from '../../db/schema/index';
import { safeCell } from '../../http/csv';
import { contains, offsetOf, orderBy, pageAndCount } from '../../http/list';
import { CsvFileError, csvBatches } from '../files/index';
import { enqueueMail, wakeMailWorker } from '../../mail/outbox';
import type { FileOutcome, InboundFile } from '../files/index';

type CoreSortField = (typeof CORE_SORT_FIELDS)[number];
export type CoreListQuery = ListQuery<CoreSortField, { name?: string; cust_no?: string; part_no?: string; status?: CoreStatus }>;

const columns = {
  // Names are sorted as people read them, whatever their case (as the tax list does).
  name: sql`lower(${customers.custName})`,
  cust_no: coreParts.custNo,
  part_no: coreParts.partNo,
  effective_date: coreParts.effectiveDate,
  expiry_date: coreParts.expiryDate,
  status: coreParts.status,
  file_type: coreParts.fileType,
} satisfies Record<CoreSortField, unknown>;

/** Core parts with their customer's name, filtered, sorted and paged in SQL. */
export async function listCoreParts(db: Tx, q: CoreListQuery, countMax: number) {
  const where: SQL[] = [];
  if (q.filters.name) where.push(contains(customers.custName, q.filters.name));
  if (q.filters.cust_no) where.push(contains(coreParts.custNo, q.filters.cust_no));
  if (q.filters.part_no) where.push(contains(coreParts.partNo, q.filters.part_no));
  if (q.filters.status) where.push(eq(coreParts.status, q.filters.status));
  const condition = where.length ? and(...where) : undefined;
  const got = await pageAndCount(db, {
    page: q.page,
    exact: q.exactCount,
    max: countMax,
    matching: sql`select 1 from ${coreParts} join ${customers} on ${customers.custNo} = ${coreParts.custNo} where ${condition ?? sql`true`}`,
    rows: () =>
      db
        .select({
          id: coreParts.id,
          name: customers.custName,
          custNo: coreParts.custNo,
          partNo: coreParts.partNo,
          effectiveDate: coreParts.effectiveDate,
          expiryDate: coreParts.expiryDate,
          status: coreParts.status,
          fileType: coreParts.fileType,
          price: coreParts.price,
        })
        .from(coreParts)
        .innerJoin(customers, eq(customers.custNo, coreParts.custNo))
        .where(condition)
        .orderBy(...orderBy(q.sort, columns, coreParts.id))
        .limit(q.page.size)
        .offset(offsetOf(q.page)),
    count: async () =>
      (await db.select({ n: count() }).from(coreParts).innerJoin(customers, eq(customers.custNo, coreParts.custNo)).where(condition))[0]
        ?.n ?? 0,
  });
  return { ...got, rows: got.rows.map((r) => ({ ...r, fileType: coreFileTypeName(r.fileType) })) };
}

export interface CoreProblem {
  row: number;
  column: string;
  value: string;
  reason: RowMessage;
}

interface CoreCandidate {
  line: number;
  custNo: number;
  partNo: string;
  effectiveDate: string;
  expiryDate: string | null;
  status: CoreStatus;
  /** Price Verify: the price as given (null: blank), then the verified price to store. */
  price: string | null;
}

/**
 * The report of a core upload: one line per problem (row, column, value, reason), formula cells escaped.
 * The header stays the same for programs; the reason is written in `lang`, the uploader's (decision 0410).
 */
export function coreReport(problems: readonly CoreProblem[], lang: Language = 'en-us'): Buffer {
  return Buffer.from(
    stringify(
      problems.map((p) => [p.row, p.column, p.value, rowMessageText(lang, p.reason)].map(safeCell)),
      { header: true, columns: [...CORE_REPORT_HEADER] },
    ),
  );
}

/** The values of a core row that an upload sets, as the audit record shows them. */
interface CoreValues {
  effective_date: string;
  expiry_date: string | null;
  status: string;
  price: string | null;
}

/** At most this many changed rows are listed, with before and after, in the audit record of one batch. */
export const CORE_AUDIT_ROWS = 50;

export interface CoreUpsertResult {
  changed: number;
  inserted: number;
  /** Changed rows by "cust_no part_no": the values before (null when the row is new) and after. */
  rows: { key: string; before: CoreValues | null; after: CoreValues }[];
}

/** The key and the values of a core row, read before an upload and answered by its upsert. */
const valueColumns = {
  custNo: coreParts.custNo,
  partNo: coreParts.partNo,
  effectiveDate: coreParts.effectiveDate,
  expiryDate: coreParts.expiryDate,
  status: coreParts.status,
  price: coreParts.price,
};

/**
 * Inserts or replaces rows of one file type; answers the rows that changed (an identical row is left
 * alone) with their values before and after. The rows the batch names are locked first, so the
 * values read as "before" are the ones the upsert replaces.
 */
async function upsertCoreParts(tx: Tx, rows: readonly CoreCandidate[], fileType: number, seq: number): Promise<CoreUpsertResult> {
  const keyOf = (custNo: number, partNo: string) => `${custNo} ${partNo}`;
  const existing = await tx
    .select(valueColumns)
    .from(coreParts)
    .where(
      and(
        eq(coreParts.fileType, fileType),
        inArray(coreParts.custNo, [...new Set(rows.map((r) => r.custNo))]),
        inArray(coreParts.partNo, [...new Set(rows.map((r) => r.partNo))]),
      ),
    )
    .for('update');
  const beforeOf = new Map(
    existing.map((e) => [
      keyOf(e.custNo, e.partNo),
      { effective_date: e.effectiveDate, expiry_date: e.expiryDate, status: e.status, price: e.price },
    ]),
  );
  const changed = await tx
    .insert(coreParts)
    .values(
      rows.map((r) => ({
        custNo: r.custNo,
        partNo: r.partNo,
        effectiveDate: r.effectiveDate,
        expiryDate: r.expiryDate,
        status: r.status,
        price: r.price,
        fileType,
        sourceFileSeq: seq,
      })),
    )
    .onConflictDoUpdate({
      target: [coreParts.custNo, coreParts.partNo, coreParts.fileType],
      set: {
        effectiveDate: sql`excluded.effective_date`,
        expiryDate: sql`excluded.expiry_date`,
        status: sql`excluded.status`,
        price: sql`excluded.price`,
        sourceFileSeq: sql`excluded.source_file_seq`,
        updatedAt: sql`now()`,
      },
      // A re-run after a crash finds its own rows (same source file) and counts them as changed again.
      setWhere: sql`(${coreParts.effectiveDate}, ${coreParts.expiryDate}, ${coreParts.status}, ${coreParts.price}) is distinct from (excluded.effective_date, excluded.expiry_date, excluded.status, excluded.price) or ${coreParts.sourceFileSeq} = excluded.source_file_seq`,
    })
    .returning(valueColumns);
  const changedRows = changed.map((c) => {
    const key = keyOf(c.custNo, c.partNo);
    return {
      key,
      before: beforeOf.get(key) ?? null,
      after: { effective_date: c.effectiveDate, expiry_date: c.expiryDate, status: c.status, price: c.price },
    };
  });
  return { changed: changed.length, inserted: changedRows.filter((r) => r.before === null).length, rows: changedRows };
}

/**
 * The audit record of one applied batch: the uploader is the actor; after holds the counts and, like
 * before, the first CORE_AUDIT_ROWS changed rows keyed "cust_no part_no" (docs/decisions/0081).
 */
function coreAuditEntry(file: InboundFile, fileType: number, applied: number, r: CoreUpsertResult) {
  const listed = r.rows.slice(0, CORE_AUDIT_ROWS);
  const before: Record<string, CoreValues> = {};
  const after: Record<string, unknown> = {
    file_seq: file.seq,
    file_name: file.fileName,
    file_type: coreFileTypeName(fileType),
    rows: applied,
    changed: r.changed,
    inserted: r.inserted,
    updated: r.changed - r.inserted,
    unlisted: r.rows.length - listed.length,
  };
  for (const row of listed) {
    if (row.before) before[row.key] = row.before;
    after[row.key] = row.after;
  }
  return { entity: 'core_parts', entityId: file.seq, action: 'upload', before, after };
}

/** Who uploaded the file, as the audit records name them; nobody when the account is gone. */
async function uploaderOf(ctx: AppContext, file: InboundFile) {
  if (!file.uploadedBy) return undefined;
  const [user] = await ctx.db.select({ userId: users.id, username: users.username }).from(users).where(eq(users.id, file.uploadedBy));
  return user;
}

/**
 * The background job of a core upload (type 0 Coreless, any other Price Verify). Every row is checked:
 * the row's own rules (contract `checkCoreRow`), a customer number that exists, a part number of the
 * catalogue, and no second row for the same customer and part. Accepted rows replace the customer's
 * row of that part and type; rejected rows are listed in a report (row, column, value, reason) that is
 * stored with the file and e-mailed to the uploader. Re-running the job applies the same rows again
 * with no duplicates.
 */
export async function processCoreFile(
  ctx: AppContext,
  file: InboundFile,
  progress: (done: number, total?: number) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<FileOutcome> {
  const fileType = Number((file.params as { type?: unknown } | null)?.type ?? 0) === 0 ? 0 : 1;
  const problems: CoreProblem[] = [];
  const rejectedRows = new Set<number>();
  const firstRowOf = new Map<string, number>();
  let total = 0;
  let applied = 0;
  let changed = 0;
  let fileError: FileMessage | undefined;
  const uploader = await uploaderOf(ctx, file);
  try {
    for await (const batch of csvBatches(file.content, { required: CORE_FILE_REQUIRED, batchSize: 2000 })) {
      total += batch.length;
      const candidates: CoreCandidate[] = [];
      for (const record of batch) {
        const check = checkCoreRow(record.values, { priceVerify: fileType !== 0 });
        if (!check.ok) {
          for (const p of check.problems) problems.push({ row: record.line, ...p });
          rejectedRows.add(record.line);
          continue;
        }
        const key = `${check.custNo}|${check.partNo}`;
        const first = firstRowOf.get(key);
        if (first !== undefined) {
          problems.push({
            row: record.line,
            column: 'part_no',
            value: check.partNo,
            reason: { code: RowMessageCode.CoreRowRepeated, values: { first } },
          });
          rejectedRows.add(record.line);
          continue;
        }
        firstRowOf.set(key, record.line);
        candidates.push({
          line: record.line,
          custNo: check.custNo,
          partNo: check.partNo,
          effectiveDate: check.effectiveDate,
          expiryDate: check.expiryDate,
          status: check.status,
          price: check.price,
        });
      }
      const custNos = [...new Set(candidates.map((c) => c.custNo))];
      const partNos = [...new Set(candidates.map((c) => c.partNo))];
      const [knownCustomers, knownParts] = await Promise.all([
        custNos.length ? ctx.db.select({ custNo: customers.custNo }).from(customers).where(inArray(customers.custNo, custNos)) : [],
        partNos.length
          ? ctx.db.select({ partNo: parts.partNo, programPrice: parts.programPrice }).from(parts).where(inArray(parts.partNo, partNos))
          : [],
      ]);
      const customerSet = new Set(knownCustomers.map((c) => c.custNo));
      const programPriceOf = new Map(knownParts.map((p) => [p.partNo, p.programPrice]));
      const good: CoreCandidate[] = [];
      for (const c of candidates) {
        let ok = true;
        if (!customerSet.has(c.custNo)) {
          problems.push({
            row: c.line,
            column: 'cust_no',
            value: String(c.custNo),
            reason: { code: RowMessageCode.UnknownCustomer, values: { custNo: c.custNo } },
          });
          ok = false;
        }
        if (!programPriceOf.has(c.partNo)) {
          problems.push({
            row: c.line,
            column: 'part_no',
            value: c.partNo,
            reason: { code: RowMessageCode.PartNotInCatalogue, values: { part: c.partNo } },
          });
          ok = false;
        } else if (fileType !== 0) {
          // Price Verify: the row's price is checked against the part's programme price (docs/decisions/0082).
          const verified = verifyCorePrice(c.partNo, c.price, programPriceOf.get(c.partNo) ?? null);
          if (verified.ok) c.price = verified.price;
          else {
            problems.push({ row: c.line, ...verified.problem });
            ok = false;
          }
        }
        if (ok) good.push(c);
        else rejectedRows.add(c.line);
      }
      if (good.length) {
        changed += await ctx.db.transaction(async (tx) => {
          const result = await upsertCoreParts(tx, good, fileType, file.seq);
          await audit(tx, null, { ...coreAuditEntry(file, fileType, good.length, result), actor: uploader });
          return result.changed;
        });
        applied += good.length;
      }
      await progress(total);
    }
  } catch (err) {
    if (!(err instanceof CsvFileError)) throw err;
    fileError = err.fileMessage;
  }
  if (!fileError && total === 0) fileError = { code: FileMessageCode.NoRows, values: {} };
  if (fileError) problems.unshift({ row: 1, column: '', value: '', reason: fileProblem(fileError) });
  await progress(total, total);

  const type = coreFileTypeName(fileType);
  if (problems.length === 0) {
    return changed > 0
      ? { unitStatus: 0, osReturnCode: 0, message: { code: FileMessageCode.CoreApplied, values: { applied, type } } }
      : { unitStatus: 2, osReturnCode: 0, message: { code: FileMessageCode.CoreNothingNew, values: { applied, type } } };
  }
  const message: FileMessage = fileError ?? {
    code: FileMessageCode.CoreRejected,
    values: { rejected: rejectedRows.size, total, applied, type },
  };
  const report = coreReport(problems, reportLanguage(file));
  const reportName = `core-upload-report-${file.seq}.csv`;
  await mailReport(ctx, file, { fileType, fileError, total, rejected: rejectedRows.size, applied, problems, report, reportName }).catch(
    (err: unknown) => log.error({ err, seq: file.seq }, 'core upload report could not be queued for e-mail'),
  );
  return { unitStatus: 1, osReturnCode: fileError ? 1 : 0, message, result: report, resultName: reportName };
}

/** The language of the uploader's session when the file was sent (params.language, 0 en-us, 1 es, 2 fr). */
function reportLanguage(file: InboundFile): Language {
  return languageFromCode((file.params as { language?: number } | null)?.language);
}

const MAIL_PROBLEM_LINES = 50;

/**
 * The report goes to the uploader when the account has an e-mail address, in the uploader's language,
 * through the e-mail queue (the message lists the first problems; the attached report lists them all).
 */
async function mailReport(
  ctx: AppContext,
  file: InboundFile,
  r: {
    fileType: number;
    fileError: FileMessage | undefined;
    total: number;
    rejected: number;
    applied: number;
    problems: CoreProblem[];
    report: Buffer;
    reportName: string;
  },
) {
  if (!file.uploadedBy) return;
  const [user] = await ctx.db
    .select({ email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.id, file.uploadedBy))
    .limit(1);
  if (!user?.email) return;
  await ctx.db.transaction((tx) =>
    enqueueMail(ctx, tx, {
      template: 'core-report',
      to: user.email!,
      language: user.language,
      userId: file.uploadedBy,
      params: {
        fullName: user.fullName,
        fileName: file.fileName,
        seq: file.seq,
        fileType: r.fileType === 0 ? 'coreless' : 'priceVerify',
        // Reasons are codes with values (decision 0410): the e-mail job words them in the recipient's language.
        fileError: r.fileError ? fileProblem(r.fileError) : null,
        total: r.total,
        rejected: r.rejected,
        applied: r.applied,
        problems: r.problems.slice(0, MAIL_PROBLEM_LINES).map((p) => ({ row: p.row, column: p.column, value: p.value, reason: p.reason })),
        more: Math.max(0, r.problems.length - MAIL_PROBLEM_LINES),
        reportName: r.reportName,
      },
      attachments: [{ filename: r.reportName, content: r.report, contentType: 'text/csv' }],
    }),
  );
  wakeMailWorker(ctx);
}
