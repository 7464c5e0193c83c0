import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountRequestStatus, accountRequestListQuerySchema } from '@fc/contract/customers';
import type { Tx } from '../../../db/client';
import { accountRequests } from '../../../db/schema/index';
import { csvCell } from '../../../http/csv';
import { contains, offsetOf, orderBy, pageAndCount } from '../../../http/list';

type ListQuery = z.output<typeof accountRequestListQuerySchema>;

export async function insertAccountRequest(tx: Tx, values: typeof accountRequests.$inferInsert) {
  const [created] = await tx.insert(accountRequests).values(values).returning();
  return created!;
}

const sortColumns = {
  created_at: accountRequests.createdAt,
  updated_at: accountRequests.updatedAt,
  full_name: sql`lower(${accountRequests.fullName})`,
  company_name: sql`lower(${accountRequests.companyName})`,
  account_number: accountRequests.accountNumber,
  state: accountRequests.state,
  status: accountRequests.status,
};

/** The list's filter and search, shared by the page and the CSV export. */
function accountRequestWhere(q: ListQuery) {
  return and(
    q.filters.status ? eq(accountRequests.status, q.filters.status) : undefined,
    q.search
      ? or(
          contains(accountRequests.fullName, q.search),
          contains(accountRequests.companyName, q.search),
          contains(accountRequests.email, q.search),
          contains(accountRequests.accountNumber, q.search),
          contains(accountRequests.city, q.search),
        )
      : undefined,
  );
}

/** One page of the account requests, with its count (estimated above `exactMax`: decision 0600). */
export async function accountRequestPage(db: Tx, q: ListQuery, exactMax: number) {
  const where = accountRequestWhere(q);
  return pageAndCount(db, {
    page: q.page,
    exact: q.exactCount,
    max: exactMax,
    matching: sql`select 1 from ${accountRequests} where ${where ?? sql`true`}`,
    rows: () =>
      db
        .select()
        .from(accountRequests)
        .where(where)
        .orderBy(...orderBy(q.sort, sortColumns, accountRequests.id))
        .limit(q.page.size)
        .offset(offsetOf(q.page)),
    count: async () => (await db.select({ n: count() }).from(accountRequests).where(where))[0]?.n ?? 0,
  });
}

const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The CSV export's columns: what the list shows, every text cell formula-safe (csv_cell). */
export const accountRequestCsvColumns = (): { header: string; cell: SQL }[] => [
  { header: 'created_at', cell: utc(sql`${accountRequests.createdAt}`) },
  { header: 'full_name', cell: csvCell(sql`${accountRequests.fullName}`) },
  { header: 'job_title', cell: csvCell(sql`${accountRequests.jobTitle}`) },
  { header: 'company_name', cell: csvCell(sql`${accountRequests.companyName}`) },
  { header: 'account_number', cell: sql`${accountRequests.accountNumber}::text` },
  { header: 'email', cell: csvCell(sql`${accountRequests.email}`) },
  { header: 'phone', cell: csvCell(sql`${accountRequests.phone}`) },
  { header: 'address', cell: csvCell(sql`${accountRequests.address}`) },
  { header: 'city', cell: csvCell(sql`${accountRequests.city}`) },
  { header: 'state', cell: csvCell(sql`${accountRequests.state}`) },
  { header: 'country', cell: csvCell(sql`${accountRequests.country}`) },
  { header: 'zip', cell: csvCell(sql`${accountRequests.zip}`) },
  { header: 'status', cell: csvCell(sql`${accountRequests.status}`) },
  { header: 'reviewed_by', cell: csvCell(sql`${accountRequests.reviewedBy}`) },
  { header: 'updated_at', cell: utc(sql`${accountRequests.updatedAt}`) },
];

/** FROM, WHERE and ORDER BY of the export: the list's filter, search and sort, without paging. */
export function accountRequestCsvFrom(q: ListQuery): SQL {
  return sql`from ${accountRequests} where ${accountRequestWhere(q) ?? sql`true`} order by ${sql.join(orderBy(q.sort, sortColumns, accountRequests.id), sql`, `)}`;
}

/** The request, locked for the caller's transaction; undefined when there is none. */
export async function lockAccountRequest(tx: Tx, id: number) {
  const [row] = await tx.select().from(accountRequests).where(eq(accountRequests.id, id)).for('update');
  return row;
}

export async function updateAccountRequestStatus(tx: Tx, id: number, status: AccountRequestStatus, reviewer: string) {
  const [after] = await tx
    .update(accountRequests)
    .set({ status, reviewedBy: reviewer, updatedAt: sql`now()` })
    .where(eq(accountRequests.id, id))
    .returning();
  return after!;
}
