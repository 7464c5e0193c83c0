import type { FastifyRequest } from 'fastify';
import { eq, sql, type SQL } from 'drizzle-orm';
import { BundleCode, type BundleSortField, type bundleListQuerySchema, type fcLoyaltyBundleSchema } from '@fc/contract/loyalty';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { loyaltyBundles } from '../../db/schema/index';
import { AppError, badRequest } from '../../http/errors';
import { contains } from '../../http/list';
import { actor, countedList, isoSql, limitOffset, orderSql, rowsOf, type ListPage } from './shared';
import { isUniqueViolation } from '../../db/execute';

type BundleListQuery = z.output<typeof bundleListQuerySchema>;
type BundleBody = z.output<typeof fcLoyaltyBundleSchema>;

const statusWord = sql`case when b.status = 0 then 'Active' else 'Inactive' end`;
/** The templates that use each bundle: their names (every status) and whether an active one does. */
const usage = sql`left join lateral (
    select string_agg(p.name, ', ' order by lower(p.name)) as names, coalesce(bool_or(p.status = 0), false) as active_use,
      coalesce(json_agg(p.name order by lower(p.name)) filter (where p.name is not null), '[]'::json) as name_list
      from loyalty_programs p where p.bundle_seq = b.bundle_seq) u on true`;

const SORT_COLUMNS: Record<BundleSortField, SQL> = {
  bundle_id: sql`b.bundle_seq`,
  bundle_name: sql`lower(b.name)`,
  status: statusWord,
  description: sql`lower(b.description)`,
  used_in_templates: sql`lower(coalesce(u.names, ''))`,
  last_modified: sql`b.last_modified`,
  modified_by: sql`lower(b.modified_by)`,
};

export interface BundleSqlRow {
  bundle_id: number | string;
  bundle_name: string;
  status: string;
  description: string | null;
  comment: string | null;
  used_in_templates: string;
  /** The same names as a JSON array (a name may hold a comma). */
  used_in_template_names: string[] | string;
  last_modified: string;
  modified_by: string | null;
  is_deactivatable: boolean;
}

export async function listBundles(db: Tx, q: BundleListQuery, page?: { limit: number; offset: number }, countMax?: number) {
  const { statement, where } = bundleListSql(q, page);
  const rows = async () => (await rowsOf<BundleSqlRow>(db, statement)).map(bundleAttributes);
  if (page) return { rows: await rows(), total: 0, estimated: false };
  return countedList(db, q, countMax, { rows, from: sql`from loyalty_bundles b ${usage} where ${where}` });
}

/** The list's statement; with 'all', every row in the list's order (the CSV export). */
export function bundleListSql(q: BundleListQuery, page: ListPage): { statement: SQL; where: SQL } {
  const terms: SQL[] = [sql`true`];
  if (q.search) {
    terms.push(
      sql`(${contains(sql`b.name`, q.search)} or ${contains(sql`coalesce(b.description, '')`, q.search)} or ${contains(sql`coalesce(u.names, '')`, q.search)} or ${contains(sql`coalesce(b.modified_by, '')`, q.search)})`,
    );
  }
  if (q.filters.status) terms.push(q.filters.status === 'Active' ? sql`b.status = 0` : sql`b.status <> 0`);
  const where = sql.join(terms, sql` and `);
  const { limit, offset } = limitOffset(q, page);
  const statement = sql`select b.bundle_seq as bundle_id, b.name as bundle_name, ${statusWord} as status, b.description, b.comment,
        coalesce(u.names, '') as used_in_templates, u.name_list as used_in_template_names, ${isoSql(sql`b.last_modified`)} as last_modified, b.modified_by,
        not u.active_use as is_deactivatable
      from loyalty_bundles b ${usage}
      where ${where}
      order by ${orderSql(q.sort, SORT_COLUMNS, sql`b.bundle_seq`)}
      limit ${limit} offset ${offset}`;
  return { statement, where };
}

export const bundleAttributes = (r: BundleSqlRow) => ({
  bundleId: Number(r.bundle_id),
  bundleName: r.bundle_name,
  status: r.status,
  description: r.description,
  comment: r.comment,
  usedInTemplates: r.used_in_templates,
  usedInTemplateNames: (typeof r.used_in_template_names === 'string'
    ? JSON.parse(r.used_in_template_names)
    : r.used_in_template_names) as string[],
  lastModified: r.last_modified,
  modifiedBy: r.modified_by,
  isDeactivatable: r.is_deactivatable,
});

export const BUNDLE_CSV_HEADER = [
  'Bundle ID',
  'Bundle Name',
  'Status',
  'Description',
  'Used In Templates',
  'Last Modified',
  'Modified By',
] as const;
export const bundleCsvRow = (b: ReturnType<typeof bundleAttributes>): unknown[] => [
  b.bundleId,
  b.bundleName,
  b.status,
  b.description,
  b.usedInTemplates,
  b.lastModified,
  b.modifiedBy,
];

