import { listQueryParams, MAX_PAGE_SIZE, type SortTerm } from '@fc/contract';

/** Pages read at most for one option list (10,000 options): a guard against a list that keeps growing. */
const MAX_PAGES = 100;

/**
 * Every row of a list, read page after page at the server's largest page size: the options of a form's
 * select (the active templates of a currency, the active bundles), where one page of 100 would leave the
 * rest out once there are more.
 */
export async function allPages<T>(
  getPage: (query: URLSearchParams) => Promise<{ rows: T[]; total: number }>,
  q: { sort: readonly SortTerm[]; filters: Record<string, string | number | undefined | null> },
): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await getPage(listQueryParams({ page, size: MAX_PAGE_SIZE, sort: q.sort, filters: q.filters }));
    rows.push(...res.rows);
    if (res.rows.length < MAX_PAGE_SIZE || rows.length >= res.total) return { rows, total: res.total };
  }
  return { rows, total: rows.length };
}
