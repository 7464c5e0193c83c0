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
export async function clampedPage<R>(
  page: PageOf,
  fetch: (page: PageOf) => Promise<{ rows: R[]; total: number }>,
): Promise<{ rows: R[]; total: number; page: PageOf }> {
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
