import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  BundleCode,
  codesMessage,
  duplicateCodes,
  isWellFormedItemCode,
  ITEM_CODE_SORT_FIELDS,
  normaliseItemCode,
  type itemCodeListQuerySchema,
  type itemCodesAddBodySchema,
  type itemCodeUpdateBodySchema,
} from '@fc/contract/loyalty';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { loyaltyBundles, loyaltyItemCodes } from '../../db/schema/index';
import { AppError, badRequest } from '../../http/errors';
import { contains } from '../../http/list';
import { activeBundle } from './bundles';
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
export async function codesInBundle(tx: Tx, bundleSeq: number, codes: readonly string[]): Promise<Set<string>> {
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

/** The bundle's last change: now, by `by` (a username). */
export async function touchBundle(tx: Tx, by: string | null, bundleSeq: number) {
  await tx
    .update(loyaltyBundles)
    .set({ lastModified: sql`now()`, modifiedBy: by })
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
    await touchBundle(tx, actor(req), bundleSeq);
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
    await touchBundle(tx, actor(req), bundleSeq);
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
    await touchBundle(tx, actor(req), bundleSeq);
    await audit(tx, req, { entity: 'loyalty_item_code', entityId: before.itemCodeSeq, action: 'delete', before });
  });
}
