import { DEFAULT_PAGE_SIZE, listQueryParams, PAGE_SIZE_OPTIONS, type SortTerm } from '@fc/contract';

export interface TableState {
  page: number;
  size: number;
  sort: SortTerm[];
  search: string;
  filters: Record<string, string>;
  /** The list's count asked exact (count=exact) where the server would estimate it (decision 0600). */
  exactCount?: boolean;
}

/** What a list page declares about its table: the URL state's defaults and filter names. */
export interface TableOptions {
  prefix?: string;
  defaultSort: SortTerm[];
  defaultSize?: number;
  filterNames?: readonly string[];
  /**
   * Starts the list's request for a query (its query options' prefetch): a click on a page or a sort then
   * asks for its rows before React renders anything, and the table renders once they are in (decision 0994).
   */
  prefetch?: (query: URLSearchParams) => Promise<unknown>;
}

type SortDirection = SortTerm['direction'];
/** The grid's order of a column's sorts on header clicks (its `sortingOrder` default): none is the default sort. */
export const SORTING_ORDER: readonly (SortDirection | null)[] = ['asc', 'desc', null];

const sameSort = (a: readonly SortTerm[], b: readonly SortTerm[]) =>
  a.length === b.length && a.every((x, i) => x.field === b[i]!.field && x.direction === b[i]!.direction);

/**
 * The sort after a click on a column's header: the column's next direction in `order`, where "none" is the
 * table's default sort. A step that would show the rows in the order they are already in is skipped, so the
 * default column (audit "at", descending) goes ascending on its first click instead of doing nothing, and
 * then alternates.
 */
export function nextSort(
  current: readonly SortTerm[],
  field: string,
  defaultSort: readonly SortTerm[] = [],
  order: readonly (SortDirection | null)[] = SORTING_ORDER,
): SortTerm[] {
  const shown = current.length ? current : defaultSort;
  let direction = shown.find((s) => s.field === field)?.direction ?? null;
  for (let step = 0; step < order.length; step++) {
    direction = order[(order.indexOf(direction) + 1) % order.length] ?? null;
    const next: SortTerm[] = direction ? [{ field, direction }] : [];
    if (!sameSort(next.length ? next : defaultSort, shown)) return next;
  }
  return [];
}

/** The sort written in the URL (`sort=field|desc,...`), or the table's default. */
export function sortFromParam(sortParam: string | null, defaultSort: SortTerm[]): SortTerm[] {
  return sortParam
    ? sortParam.split(',').map((part) => {
        const [field = '', direction] = part.split('|');
        return { field, direction: direction === 'desc' ? 'desc' : 'asc' };
      })
    : defaultSort;
}

/**
 * A table's state read from an address's query string: the same function for the page (useTableUrlState)
 * and for the request started before the page's code has loaded (app/table-prefetch.ts), so that both ask
 * the same query.
 */
export function tableStateFromParams(params: URLSearchParams, options: TableOptions, sort?: SortTerm[]): TableState {
  const p = options.prefix ? `${options.prefix}.` : '';
  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  const page = Math.max(1, Number(params.get(`${p}page`)) || 1);
  const sizeParam = Number(params.get(`${p}size`));
  const size = (PAGE_SIZE_OPTIONS as readonly number[]).includes(sizeParam) ? sizeParam : defaultSize;
  const filters: Record<string, string> = {};
  for (const name of options.filterNames ?? []) {
    const v = params.get(`${p}f.${name}`);
    if (v) filters[name] = v;
  }
  const exactCount = params.get(`${p}count`) === 'exact';
  return {
    page,
    size,
    sort: sort ?? sortFromParam(params.get(`${p}sort`), options.defaultSort),
    search: params.get(`${p}q`) ?? '',
    filters,
    ...(exactCount ? { exactCount } : {}),
  };
}

/** The list request's query: page[number], page[size], filter[sort], filter[search], filter[...]. */
export function tableQuery(state: TableState): URLSearchParams {
  return listQueryParams({
    page: state.page,
    size: state.size,
    sort: state.sort,
    search: state.search,
    filters: state.filters,
    exactCount: state.exactCount,
  });
}

/**
 * The query string after a change of a table's state (the URL state of useTableUrlState, also written by the
 * first frame of a list page, app/first-frame): any change but the page itself starts again on page 1.
 */
export function applyTableChange(
  prev: URLSearchParams,
  change: Partial<TableState>,
  { prefix, defaultSize = DEFAULT_PAGE_SIZE }: { prefix?: string; defaultSize?: number },
): URLSearchParams {
  const p = prefix ? `${prefix}.` : '';
  const next = new URLSearchParams(prev);
  const set = (k: string, v: string | undefined) => (v ? next.set(`${p}${k}`, v) : next.delete(`${p}${k}`));
  const resetsPage = change.size !== undefined || change.sort !== undefined || change.search !== undefined || change.filters !== undefined;
  if (change.page !== undefined) set('page', change.page > 1 ? String(change.page) : undefined);
  else if (resetsPage) set('page', undefined);
  if (change.size !== undefined) set('size', change.size === defaultSize ? undefined : String(change.size));
  if (change.sort !== undefined)
    set('sort', change.sort.length ? change.sort.map((s) => `${s.field}|${s.direction}`).join(',') : undefined);
  if (change.search !== undefined) set('q', change.search.trim() || undefined);
  if (change.exactCount !== undefined) set('count', change.exactCount ? 'exact' : undefined);
  if (change.filters !== undefined) for (const [k, v] of Object.entries(change.filters)) set(`f.${k}`, v?.trim() || undefined);
  return next;
}
