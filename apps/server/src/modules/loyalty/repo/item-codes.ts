import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ITEM_CODE_SORT_FIELDS, itemCodeListQuerySchema } from '@fc/contract/loyalty';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { loyaltyBundles, loyaltyItemCodes } from '../../../db/schema/index';
import { contains } from '../../../http/list';
import { countedList, isoSql, limitOffset, orderSql, rowsOf, type ListPage } from '../shared';

/** The item codes of bundles in the database (LOY-21 to LOY-23). */

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

/** A change to a bundle's item codes is a change to the bundle: its last modification moves. */
export async function touchBundle(tx: Tx, modifiedBy: string | null, bundleSeq: number) {
  await tx
    .update(loyaltyBundles)
    .set({ lastModified: sql`now()`, modifiedBy })
    .where(eq(loyaltyBundles.bundleSeq, bundleSeq));
}

type ItemCodeValues = Pick<typeof loyaltyItemCodes.$inferInsert, 'bundleSeq' | 'itemCode' | 'description' | 'comment' | 'modifiedBy'>;

/** Inserts the codes; a code already in the bundle is left out of the answer (ON CONFLICT DO NOTHING). */
export const insertItemCodes = (tx: Tx, rows: ItemCodeValues[]) =>
  tx.insert(loyaltyItemCodes).values(rows).onConflictDoNothing().returning();

/** An item code of the bundle, locked for a change, or undefined: by its sequence number or its code. */
export async function lockItemCode(tx: Tx, bundleSeq: number, by: { seq: number } | { code: string }) {
  const where = 'seq' in by ? eq(loyaltyItemCodes.itemCodeSeq, by.seq) : eq(loyaltyItemCodes.itemCode, by.code);
  const [row] = await tx
    .select()
    .from(loyaltyItemCodes)
    .where(and(eq(loyaltyItemCodes.bundleSeq, bundleSeq), where))
    .for('update');
  return row;
}

export async function updateItemCodeRow(
  tx: Tx,
  itemCodeSeq: number,
  values: Pick<ItemCodeValues, 'itemCode' | 'description' | 'comment' | 'modifiedBy'>,
) {
  const [row] = await tx
    .update(loyaltyItemCodes)
    .set({ ...values, lastModified: sql`now()` })
    .where(eq(loyaltyItemCodes.itemCodeSeq, itemCodeSeq))
    .returning();
  return row!;
}

export async function deleteItemCodeRow(tx: Tx, itemCodeSeq: number) {
  await tx.delete(loyaltyItemCodes).where(eq(loyaltyItemCodes.itemCodeSeq, itemCodeSeq));
}
