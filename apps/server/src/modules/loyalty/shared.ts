import { sql, type SQL } from 'drizzle-orm';
import type { SortTerm } from '@fc/contract';
import type { Tx } from '../../db/client';
import { offsetOf, orderBy, pageAndCount, type ListCount, type PageOf } from '../../http/list';
import { rowsOf } from '../../db/execute';

export { rowsOf };

/** A numeric column (text from the driver) as a number; null stays null. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A timestamptz column as ISO 8601 UTC text, whatever the driver does with timestamps. */
export const isoSql = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** ORDER BY of a list's sort terms over raw column expressions, with the tie-breaker last. */
export function orderSql<F extends string>(sort: readonly SortTerm<F>[], columns: Record<F, SQL>, tieBreaker: SQL): SQL {
  return sql.join(orderBy(sort, columns, tieBreaker), sql`, `);
}

/**
 * A page of a loyalty list and its record count (issue 22, decisions 0600 and 0620): `from` is the list's
 * `from ... where ...` (its matching rows), planned for the estimate and counted when the count is exact.
 * With `max` (LIST_EXACT_COUNT_MAX, from the routes) a wide list of a large table answers the planner's
 * estimate, flagged; without it (the benchmarks, which time the counted list) the count is always exact.
 */
export function countedList<R>(
  db: Tx,
  q: { page: PageOf; exactCount?: boolean },
  max: number | undefined,
  list: { rows: () => Promise<R[]>; from: SQL },
): Promise<{ rows: R[] } & ListCount> {
  return pageAndCount(db, {
    page: q.page,
    exact: max === undefined || q.exactCount,
    max: max ?? 0,
    matching: sql`select 1 ${list.from}`,
    rows: list.rows,
    count: async () => Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${list.from}`))[0]?.n ?? 0),
  });
}

/**
 * Which rows a list statement reads: the query's own page (with the record count), a page the caller
 * chose (no count), or every row in the list's order (no count: the CSV export, read through a cursor).
 */
export type ListPage = { limit: number; offset: number } | 'all' | undefined;

/** LIMIT and OFFSET of a list statement for `page` (a NULL limit is no limit). */
export function limitOffset(q: { page: { number: number; size: number } }, page: ListPage): { limit: number | null; offset: number } {
  if (page === 'all') return { limit: null, offset: 0 };
  return { limit: page?.limit ?? q.page.size, offset: page?.offset ?? offsetOf(q.page) };
}

/** The server's calendar day as YYYYMMDD (dates of the enrolment form are compared on it). */
export function todayCompact(asOf: string): string {
  return asOf.replace(/-/g, '');
}

/** YYYYMMDD to YYYY-MM-DD. */
export const isoDate = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;

/** The rows of a CSV export, each turned into its cells as it is read. */
export async function* mapRows<T>(rows: AsyncIterable<T>, f: (row: T) => unknown[]): AsyncGenerator<unknown[]> {
  for await (const r of rows) yield f(r);
}
