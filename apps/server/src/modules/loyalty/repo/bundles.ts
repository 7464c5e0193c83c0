import { eq, sql, type SQL } from 'drizzle-orm';
import type { BundleSortField, bundleListQuerySchema } from '@fc/contract/loyalty';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { loyaltyBundles } from '../../../db/schema/index';
import { contains } from '../../../http/list';
import { countedList, isoSql, limitOffset, orderSql, rowsOf, type ListPage } from '../shared';

/** Bundles of item codes in the database (LOY-18, LOY-19, LOY-24). */

type BundleListQuery = z.output<typeof bundleListQuerySchema>;

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

/** The bundle, or undefined; locked for a change with `forUpdate`. */
export async function bundleRow(db: Tx, seq: number, forUpdate = false) {
  const q = db.select().from(loyaltyBundles).where(eq(loyaltyBundles.bundleSeq, seq));
  const [bundle] = forUpdate ? await q.for('update') : await q;
  return bundle;
}

/** The bundle with a share lock: a deactivation waits for the template that starts using it, and sees it. */
export async function lockBundleForShare(tx: Tx, seq: number) {
  const [bundle] = await tx.select().from(loyaltyBundles).where(eq(loyaltyBundles.bundleSeq, seq)).for('share');
  return bundle;
}

export async function itemCodeCount(db: Tx, seq: number): Promise<number> {
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from loyalty_item_codes where bundle_seq = ${seq}`);
  return Number(count?.n ?? 0);
}

/** Another bundle of the same name (case aside), if any. */
export async function bundleNamed(tx: Tx, name: string, exceptSeq?: number) {
  const [same] = await tx
    .select({ seq: loyaltyBundles.bundleSeq })
    .from(loyaltyBundles)
    .where(sql`lower(${loyaltyBundles.name}) = lower(${name})${exceptSeq ? sql` and ${loyaltyBundles.bundleSeq} <> ${exceptSeq}` : sql``}`)
    .limit(1);
  return same;
}

/** The names of the active templates that use the bundle. */
export async function activeTemplatesUsing(tx: Tx, seq: number): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    tx,
    sql`select name from loyalty_programs where bundle_seq = ${seq} and status = 0 order by lower(name)`,
  );
  return rows.map((r) => r.name);
}

type BundleValues = Pick<typeof loyaltyBundles.$inferInsert, 'name' | 'description' | 'comment' | 'modifiedBy'>;

export async function insertBundle(tx: Tx, values: BundleValues) {
  const [row] = await tx.insert(loyaltyBundles).values(values).returning();
  return row!;
}

export async function updateBundleRow(
  tx: Tx,
  seq: number,
  values: Partial<BundleValues> & { status?: number; deactivateComment?: string | null },
) {
  const [row] = await tx
    .update(loyaltyBundles)
    .set({ ...values, lastModified: sql`now()` })
    .where(eq(loyaltyBundles.bundleSeq, seq))
    .returning();
  return row!;
}
