import type { FastifyBaseLogger } from 'fastify';
import { parse } from 'csv-parse/sync';
import { stripInvisible } from '@fc/contract';
import {
  BundleCode,
  importError,
  MAX_IMPORT_ERRORS,
  MAX_IMPORT_ROWS,
  parseItemCodeImport,
  type ImportRowError,
} from '@fc/contract/loyalty';
import { FileMessageCode, REJECTS_LISTED, RowMessageCode, type FileMessage, type RowMessage } from '@fc/contract/files';
import { audit, type Actor } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { loyaltyItemCodes } from '../../db/schema/index';
import { AppError, badRequest, errorObject } from '../../http/errors';
import type { Upload } from '../../http/multipart';
import {
  acceptInboundFile,
  bodyOf,
  checkCsvUpload,
  defineFileJob,
  recordOutcome,
  runUnitNow,
  type FileOutcome,
  type InboundFile,
} from '../inbound-files/index';
import { activeBundle, findBundle } from './service/bundles';
import { codesInBundle, touchBundle } from './repo/item-codes';

/** What an item-code unit carries besides its file: the bundle, and who imports (the codes' modified_by, the audit's actor). */
interface ItemCodeImportParams {
  bundleSeq: number;
  bundleName: string;
  actor: Actor;
}

/** The outcome of an import, with what its request answers: every row's error, or the codes added. */
interface ItemCodeOutcome extends FileOutcome {
  errors: ImportRowError[];
  added: number;
}

const readRecords = (content: Buffer) => parse(bodyOf(content), { skip_empty_lines: true, relax_column_count: true }) as string[][];

/** Thrown inside the import's transaction when a code was added by someone else since the check: nothing is kept. */
class AddedMeanwhile extends Error {
  constructor(readonly codes: { row: number; itemCode: string }[]) {
    super('item codes added meanwhile');
  }
}

function refused(params: ItemCodeImportParams, errors: ImportRowError[], rows: FileOutcome['rows']): ItemCodeOutcome {
  const message: FileMessage = {
    code: FileMessageCode.ItemCodesRefused,
    values: { refused: errors.length, bundle: params.bundleName, rejects: errors.slice(0, REJECTS_LISTED).map((e) => e.reason) },
  };
  return { unitStatus: 1, osReturnCode: 1, message, rows, errors, added: 0 };
}

/**
 * An item-code unit's job (LOY-20): every row is checked, and either every code is added in one transaction
 * with the unit's outcome, or none is and the unit fails listing the rows' errors. Idempotent: a re-run finds
 * the unit ended (its outcome is recorded in the transaction of the codes).
 */
async function processItemCodeFile(ctx: AppContext, file: InboundFile): Promise<ItemCodeOutcome> {
  const params = file.params as ItemCodeImportParams;
  const records = readRecords(file.content);
  const parsed = parseItemCodeImport(records);
  const rows = { done: 0, total: Math.max(0, records.length - 1) };
  try {
    return await ctx.db.transaction(async (tx) => {
      await activeBundle(tx, params.bundleSeq);
      const errors = [...parsed.errors];
      const existing = await codesInBundle(
        tx,
        params.bundleSeq,
        parsed.codes.map((c) => c.itemCode),
      );
      for (const c of parsed.codes) {
        if (existing.has(c.itemCode))
          errors.push(importError(c.row, BundleCode.InvalidCode, { code: RowMessageCode.BundleCodeHeld, values: { value: c.itemCode } }));
      }
      errors.sort((a, b) => a.row - b.row);
      if (errors.length) {
        const outcome = refused(params, errors, rows);
        await recordOutcome(tx, file.seq, outcome);
        return outcome;
      }
      const added = await addCodes(tx, params, parsed.codes);
      const outcome: ItemCodeOutcome = {
        unitStatus: 0,
        osReturnCode: 0,
        message: { code: FileMessageCode.ItemCodesAdded, values: { added, bundle: params.bundleName } },
        rows: { ...rows, done: added },
        errors: [],
        added,
      };
      await recordOutcome(tx, file.seq, outcome);
      await audit(tx, params.actor, {
        entity: 'loyalty_bundle',
        entityId: params.bundleSeq,
        action: 'import-item-codes',
        after: { fileSeq: file.seq, added },
      });
      return outcome;
    });
  } catch (err) {
    if (!(err instanceof AddedMeanwhile)) throw err;
    const errors = err.codes.map((c) =>
      importError(c.row, BundleCode.InvalidCode, { code: RowMessageCode.BundleCodeHeld, values: { value: c.itemCode } }),
    );
    const outcome = refused(params, errors, rows);
    await ctx.db.transaction((tx) => recordOutcome(tx, file.seq, outcome));
    return outcome;
  }
}

