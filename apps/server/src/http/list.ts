import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { SortTerm } from '@fc/contract';

/**
 * ORDER BY terms for a list's filter[sort], with `tieBreaker` last so that paging is stable.
 * The sort fields were checked against the list's schema, so every field has a column here.
 */
export function orderBy<F extends string>(
  sort: readonly SortTerm<F>[],
  columns: Record<F, AnyColumn | SQL>,
  tieBreaker: AnyColumn | SQL,
): SQL[] {
  const terms = sort.map((t) => (t.direction === 'desc' ? desc(columns[t.field]) : asc(columns[t.field])));
  return [...terms, asc(tieBreaker)];
}

/** `ILIKE '%text%'` with the user's text taken literally. */
export function contains(column: AnyColumn | SQL, text: string): SQL {
  return sql`${column}::text ilike ${'%' + escapeLike(text) + '%'}`;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const offsetOf = (page: { number: number; size: number }) => (page.number - 1) * page.size;

export interface PageOf {
  number: number;
  size: number;
}

/**
 * One page of a list, never past the last page (issue 17 item 5, docs/decisions/0344): a page[number]
 * beyond the last page is answered as the last page (page 1 of an empty list), so `meta.pagination`
 * always describes the rows sent (never "from 2451 to 10") and a link or a reload after rows were removed
 * still shows rows. `fetch` reads the rows and total of a page; when the requested page is past the end it
 * is read again for the last page (again, up to 3 times, if rows are removed meanwhile). Every paged list
 * goes through here and answers the page it used to sendList.
 */
export async function clampedPage<R, X extends object = object>(
  page: PageOf,
  fetch: (page: PageOf) => Promise<{ rows: R[]; total: number } & X>,
): Promise<{ rows: R[]; total: number; page: PageOf } & X> {
  let at = page;
  for (let attempt = 0; ; attempt++) {
    const got = await fetch(at);
    const last = lastPageOf(got.total, at.size);
    if (at.number <= last || attempt === 3) return { ...got, page: at };
    at = { number: last, size: at.size };
  }
}

/** The last page of `total` rows by pages of `size`: 1 for an empty list. */
export const lastPageOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** The planner's estimate of the rows of `query` (EXPLAIN, no execution): PostgreSQL and PGlite alike. */
export async function plannedRows(db: Tx, query: SQL): Promise<number> {
  const res = (await db.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(res.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(Number(plan[0]?.Plan?.['Plan Rows'] ?? 0));
}

export interface ListCount {
  total: number;
  /** `total` is an estimate (meta.record_count_estimated). */
  estimated: boolean;
}

/**
 * The count of a page of a list without counting the whole table on every page (issue 22, decision 0600).
 * Exact when asked (`count=exact`), and when the planner expects at most `max` rows (a narrow filter, a
 * small table): then `count` runs. Above that the planner's estimate is answered, flagged, and made
 * consistent with the page read: a page that is not full ends the list, so its end is the exact count; a
 * full page means at least one more row may follow; an empty page past the first is counted exactly (the
 * caller then answers the last page). `rows` is the page's row query, run alongside the estimate.
 */
export async function pageAndCount<R>(
  db: Tx,
  opts: {
    page: PageOf;
    exact?: boolean;
    max: number;
    /** SELECT of the list's matching rows (any columns), for the planner. */
    matching: SQL;
    rows: () => Promise<R[]>;
    count: () => Promise<number>;
  },
): Promise<{ rows: R[] } & ListCount> {
  if (opts.exact) {
    const [rows, total] = await Promise.all([opts.rows(), opts.count()]);
    return { rows, total, estimated: false };
  }
  const [rows, planned] = await Promise.all([opts.rows(), plannedRows(db, opts.matching)]);
  const offset = offsetOf(opts.page);
  if (planned <= opts.max) return { rows, total: await opts.count(), estimated: false };
  if (rows.length < opts.page.size && (rows.length > 0 || opts.page.number === 1))
    return { rows, total: offset + rows.length, estimated: false };
  if (rows.length === 0) return { rows, total: await opts.count(), estimated: false };
  return { rows, total: Math.max(planned, offset + rows.length + (rows.length === opts.page.size ? 1 : 0)), estimated: true };
}
