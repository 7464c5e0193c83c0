import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { FileMessageCode, RowMessageCode, fileProblem, type FileMessage } from '@fc/contract/files';
import { CORE_FILE_REQUIRED, checkCoreRow, coreFileTypeName, verifyCorePrice } from '@fc/contract/maintenance';
import type { AppContext } from '../../context';
import { audit } from '../../audit/audit';
import { customers, parts, users } from '../../db/schema/index';
import { CsvFileError, csvBatches, type FileOutcome, type InboundFile } from '../inbound-files/index';
import { coreReport, mailReport, reportLanguage, type CoreProblem } from './core-report';
import { coreAuditEntry, type CoreCandidate, upsertCoreParts } from './core-upsert';

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