/** The bundle or a 404 'bundle-not-found' (the detail page sends the user back to the list with a toast). */
export async function findBundle(db: Tx, seq: number, forUpdate = false) {
  const q = db.select().from(loyaltyBundles).where(eq(loyaltyBundles.bundleSeq, seq));
  const [bundle] = forUpdate ? await q.for('update') : await q;
  if (!bundle) throw new AppError(404, BundleCode.NotFound, 'Bundle not found.', 'bundle_seq');
  return bundle;
}

/** A bundle that may change: it exists and is active (an inactive bundle allows no change). */
export async function activeBundle(db: Tx, seq: number) {
  const bundle = await findBundle(db, seq, true);
  if (bundle.status !== 0)
    throw badRequest(BundleCode.Inactive, `The bundle ${bundle.name} is inactive and cannot be changed.`, 'bundle_seq');
  return bundle;
}

/** GET /fc-common-api/loyalty/bundle: status 0 is Active, any other value Inactive (section 3). */
export async function bundleDetails(db: Tx, seq: number) {
  const b = await findBundle(db, seq);
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from loyalty_item_codes where bundle_seq = ${seq}`);
  return {
    bundleSeq: b.bundleSeq,
    bundleId: b.bundleSeq,
    bundleName: b.name,
    description: b.description,
    comment: b.comment,
    status: b.status,
    deactivateComment: b.deactivateComment,
    itemCodeCount: Number(count?.n ?? 0),
    lastModified: b.lastModified,
    modifiedBy: b.modifiedBy,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writes

const F = 'fc_loyalty_bundle';
const duplicateName = (name: string) => badRequest(BundleCode.DuplicateName, `A bundle named ${name} already exists.`, `${F}.name`);

async function checkName(tx: Tx, name: string, seq?: number) {
  const [same] = await tx
    .select({ seq: loyaltyBundles.bundleSeq })
    .from(loyaltyBundles)
    .where(sql`lower(${loyaltyBundles.name}) = lower(${name})${seq ? sql` and ${loyaltyBundles.bundleSeq} <> ${seq}` : sql``}`)
    .limit(1);
  if (same) throw duplicateName(name);
}

export async function addBundle(ctx: AppContext, req: FastifyRequest, body: BundleBody) {
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkName(tx, body.name);
      const [row] = await tx
        .insert(loyaltyBundles)
        .values({ name: body.name, description: body.description ?? null, comment: body.comment ?? null, modifiedBy: actor(req) })
        .returning();
      await audit(tx, req, { entity: 'loyalty_bundle', entityId: row!.bundleSeq, action: 'create', after: row });
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(body.name);
    throw err;
  }
}

export async function updateBundle(ctx: AppContext, req: FastifyRequest, seq: number, body: BundleBody) {
  if (body.bundle_seq !== undefined && body.bundle_seq !== seq)
    throw badRequest('invalid', 'bundle_seq does not match the bundle of the path.', `${F}.bundle_seq`);
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await activeBundle(tx, seq);
      await checkName(tx, body.name, seq);
      const [row] = await tx
        .update(loyaltyBundles)
        .set({
          name: body.name,
          description: body.description ?? null,
          comment: body.comment ?? null,
          lastModified: sql`now()`,
          modifiedBy: actor(req),
        })
        .where(eq(loyaltyBundles.bundleSeq, seq))
        .returning();
      await audit(tx, req, { entity: 'loyalty_bundle', entityId: seq, action: 'update', before, after: row });
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(body.name);
    throw err;
  }
}

/** bundle/deactivate: an active bundle that no active template uses (isDeactivatable). */
export async function deactivateBundle(ctx: AppContext, req: FastifyRequest, seq: number, comment: string | undefined) {
  return ctx.db.transaction(async (tx) => {
    const before = await activeBundle(tx, seq);
    const users = await rowsOf<{ name: string }>(
      tx,
      sql`select name from loyalty_programs where bundle_seq = ${seq} and status = 0 order by lower(name)`,
    );
    if (users.length) {
      throw badRequest(
        BundleCode.InUse,
        `The bundle is used by the active programme(s) ${users.map((u) => u.name).join(', ')}; deactivate them first.`,
        'bundle_seq',
      );
    }
    const [after] = await tx
      .update(loyaltyBundles)
      .set({ status: 1, deactivateComment: comment ?? null, lastModified: sql`now()`, modifiedBy: actor(req) })
      .where(eq(loyaltyBundles.bundleSeq, seq))
      .returning();
    await audit(tx, req, { entity: 'loyalty_bundle', entityId: seq, action: 'deactivate', before, after });
  });
}
