import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { LINK_CUSTOMER_LIMIT, type customerListQuerySchema } from '@fc/contract/customers';
import type { Tx } from '../../../db/client';
import { cards, customerLocations, customers, users } from '../../../db/schema/index';
import { csvCell } from '../../../http/csv';
import { contains, keyset, orderBy, pageAndCount, type KeyColumn } from '../../../http/list';

type ListQuery = z.output<typeof customerListQuerySchema>;

/** Credit reps: the active corporate employees (request_rep holds the username). */
export async function creditReps(db: Tx) {
  return db
    .select({ value: users.username, label: users.fullName })
    .from(users)
    .where(and(eq(users.accountType, 0), eq(users.disabled, false), eq(users.isAdmin, false)))
    .orderBy(asc(users.fullName));
}

/**
 * The link customer type-ahead: customers whose name contains the text (any case) or whose number
 * starts with it, the exact number first, then by name; at most LINK_CUSTOMER_LIMIT, all in SQL.
 */
export async function linkCustomers(db: Tx, search: string | undefined) {
  const byNumber = search && /^\d+$/.test(search);
  return db
    .select({ value: customers.custNo, label: customers.custName })
    .from(customers)
    .where(
      search
        ? or(contains(customers.custName, search), byNumber ? sql`${customers.custNo}::text like ${`${search}%`}` : undefined)
        : undefined,
    )
    .orderBy(
      ...(byNumber ? [sql`(${customers.custNo}::text = ${search}) desc`] : []),
      sql`lower(${customers.custName})`,
      asc(customers.custNo),
    )
    .limit(LINK_CUSTOMER_LIMIT);
}

export async function customerExists(db: Tx, custNo: number): Promise<boolean> {
  const [row] = await db.select({ custNo: customers.custNo }).from(customers).where(eq(customers.custNo, custNo));
  return !!row;
}

/**
 * The next free customer number at or after `first` (numbers stop at `last`), under a transaction-scoped
 * lock, so two creations never take the same number.
 */
export async function nextCustNo(tx: Tx, first: number, last: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
  const [{ next } = { next: first }] = await tx
    .select({ next: sql<number>`(coalesce(max(${customers.custNo}), ${first - 1}) + 1)::int` })
    .from(customers)
    .where(sql`${customers.custNo} <= ${last}`);
  return Math.max(Number(next), first);
}

/** A new customer with its first location and first card, in the caller's transaction. */
export async function insertCustomer(
  tx: Tx,
  row: typeof customers.$inferInsert,
  location: typeof customerLocations.$inferInsert,
  card: Omit<typeof cards.$inferInsert, 'custNo'>,
) {
  await tx.insert(customers).values(row);
  await tx.insert(customerLocations).values(location);
  await tx.insert(cards).values({ custNo: row.custNo, ...card });
}

const sortColumns = {
  cust_no: customers.custNo,
  cust_name: sql`lower(${customers.custName})`,
  program: customers.program,
  city: sql`lower(${customers.city})`,
  state: customers.state,
  country: customers.country,
  status: customers.status,
  created_at: customers.createdAt,
};

/** The sorts that page by seeking (NOT NULL columns, each with an index: decision 0620). */
const keyColumns: Partial<Record<keyof typeof sortColumns, KeyColumn>> = {
  cust_no: { expr: customers.custNo, kind: 'int' },
  cust_name: { expr: sortColumns.cust_name, kind: 'text' },
  created_at: { expr: customers.createdAt, kind: 'timestamp' },
};

/** The list's filters and search, shared by the page and the CSV export. */
function customerWhere(q: ListQuery) {
  return and(
    q.filters.program !== undefined ? eq(customers.program, q.filters.program) : undefined,
    q.filters.status !== undefined ? eq(customers.status, q.filters.status) : undefined,
    q.filters.country !== undefined ? eq(customers.country, q.filters.country) : undefined,
    q.search
      ? or(
          contains(customers.custNo, q.search),
          contains(customers.custName, q.search),
          contains(customers.dba, q.search),
          contains(customers.city, q.search),
          contains(customers.contact, q.search),
        )
      : undefined,
  );
}

/** One page of the customer list, with its count (estimated above `exactMax`: decision 0600). */
export async function customerPage(db: Tx, q: ListQuery, exactMax: number) {
  const where = customerWhere(q);
  const ks = keyset(q, { columns: keyColumns, tieBreaker: { expr: customers.custNo, kind: 'int' } });
  const got = await pageAndCount(db, {
    page: q.page,
    exact: q.exactCount,
    max: exactMax,
    matching: sql`select 1 from ${customers} where ${where ?? sql`true`}`,
    rows: () =>
      db
        .select({
          custNo: customers.custNo,
          custName: customers.custName,
          program: customers.program,
          city: customers.city,
          state: customers.state,
          country: customers.country,
          status: customers.status,
          currency: customers.currency,
          createdAt: customers.createdAt,
          ...ks.select,
        })
        .from(customers)
        .where(and(where, ks.seek))
        .orderBy(...orderBy(q.sort, sortColumns, customers.custNo))
        .limit(q.page.size)
        .offset(ks.offset),
    count: async () => (await db.select({ n: count() }).from(customers).where(where))[0]?.n ?? 0,
  });
  return { ...got, rows: ks.strip(got.rows), nextCursor: ks.nextCursor(got.rows) };
}

/** The CSV export's columns: the list's, every cell formula-safe (csv_cell). */
export const customerCsvColumns = (): { header: string; cell: SQL }[] => [
  { header: 'cust_no', cell: sql`${customers.custNo}::text` },
  { header: 'cust_name', cell: csvCell(sql`${customers.custName}`) },
  { header: 'program', cell: sql`${customers.program}::text` },
  { header: 'city', cell: csvCell(sql`${customers.city}`) },
  { header: 'state', cell: csvCell(sql`${customers.state}`) },
  { header: 'country', cell: sql`${customers.country}::text` },
  { header: 'status', cell: sql`${customers.status}::text` },
  { header: 'currency', cell: sql`${customers.currency}::text` },
  { header: 'created_at', cell: sql`to_char(${customers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` },
];

/** FROM, WHERE and ORDER BY of the export: the list's filters, search and sort, without paging. */
export function customerCsvFrom(q: ListQuery): SQL {
  return sql`from ${customers} where ${customerWhere(q) ?? sql`true`} order by ${sql.join(orderBy(q.sort, sortColumns, customers.custNo), sql`, `)}`;
}

export async function customerRow(db: Tx, custNo: number) {
  const [row] = await db.select().from(customers).where(eq(customers.custNo, custNo));
  return row;
}

/** A customer's first card (the one issued with it), if it has one. */
export async function firstCard(db: Tx, custNo: number) {
  const [card] = await db.select().from(cards).where(eq(cards.custNo, custNo)).orderBy(asc(cards.id)).limit(1);
  return card;
}
