import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@fc/contract';
import { coreFileTypeName, type CoreStatus, type CORE_SORT_FIELDS } from '@fc/contract/maintenance';
import type { Tx } from '../../../db/client';
import { coreParts, customers } from '../../../db/schema/index';
import { contains, offsetOf, orderBy, pageAndCount } from '../../../http/list';

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
export async function corePartPage(db: Tx, q: CoreListQuery, countMax: number) {
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
