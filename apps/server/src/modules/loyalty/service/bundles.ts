import { BundleCode, isoDay, loyaltyCsvFileName, type bundleListQuerySchema, type fcLoyaltyBundleSchema } from '@fc/contract/loyalty';
import type { z } from 'zod';
import { audit, type Actor } from '../../../audit/audit';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { cursorRows } from '../../../db/cursor';
import { isUniqueViolation } from '../../../db/execute';
import { AppError, badRequest } from '../../../http/errors';
import {
  activeTemplatesUsing,
  bundleAttributes,
  bundleListSql,
  bundleNamed,
  bundleRow,
  insertBundle,
  itemCodeCount,
  listBundles,
  updateBundleRow,
  type BundleSqlRow,
} from '../repo/bundles';
import { mapRows } from '../shared';

/** Bundles of item codes (LOY-18, LOY-19, LOY-24): the list, its export, one bundle, and the writes. */

type BundleListQuery = z.output<typeof bundleListQuerySchema>;
type BundleBody = z.output<typeof fcLoyaltyBundleSchema>;

/** A page of the bundle list with its record count. */
export const bundlePage = (ctx: AppContext, q: BundleListQuery) => listBundles(ctx.db, q, undefined, ctx.config.LIST_EXACT_COUNT_MAX);

const BUNDLE_CSV_HEADER = [
  'Bundle ID',
  'Bundle Name',
  'Status',
  'Description',
  'Used In Templates',
  'Last Modified',
  'Modified By',
] as const;

/** bundle/csv: every bundle the list's search and sort match, read through a cursor. */
export function bundleCsv(ctx: AppContext, q: BundleListQuery) {
  const rows = cursorRows<BundleSqlRow>(ctx.database, bundleListSql(q, 'all').statement);
  return {
    fileName: loyaltyCsvFileName('bundles', isoDay()),
    header: BUNDLE_CSV_HEADER,
    rows: mapRows(rows, (r) => {
      const b = bundleAttributes(r);
      return [b.bundleId, b.bundleName, b.status, b.description, b.usedInTemplates, b.lastModified, b.modifiedBy];
    }),
  };
}

/** The bundle or a 404 'bundle-not-found' (the detail page sends the user back to the list with a toast). */
export async function findBundle(db: Tx, seq: number, forUpdate = false) {
  const bundle = await bundleRow(db, seq, forUpdate);
  if (!bundle) throw new AppError(404, BundleCode.NotFound, 'Bundle not found.', 'bundle_seq');
  return bundle;
}

/** A bundle that may change, locked: it exists and is active (an inactive bundle allows no change). */
export async function activeBundle(db: Tx, seq: number) {
  const bundle = await findBundle(db, seq, true);
  if (bundle.status !== 0)
    throw badRequest(BundleCode.Inactive, `The bundle ${bundle.name} is inactive and cannot be changed.`, 'bundle_seq');
  return bundle;
}

/** One bundle: status 0 is Active, any other value Inactive (LOY-19). */
export async function bundleDetails(ctx: AppContext, seq: number) {
  const b = await findBundle(ctx.db, seq);
  return {
    bundleSeq: b.bundleSeq,
    bundleId: b.bundleSeq,
    bundleName: b.name,
    description: b.description,
    comment: b.comment,
    status: b.status,
    deactivateComment: b.deactivateComment,
    itemCodeCount: await itemCodeCount(ctx.db, seq),
    lastModified: b.lastModified,
    modifiedBy: b.modifiedBy,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writes

const F = 'fc_loyalty_bundle';
const duplicateName = (name: string) => badRequest(BundleCode.DuplicateName, `A bundle named ${name} already exists.`, `${F}.name`);

/** The name is checked first; two requests with one new name at once meet the unique index, and the loser reads ALB01. */
async function uniqueName<T>(tx: Tx, name: string, seq: number | undefined, write: () => Promise<T>): Promise<T> {
  if (await bundleNamed(tx, name, seq)) throw duplicateName(name);
  return write();
}

async function orDuplicate<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(name);
    throw err;
  }
}

export function addBundle(ctx: AppContext, actor: Actor, body: BundleBody) {
  return orDuplicate(body.name, () =>
    ctx.db.transaction((tx) =>
      uniqueName(tx, body.name, undefined, async () => {
        const row = await insertBundle(tx, {
          name: body.name,
          description: body.description ?? null,
          comment: body.comment ?? null,
          modifiedBy: actor.username,
        });
        await audit(tx, actor, { entity: 'loyalty_bundle', entityId: row.bundleSeq, action: 'create', after: row });
        return row;
      }),
    ),
  );
}

export function updateBundle(ctx: AppContext, actor: Actor, seq: number, body: BundleBody) {
  if (body.bundle_seq !== undefined && body.bundle_seq !== seq)
    throw badRequest('invalid', 'bundle_seq does not match the bundle of the path.', `${F}.bundle_seq`);
  return orDuplicate(body.name, () =>
    ctx.db.transaction(async (tx) => {
      const before = await activeBundle(tx, seq);
      return uniqueName(tx, body.name, seq, async () => {
        const row = await updateBundleRow(tx, seq, {
          name: body.name,
          description: body.description ?? null,
          comment: body.comment ?? null,
          modifiedBy: actor.username,
        });
        await audit(tx, actor, { entity: 'loyalty_bundle', entityId: seq, action: 'update', before, after: row });
        return row;
      });
    }),
  );
}

/** bundle/deactivate: an active bundle that no active template uses (isDeactivatable). */
export function deactivateBundle(ctx: AppContext, actor: Actor, seq: number, comment: string | undefined) {
  return ctx.db.transaction(async (tx) => {
    const before = await activeBundle(tx, seq);
    const users = await activeTemplatesUsing(tx, seq);
    if (users.length) {
      throw badRequest(
        BundleCode.InUse,
        `The bundle is used by the active programme(s) ${users.join(', ')}; deactivate them first.`,
        'bundle_seq',
      );
    }
    const after = await updateBundleRow(tx, seq, { status: 1, deactivateComment: comment ?? null, modifiedBy: actor.username });
    await audit(tx, actor, { entity: 'loyalty_bundle', entityId: seq, action: 'deactivate', before, after });
  });
}
