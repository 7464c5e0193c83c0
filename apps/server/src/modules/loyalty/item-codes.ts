import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stripInvisible } from '@fc/contract';
import {
  BundleCode,
  codesMessage,
  duplicateCodes,
  importError,
  isWellFormedItemCode,
  ITEM_CODE_SORT_FIELDS,
  MAX_IMPORT_ERRORS,
  MAX_IMPORT_ROWS,
  normaliseItemCode,
  parseItemCodeImport,
  type ImportRowError,
  type itemCodeListQuerySchema,
  type itemCodesAddBodySchema,
  type itemCodeUpdateBodySchema,
} from '@fc/contract/loyalty';
import { FileMessageCode, REJECTS_LISTED, RowMessageCode, type FileMessage, type RowMessage } from '@fc/contract/files';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { inboundFiles, loyaltyBundles, loyaltyItemCodes } from '../../db/schema/index';
import { AppError, badRequest, errorObject } from '../../http/errors';
import { contains } from '../../http/list';
import { bodyOf, englishMessage, readCsvUpload } from '../files/index';
import { activeBundle, findBundle } from './bundles';
import { actor, countedList, isoSql, limitOffset, orderSql, rowsOf, type ListPage } from './shared';

type ItemCodeListQuery = z.output<typeof itemCodeListQuerySchema>;

const SORT_COLUMNS: Record<(typeof ITEM_CODE_SORT_FIELDS)[number], SQL> = {
  item_code: sql`i.item_code`,
  description: sql`lower(i.description)`,
  comment: sql`lower(i.comment)`,
  date_added: sql`i.date_added`,
  last_modified: sql`i.last_modified`,
  modified_by: sql`lower(i.modified_by)`,
};

export interface ItemCodeSqlRow {
  item_code_seq: number | string;
  bundle_seq: number;
  item_code: string;
  description: string | null;
  comment: string | null;
  date_added: string;
  last_modified: string;
  modified_by: string | null;
}

export async function listItemCodes(
  db: Tx,
  bundleSeq: number,
  q: ItemCodeListQuery,
  page?: { limit: number; offset: number },
  countMax?: number,
) {
  const { statement, where } = itemCodeListSql(bundleSeq, q, page);
  const rows = async () => (await rowsOf<ItemCodeSqlRow>(db, statement)).map(itemCodeAttributes);
  if (page) return { rows: await rows(), total: 0, estimated: false };
  return countedList(db, q, countMax, { rows, from: sql`from loyalty_item_codes i where ${where}` });
}

/** The list's statement; with 'all', every row in the list's order (the CSV export). */
export function itemCodeListSql(bundleSeq: number, q: ItemCodeListQuery, page: ListPage): { statement: SQL; where: SQL } {
  const terms: SQL[] = [sql`i.bundle_seq = ${bundleSeq}`];
  if (q.search) {
    terms.push(
      sql`(${contains(sql`i.item_code`, q.search)} or ${contains(sql`coalesce(i.description, '')`, q.search)} or ${contains(sql`coalesce(i.comment, '')`, q.search)} or ${contains(sql`coalesce(i.modified_by, '')`, q.search)})`,
    );
  }
  const where = sql.join(terms, sql` and `);
  const { limit, offset } = limitOffset(q, page);
  const statement = sql`select i.item_code_seq, i.bundle_seq, i.item_code, i.description, i.comment, ${isoSql(sql`i.date_added`)} as date_added,
        ${isoSql(sql`i.last_modified`)} as last_modified, i.modified_by
      from loyalty_item_codes i where ${where}
      order by ${orderSql(q.sort, SORT_COLUMNS, sql`i.item_code_seq`)}
      limit ${limit} offset ${offset}`;
  return { statement, where };
}

export const itemCodeAttributes = (r: ItemCodeSqlRow) => ({
  itemCodeSeq: Number(r.item_code_seq),
  bundleSeq: Number(r.bundle_seq),
  itemCode: r.item_code,
  description: r.description,
  comment: r.comment,
  dateAdded: r.date_added,
  lastModified: r.last_modified,
  modifiedBy: r.modified_by,
});

export const ITEM_CODE_CSV_HEADER = ['Item Code', 'Description', 'Comment', 'Date Added', 'Last Modified', 'Modified By'] as const;

// ---------------------------------------------------------------------------------------------------------
// Writes

/** Codes of this bundle among `codes`. */
async function codesInBundle(tx: Tx, bundleSeq: number, codes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // Chunks keep the parameter count of one statement well below PostgreSQL's limit for large imports.
  for (let i = 0; i < codes.length; i += 5000) {
    const chunk = codes.slice(i, i + 5000);
    const rows = await tx
      .select({ code: loyaltyItemCodes.itemCode })
      .from(loyaltyItemCodes)
      .where(and(eq(loyaltyItemCodes.bundleSeq, bundleSeq), inArray(loyaltyItemCodes.itemCode, chunk)));
    for (const r of rows) found.add(r.code);
  }
  return found;
}

