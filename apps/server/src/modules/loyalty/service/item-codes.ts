import {
  BundleCode,
  codesMessage,
  duplicateCodes,
  isoDay,
  isWellFormedItemCode,
  itemCodesCsvFileName,
  normaliseItemCode,
  type itemCodeListQuerySchema,
  type itemCodesAddBodySchema,
  type itemCodeUpdateBodySchema,
} from '@fc/contract/loyalty';
import type { z } from 'zod';
import { audit, type Actor } from '../../../audit/audit';
import type { AppContext } from '../../../context';
import { cursorRows } from '../../../db/cursor';
import { AppError, badRequest } from '../../../http/errors';
import {
  codesInBundle,
  deleteItemCodeRow,
  insertItemCodes,
  itemCodeAttributes,
  itemCodeListSql,
  listItemCodes,
  lockItemCode,
  touchBundle,
  updateItemCodeRow,
  type ItemCodeSqlRow,
} from '../repo/item-codes';
import { mapRows } from '../shared';
import { activeBundle, findBundle } from './bundles';

/** The item codes of a bundle (LOY-21 to LOY-23, LOY-27): the list, its export, and the writes. */

type ItemCodeListQuery = z.output<typeof itemCodeListQuerySchema>;

/** A page of a bundle's item codes (filter[bundle_seq] is required; an unknown bundle is a 404). */
export async function itemCodePage(ctx: AppContext, q: ItemCodeListQuery) {
  const bundleSeq = q.filters.bundle_seq;
  if (!bundleSeq) throw badRequest('required', 'filter[bundle_seq] is required', 'filter[bundle_seq]');
  await findBundle(ctx.db, bundleSeq);
  return listItemCodes(ctx.db, bundleSeq, q, undefined, ctx.config.LIST_EXACT_COUNT_MAX);
}

const ITEM_CODE_CSV_HEADER = ['Item Code', 'Description', 'Comment', 'Date Added', 'Last Modified', 'Modified By'] as const;

/** bundles/{bundle}/item-codes/csv: every item code of the bundle the list's search and sort match (LOY-27). */
export async function itemCodesCsv(ctx: AppContext, bundleSeq: number, q: ItemCodeListQuery) {
  const bundle = await findBundle(ctx.db, bundleSeq);
  const rows = cursorRows<ItemCodeSqlRow>(ctx.database, itemCodeListSql(bundle.bundleSeq, q, 'all').statement);
  return {
    fileName: itemCodesCsvFileName(bundle.name, isoDay()),
    header: ITEM_CODE_CSV_HEADER,
    rows: mapRows(rows, (row) => {
      const r = itemCodeAttributes(row);
      return [r.itemCode, r.description, r.comment, r.dateAdded, r.lastModified, r.modifiedBy];
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writes

const invalidOrInBundle = (codes: readonly string[]) =>
  badRequest(BundleCode.InvalidCode, codesMessage('Invalid or already in bundle', codes), 'item_codes');

const notInBundle = () => new AppError(404, 'item-code-not-found', 'That item code is not in this bundle.', 'item_code');

/**
 * bundle/{id}/item_codes/add: up to 250 codes, none twice (ALB15), each well formed and not already in the
 * bundle (ALB16, naming the codes after the colon so the form flags their rows).
 */
export async function addItemCodes(ctx: AppContext, actor: Actor, bundleSeq: number, body: z.output<typeof itemCodesAddBodySchema>) {
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
    const inserted = await insertItemCodes(
      tx,
      body.item_codes.map((c) => ({
        bundleSeq,
        itemCode: c.item_code,
        description: c.description ?? null,
        comment: body.comment ?? null,
        modifiedBy: actor.username,
      })),
    );
    if (inserted.length !== codes.length) {
      const added = new Set(inserted.map((r) => r.itemCode));
      throw invalidOrInBundle(codes.filter((c) => !added.has(c)));
    }
    await touchBundle(tx, actor.username, bundleSeq);
    await audit(tx, actor, { entity: 'loyalty_bundle', entityId: bundleSeq, action: 'add-item-codes', after: { itemCodes: inserted } });
    return inserted.length;
  });
}

/** bundles/{bundle}/item-codes/{itemCodeSeq}/update: description (required), comment and, if changed, the code. */
export async function updateItemCode(
  ctx: AppContext,
  actor: Actor,
  bundleSeq: number,
  itemCodeSeq: number,
  body: z.output<typeof itemCodeUpdateBodySchema>,
) {
  return ctx.db.transaction(async (tx) => {
    await activeBundle(tx, bundleSeq);
    const before = await lockItemCode(tx, bundleSeq, { seq: itemCodeSeq });
    if (!before) throw notInBundle();
    const code = body.item_code ?? before.itemCode;
    if (code !== before.itemCode && (await codesInBundle(tx, bundleSeq, [code])).size) throw invalidOrInBundle([code]);
    const after = await updateItemCodeRow(tx, itemCodeSeq, {
      itemCode: code,
      description: body.description,
      comment: body.comment ?? null,
      modifiedBy: actor.username,
    });
    await touchBundle(tx, actor.username, bundleSeq);
    await audit(tx, actor, { entity: 'loyalty_item_code', entityId: itemCodeSeq, action: 'update', before, after });
    return after;
  });
}

/** bundles/{bundle}/item-codes/{code}/delete: `code` is the item code (padded to 5 like the form does). */
export async function deleteItemCode(ctx: AppContext, actor: Actor, bundleSeq: number, rawCode: string) {
  const code = normaliseItemCode(rawCode);
  return ctx.db.transaction(async (tx) => {
    await activeBundle(tx, bundleSeq);
    const before = await lockItemCode(tx, bundleSeq, { code });
    if (!before) throw notInBundle();
    await deleteItemCodeRow(tx, before.itemCodeSeq);
    await touchBundle(tx, actor.username, bundleSeq);
    await audit(tx, actor, { entity: 'loyalty_item_code', entityId: before.itemCodeSeq, action: 'delete', before });
  });
}
