import { createHash } from 'node:crypto';
import { and, asc, count, eq, is, or, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { LINK_CUSTOMER_LIMIT, type customerListQuerySchema } from '@fc/contract/customers';
import type { Database, Tx } from '../../../db/client';
import { cards, customerLocations, customers, users } from '../../../db/schema/index';
import { csvCell } from '../../../http/csv';
import { contains, containsPattern, keyset, likePattern, orderBy, pageAndCount, type KeyColumn } from '../../../http/list';

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

/** The list's filters and search, as values or as placeholders of a prepared statement (`pattern`: likePattern's). */
interface WhereTerms {
  program?: unknown;
  status?: unknown;
  country?: unknown;
  pattern?: unknown;
}

function whereOf(t: WhereTerms) {
  return and(
    t.program !== undefined ? eq(customers.program, t.program as number) : undefined,
    t.status !== undefined ? eq(customers.status, t.status as number) : undefined,
    t.country !== undefined ? eq(customers.country, t.country as number) : undefined,
    t.pattern !== undefined
      ? or(
          containsPattern(customers.custNo, t.pattern),
          containsPattern(customers.custName, t.pattern),
          containsPattern(customers.dba, t.pattern),
          containsPattern(customers.city, t.pattern),
          containsPattern(customers.contact, t.pattern),
        )
      : undefined,
  );
}

/** The list's filters and search, shared by the page and the CSV export. */
function customerWhere(q: ListQuery) {
  return whereOf({ ...q.filters, pattern: q.search ? likePattern(q.search) : undefined });
}

/** The page's columns, in the order of the statement's (and of its rows' arrays). */
const pageColumns = {
  custNo: customers.custNo,
  custName: customers.custName,
  program: customers.program,
  city: customers.city,
  state: customers.state,
  country: customers.country,
  status: customers.status,
  currency: customers.currency,
  createdAt: customers.createdAt,
};

const PAGE_COLUMN_NAMES = Object.keys(pageColumns);

/** A page statement of one query shape: its text, its name and where each parameter comes from. */
interface PageStatement {
  name: string | undefined;
  text: string;
  /** The placeholder name of each `$n`, in order. */
  params: string[];
}

/** Page statements by query shape (sort, the filters present, search, seek or offset); the first ones get a name. */
const pageStatements = new Map<string, PageStatement>();
/** Shapes kept as named statements on each connection; later shapes are run unnamed (each connection's memory is bounded). */
const NAMED_SHAPES = 200;
/** Shapes remembered at all (text built once); beyond, the oldest is forgotten. */
const SHAPES_KEPT = 1_000;
const dialect = new PgDialect();
const slot = (name: string) => sql.placeholder(name);

/**
 * The page statement of a shape, built once by Drizzle with placeholders for every value (decision 0993):
 * later requests of the same shape bind their values to the same text, run as a named prepared statement.
 */
function pageStatement(q: ListQuery, ks: ReturnType<typeof keyset>): PageStatement {
  const shape = JSON.stringify([
    q.sort,
    q.filters.program !== undefined,
    q.filters.status !== undefined,
    q.filters.country !== undefined,
    !!q.search,
    ks.key ? ks.key.length : 0,
  ]);
  let st = pageStatements.get(shape);
  if (st) return st;
  const where = whereOf({
    program: q.filters.program !== undefined ? slot('program') : undefined,
    status: q.filters.status !== undefined ? slot('status') : undefined,
    country: q.filters.country !== undefined ? slot('country') : undefined,
    pattern: q.search ? slot('pattern') : undefined,
  });
  const query = new QueryBuilder()
    .select({ ...pageColumns, ...ks.select })
    .from(customers)
    .where(and(where, ks.key ? ks.seekWith((i) => slot(`k${i}`)) : undefined))
    .orderBy(...orderBy(q.sort, sortColumns, customers.custNo))
    .limit(slot('limit') as unknown as number)
    .offset(slot('offset') as unknown as number);
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  const names = params.map((p) => {
    if (!is(p, Placeholder)) throw new Error('a page statement of the customer list holds a value that is not a placeholder');
    return p.name as string;
  });
  const name =
    pageStatements.size < NAMED_SHAPES ? `fc_customers_${createHash('sha256').update(text).digest('hex').slice(0, 16)}` : undefined;
  st = { name, text, params: names };
  if (pageStatements.size >= SHAPES_KEPT) pageStatements.delete(pageStatements.keys().next().value!);
  pageStatements.set(shape, st);
  return st;
}

/** A row of the list's page (the columns of pageColumns, nullable where the column is). */
export type CustomerListRow = {
  [K in keyof typeof pageColumns]: (typeof pageColumns)[K]['_']['notNull'] extends true
    ? (typeof pageColumns)[K]['_']['data']
    : (typeof pageColumns)[K]['_']['data'] | null;
};

/**
 * One page of the customer list, with its count (estimated above `exactMax`: decision 0600). The page is
 * the list's hot path (issue 22): its statement is prepared once per query shape and its rows are mapped
 * from the driver's arrays directly (decision 0993); the count, when one runs, is built by Drizzle.
 */
export async function customerPage(database: Pick<Database, 'db' | 'preparedRows'>, q: ListQuery, exactMax: number) {
  const db = database.db;
  const ks = keyset(q, { columns: keyColumns, tieBreaker: { expr: customers.custNo, kind: 'int' } });
  const st = pageStatement(q, ks);
  const values: Record<string, unknown> = {
    program: q.filters.program,
    status: q.filters.status,
    country: q.filters.country,
    pattern: q.search ? likePattern(q.search) : undefined,
    limit: q.page.size,
    offset: ks.offset,
  };
  ks.key?.forEach((k, i) => (values[`k${i}`] = k));
  const params = st.params.map((n) => values[n]);
  const matchingKey = JSON.stringify([q.filters.program, q.filters.status, q.filters.country, q.search ?? null]);
  let lastKeys: unknown[] | undefined;
  const got = await pageAndCount(db, {
    page: q.page,
    exact: q.exactCount,
    max: exactMax,
    matching: { key: `customers\u0000${matchingKey}`, sql: () => sql`select 1 from ${customers} where ${customerWhere(q) ?? sql`true`}` },
    rows: async () => {
      const arrays = await database.preparedRows(st.name, st.text, params);
      lastKeys = arrays.length ? arrays[arrays.length - 1]!.slice(PAGE_COLUMN_NAMES.length) : undefined;
      // The statement's columns are pageColumns' in order (then the keyset's): one name per position.
      return arrays.map((r) => Object.fromEntries(PAGE_COLUMN_NAMES.map((name, i) => [name, r[i]])) as CustomerListRow);
    },
    count: async () => (await db.select({ n: count() }).from(customers).where(customerWhere(q)))[0]?.n ?? 0,
  });
  return { ...got, nextCursor: ks.cursorAfter(got.rows.length, lastKeys) };
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