const invalidOrInBundle = (codes: readonly string[]) =>
  badRequest(BundleCode.InvalidCode, codesMessage('Invalid or already in bundle', codes), 'item_codes');

async function touchBundle(tx: Tx, req: FastifyRequest, bundleSeq: number) {
  await tx
    .update(loyaltyBundles)
    .set({ lastModified: sql`now()`, modifiedBy: actor(req) })
    .where(eq(loyaltyBundles.bundleSeq, bundleSeq));
}

/**
 * bundle/{id}/item_codes/add: up to 250 codes, none twice (ALB15), each well formed and not already in the
 * bundle (ALB16, naming the codes after the colon so the form flags their rows).
 */
export async function addItemCodes(ctx: AppContext, req: FastifyRequest, bundleSeq: number, body: z.output<typeof itemCodesAddBodySchema>) {
  const codes = body.item_codes.map((c) => c.item_code);
  const dups = duplicateCodes(codes);
  if (dups.length) throw badRequest(BundleCode.DuplicateCode, codesMessage('Duplicate item codes', dups), 'item_codes');
  return ctx.db.transaction(async (tx) => {
    await activeBundle(tx, bundleSeq);
    // One ALB16 names every code that cannot be added: malformed ones and those already in the bundle.
    const malformed = new Set(codes.filter((c) => !isWellFormedItemCode(c)));
    const existing = await codesInBundle(
      tx,
      bundleSeq,
      codes.filter((c) => !malformed.has(c)),
    );
    if (malformed.size || existing.size) throw invalidOrInBundle(codes.filter((c) => malformed.has(c) || existing.has(c)));
    const by = actor(req);
    const inserted = await tx
      .insert(loyaltyItemCodes)
      .values(
        body.item_codes.map((c) => ({
          bundleSeq,
          itemCode: c.item_code,
          description: c.description ?? null,
          comment: body.comment ?? null,
          modifiedBy: by,
        })),
      )
      .onConflictDoNothing()
      .returning();
    if (inserted.length !== codes.length) {
      const added = new Set(inserted.map((r) => r.itemCode));
      throw invalidOrInBundle(codes.filter((c) => !added.has(c)));
    }
    await touchBundle(tx, req, bundleSeq);
    await audit(tx, req, { entity: 'loyalty_bundle', entityId: bundleSeq, action: 'add-item-codes', after: { itemCodes: inserted } });
    return inserted.length;
  });
}

async function findItemCode(tx: Tx, bundleSeq: number, where: SQL) {
  const [row] = await tx
    .select()
    .from(loyaltyItemCodes)
    .where(and(eq(loyaltyItemCodes.bundleSeq, bundleSeq), where))
    .for('update');
  if (!row) throw new AppError(404, 'item-code-not-found', 'That item code is not in this bundle.', 'item_code');
  return row;
}

/** bundles/{bundle}/item-codes/{itemCodeSeq}/update: description (required), comment and, if changed, the code. */
export async function updateItemCode(
  ctx: AppContext,
  req: FastifyRequest,
  bundleSeq: number,
  itemCodeSeq: number,
  body: z.output<typeof itemCodeUpdateBodySchema>,
) {
  return ctx.db.transaction(async (tx) => {
    await activeBundle(tx, bundleSeq);
    const before = await findItemCode(tx, bundleSeq, eq(loyaltyItemCodes.itemCodeSeq, itemCodeSeq));
    const code = body.item_code ?? before.itemCode;
    if (code !== before.itemCode && (await codesInBundle(tx, bundleSeq, [code])).size) throw invalidOrInBundle([code]);
    const [after] = await tx
      .update(loyaltyItemCodes)
      .set({
        itemCode: code,
        description: body.description,
        comment: body.comment ?? null,
        lastModified: sql`now()`,
        modifiedBy: actor(req),
      })
      .where(eq(loyaltyItemCodes.itemCodeSeq, itemCodeSeq))
      .returning();
    await touchBundle(tx, req, bundleSeq);
    await audit(tx, req, { entity: 'loyalty_item_code', entityId: itemCodeSeq, action: 'update', before, after });
    return after!;
  });
}