async function addCodes(
  tx: Tx,
  params: ItemCodeImportParams,
  codes: { row: number; itemCode: string; description: string | null }[],
): Promise<number> {
  const added = new Set<string>();
  for (let i = 0; i < codes.length; i += 1000) {
    const inserted = await tx
      .insert(loyaltyItemCodes)
      .values(
        codes.slice(i, i + 1000).map((c) => ({
          bundleSeq: params.bundleSeq,
          itemCode: c.itemCode,
          // Without bidirectional and zero-width characters, as every name and description (decision 0320).
          description: c.description === null ? null : stripInvisible(c.description) || null,
          modifiedBy: params.actor.username,
        })),
      )
      .onConflictDoNothing()
      .returning({ code: loyaltyItemCodes.itemCode });
    for (const r of inserted) added.add(r.code);
  }
  if (added.size !== codes.length) throw new AddedMeanwhile(codes.filter((c) => !added.has(c.itemCode)));
  await touchBundle(tx, params.actor.username, params.bundleSeq);
  return added.size;
}

/** The item-code import's job kind, listed with the others (src/modules/jobs.ts). */
export const itemCodeFileJob = defineFileJob('item-codes', processItemCodeFile);

function rowErrors(errors: readonly ImportRowError[]) {
  // meta.reason: the row's message as a code with values, which the web app shows in its reader's language.
  const shown: (ReturnType<typeof errorObject> & { meta: Record<string, unknown> })[] = errors
    .slice(0, MAX_IMPORT_ERRORS)
    .map((e) => ({ ...errorObject(400, e.code, e.message, 'file'), meta: { row: e.row, reason: e.reason } }));
  if (errors.length > MAX_IMPORT_ERRORS) {
    shown.push({
      ...errorObject(400, 'import-more-errors', `${errors.length - MAX_IMPORT_ERRORS} more rows have errors.`, 'file'),
      meta: { row: 0, more: errors.length - MAX_IMPORT_ERRORS },
    });
  }
  return shown;
}

/**
 * bundles/{bundle}/item-codes/add/csv: the upload checks, then the file is stored as a unit of the file-status
 * page (kind item-codes) and its job runs in this request, since the answer must say whether the codes were
 * added (data[0].status success, or a 400 listing the rows' errors; decision 0820).
 */
export async function importItemCodes(ctx: AppContext, actor: Actor, received: Upload, bundleSeq: number, log: FastifyBaseLogger) {
  const upload = await checkCsvUpload(received, { maxRows: MAX_IMPORT_ROWS + 1, maxColumns: 20, maxLineBytes: 2_000 });
  const bundle = await findBundle(ctx.db, bundleSeq);
  if (bundle.status !== 0)
    throw badRequest(BundleCode.Inactive, `The bundle ${bundle.name} is inactive; no item codes can be imported.`, 'bundle_seq');
  try {
    readRecords(upload.content);
  } catch (err) {
    // The page shows the reason from meta.reason in its reader's language (decision 0410); csv-parse's English stays in detail.
    const line = (err as { lines?: unknown }).lines;
    const reason: RowMessage =
      typeof line === 'number' ? { code: RowMessageCode.CsvUnreadable, values: { line } } : { code: RowMessageCode.CsvUnreadableAnywhere };
    throw new AppError(400, 'file-format', `The file is not readable as CSV: ${(err as Error).message}`, 'file', [], { reason });
  }
  const { seq } = await acceptInboundFile(ctx, actor, {
    kind: 'item-codes',
    fileName: upload.fileName,
    content: upload.content,
    params: { bundleSeq, bundleName: bundle.name, actor } satisfies ItemCodeImportParams,
    merchantNo: null,
    holdJob: true,
  });
  const outcome = await runUnitNow(ctx, seq, processItemCodeFile, log);
  if (outcome.errors.length) {
    const [first, ...rest] = rowErrors(outcome.errors);
    throw new AppError(400, first!.code, first!.detail!, 'file', rest, first!.meta);
  }
  return { added: outcome.added, fileSeq: seq };
}
