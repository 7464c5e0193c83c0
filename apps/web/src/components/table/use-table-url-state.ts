import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type SortTerm } from '@fc/contract';
import { applyTableChange, sortFromParam, tableQuery, tableStateFromParams, type TableOptions, type TableState } from './table-state';

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
          const next = applyTableChange(pending.current ?? prev, change, { prefix: options.prefix, defaultSize });
          pending.current = next;
          return next;
        },
        { replace: true },
      );
    },
    [setParams, options.prefix, defaultSize],
  );

  /** The list request's query: page[number], page[size], filter[sort], filter[search], filter[...]. */
  const query = useMemo(() => tableQuery(state), [state]);

  return { state, update, query };
}
