import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type SortTerm } from '@fc/contract';
import { sortFromParam, tableQuery, tableStateFromParams, type TableOptions, type TableState } from './table-state';

export type { TableState } from './table-state';

/**
 * A table's page, size, sort, search and filters kept in the URL, so a reload, a shared link or the back
 * button shows the same rows. `prefix` keeps two tables on one page apart.
 */
export function useTableUrlState(options: TableOptions) {
  const [params, setParams] = useSearchParams();
  const p = options.prefix ? `${options.prefix}.` : '';
  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  const filterKey = options.filterNames?.join(',') ?? '';
  const defaultSortKey = JSON.stringify(options.defaultSort);

  // The sort keeps its identity until its own parameter changes: the grid answers a new sort model by going
  // back to its first page, so a sort rebuilt on a page click would undo the click.
  const sortParam = params.get(`${p}sort`);
  const sort = useMemo<SortTerm[]>(() => sortFromParam(sortParam, JSON.parse(defaultSortKey) as SortTerm[]), [sortParam, defaultSortKey]);

  const state = useMemo<TableState>(
    () =>
      tableStateFromParams(
        params,
        { prefix: options.prefix, defaultSize, filterNames: filterKey ? filterKey.split(',') : [], defaultSort: sort },
        sort,
      ),
    [params, options.prefix, defaultSize, sort, filterKey],
  );

  // A change made while the previous one is still navigating (the route's loader runs first) must build
  // on it, not on the URL of the last render, or the earlier change is lost (two filters in quick succession).
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);

  const update = useCallback(
    (change: Partial<TableState>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(pending.current ?? prev);
          const set = (k: string, v: string | undefined) => (v ? next.set(`${p}${k}`, v) : next.delete(`${p}${k}`));
          // Any change but the page itself starts again on page 1.
          const resetsPage =
            change.size !== undefined || change.sort !== undefined || change.search !== undefined || change.filters !== undefined;
          if (change.page !== undefined) set('page', change.page > 1 ? String(change.page) : undefined);
          else if (resetsPage) set('page', undefined);
          if (change.size !== undefined) set('size', change.size === defaultSize ? undefined : String(change.size));
          if (change.sort !== undefined)
            set('sort', change.sort.length ? change.sort.map((s) => `${s.field}|${s.direction}`).join(',') : undefined);
          if (change.search !== undefined) set('q', change.search.trim() || undefined);
          if (change.exactCount !== undefined) set('count', change.exactCount ? 'exact' : undefined);
          if (change.filters !== undefined) for (const [k, v] of Object.entries(change.filters)) set(`f.${k}`, v?.trim() || undefined);
          pending.current = next;
          return next;
        },
        { replace: true },
      );
    },
    [setParams, p, defaultSize],
  );

  /** The list request's query: page[number], page[size], filter[sort], filter[search], filter[...]. */
  const query = useMemo(() => tableQuery(state), [state]);

  return { state, update, query };
}
