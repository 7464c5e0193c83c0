import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
