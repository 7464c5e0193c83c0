import { useCallback, useMemo } from 'react';
import { DEFAULT_PAGE_SIZE, type SortTerm } from '@fc/contract';
import { useUrlSearchParams } from '@/lib/url-search';
import { applyTableChange, sortFromParam, tableQuery, tableStateFromParams, type TableOptions, type TableState } from './table-state';

export type { TableState } from './table-state';

/**
 * A table's page, size, sort, search and filters kept in the URL, so a reload, a shared link or the back
 * button shows the same rows. `prefix` keeps two tables on one page apart. A change replaces the address
 * without a router navigation (decision 0994): a click renders the table, not the whole signed-in layout.
 */
export function useTableUrlState(options: TableOptions) {
  const [params, setParams] = useUrlSearchParams();
  const p = options.prefix ? `${options.prefix}.` : '';
  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  const filterKey = options.filterNames?.join(',') ?? '';
  const defaultSortKey = JSON.stringify(options.defaultSort);

  // The sort keeps its identity until its own parameter changes: the grid answers a new sort model by going
  // back to its first page, so a sort rebuilt on a page click would undo the click.
  const sortParam = params.get(`${p}sort`);
  const defaultSort = useMemo(() => JSON.parse(defaultSortKey) as SortTerm[], [defaultSortKey]);
  const sort = useMemo<SortTerm[]>(() => sortFromParam(sortParam, defaultSort), [sortParam, defaultSort]);

  const state = useMemo<TableState>(
    () =>
      tableStateFromParams(
        params,
        { prefix: options.prefix, defaultSize, filterNames: filterKey ? filterKey.split(',') : [], defaultSort: sort },
        sort,
      ),
    [params, options.prefix, defaultSize, sort, filterKey],
  );

  const { prefix, prefetch } = options;
  const update = useCallback(
    (change: Partial<TableState>) => {
      // A page, size or sort shows once its rows are in: the table renders once, with them, instead of once
      // loading (the previous rows under a progress bar) and again with them. A search or filter shows at once.
      const rowsOnly = Object.keys(change).every((key) => key === 'page' || key === 'size' || key === 'sort');
      let rows: Promise<unknown> | undefined;
      setParams(
        (prev) => {
          const next = applyTableChange(prev, change, { prefix, defaultSize });
          const nextOptions = {
            prefix,
            defaultSize,
            filterNames: filterKey ? filterKey.split(',') : [],
            defaultSort: JSON.parse(defaultSortKey) as SortTerm[],
          };
          rows = prefetch?.(tableQuery(tableStateFromParams(next, nextOptions)));
          return next;
        },
        { replace: true, shallow: true, readersAfter: () => (rowsOnly ? rows : undefined) },
      );
    },
    [setParams, prefix, defaultSize, prefetch, defaultSortKey, filterKey],
  );

  /** The list request's query: page[number], page[size], filter[sort], filter[search], filter[...]. */
  const query = useMemo(() => tableQuery(state), [state]);

  return { state, defaultSort, update, query };
}