/** bundles/{bundle}/item-codes/{code}/delete: `code` is the item code (padded to 5 like the form does). */
export async function deleteItemCode(ctx: AppContext, req: FastifyRequest, bundleSeq: number, rawCode: string) {
  const code = normaliseItemCode(rawCode);
  return ctx.db.transaction(async (tx) => {
    await activeBundle(tx, bundleSeq);
    const before = await findItemCode(tx, bundleSeq, eq(loyaltyItemCodes.itemCode, code));
    await tx.delete(loyaltyItemCodes).where(eq(loyaltyItemCodes.itemCodeSeq, before.itemCodeSeq));
    await touchBundle(tx, req, bundleSeq);
    await audit(tx, req, { entity: 'loyalty_item_code', entityId: before.itemCodeSeq, action: 'delete', before });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Bulk import

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
 * bundles/{bundle}/item-codes/add/csv: the file is checked (pipeline checks, then every row), and either
 * every code is added in one transaction or none is and the answer is a 400 listing the rows' errors.
 * Either way the file is recorded as a unit of the file-status page (kind item-codes) with its outcome.
 */
export async function importItemCodes(ctx: AppContext, req: FastifyRequest, bundleSeq: number) {
  const upload = await readCsvUpload(req, { maxRows: MAX_IMPORT_ROWS + 1, maxColumns: 20, maxLineBytes: 2_000 });
  const bundle = await findBundle(ctx.db, bundleSeq);
  if (bundle.status !== 0)
    throw badRequest(BundleCode.Inactive, `The bundle ${bundle.name} is inactive; no item codes can be imported.`, 'bundle_seq');

  let records: string[][];
  try {
    records = parse(bodyOf(upload.content), { skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (err) {
    // The page shows the reason from meta.reason in its reader's language (decision 0410); csv-parse's English stays in detail.
    const line = (err as { lines?: unknown }).lines;
    const reason: RowMessage =
      typeof line === 'number' ? { code: RowMessageCode.CsvUnreadable, values: { line } } : { code: RowMessageCode.CsvUnreadableAnywhere };
    throw new AppError(400, 'file-format', `The file is not readable as CSV: ${(err as Error).message}`, 'file', [], { reason });
  }
  const parsed = parseItemCodeImport(records);
  const by = actor(req);
  const sha256 = createHash('sha256').update(upload.content).digest('hex');

  const outcome = await ctx.db.transaction(async (tx) => {
    await activeBundle(tx, bundleSeq);
    const errors = [...parsed.errors];
    const existing = await codesInBundle(
      tx,
      bundleSeq,
      parsed.codes.map((c) => c.itemCode),
    );
    for (const c of parsed.codes) {
      if (existing.has(c.itemCode))
        errors.push(importError(c.row, BundleCode.InvalidCode, { code: RowMessageCode.BundleCodeHeld, values: { value: c.itemCode } }));
    }
    errors.sort((a, b) => a.row - b.row);
    let added = 0;
    if (!errors.length) {
      for (let i = 0; i < parsed.codes.length; i += 1000) {
        const inserted = await tx
          .insert(loyaltyItemCodes)
          .values(
            parsed.codes.slice(i, i + 1000).map((c) => ({
              bundleSeq,
              itemCode: c.itemCode,
              // Without bidirectional and zero-width characters, as every name and description (decision 0320).
              description: c.description === null ? null : stripInvisible(c.description) || null,
              modifiedBy: by,
            })),
          )
          .onConflictDoNothing()
          .returning({ seq: loyaltyItemCodes.itemCodeSeq });
        added += inserted.length;
      }
      // A code added by someone else since the check: nothing of this file is kept.
      if (added !== parsed.codes.length)
        throw new AppError(
          409,
          BundleCode.InvalidCode,
          'Some of these item codes were added to the bundle meanwhile; send the file again.',
          'file',
        );
      await touchBundle(tx, req, bundleSeq);
    }
    const ok = errors.length === 0;
    const coded: FileMessage = ok
      ? { code: FileMessageCode.ItemCodesAdded, values: { added, bundle: bundle.name } }
      : {
          code: FileMessageCode.ItemCodesRefused,
          values: { refused: errors.length, bundle: bundle.name, rejects: errors.slice(0, REJECTS_LISTED).map((e) => e.reason) },
        };
    const message = englishMessage(coded).slice(0, 500);
    const [file] = await tx
      .insert(inboundFiles)
      .values({
        kind: 'item-codes',
        fileName: upload.fileName,
        content: upload.content,
        byteSize: upload.content.length,
        sha256,
        uploadedBy: req.principal?.userId ?? null,
        merchantNo: null,
        params: { bundleSeq, bundleName: bundle.name },
        state: ok ? 'done' : 'failed',
        unitStatus: ok ? 0 : 1,
        osReturnCode: ok ? 0 : 1,
        message,
        messageCode: coded.code,
        messageValues: coded.values,
        rowsTotal: Math.max(0, records.length - 1),
        rowsDone: added,
        startedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .returning({ seq: inboundFiles.seq });
    await audit(tx, req, {
      entity: 'inbound_file',
      entityId: file!.seq,
      action: ok ? 'processed' : 'failed',
      after: {
        kind: 'item-codes',
        fileName: upload.fileName,
        byteSize: upload.content.length,
        sha256,
        bundleSeq,
        added,
        errors: errors.length,
        message,
      },
    });
    if (ok)
      await audit(tx, req, {
        entity: 'loyalty_bundle',
        entityId: bundleSeq,
        action: 'import-item-codes',
        after: { fileSeq: file!.seq, added },
      });
    return { ok, errors, added, fileSeq: file!.seq };
  });
  if (!outcome.ok) {
    const [first, ...rest] = rowErrors(outcome.errors);
    throw new AppError(400, first!.code, first!.detail!, 'file', rest, first!.meta);
  }
  return { added: outcome.added, fileSeq: outcome.fileSeq };
}
