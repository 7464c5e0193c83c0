import type { SortTerm } from '@fc/contract';
import type { TableState } from './table-state';

/** A page of a list as the web's list fetchers answer it: `estimated` where the list's count may be estimated. */
export interface ListPage<R> {
  rows: R[];
  total: number;
  estimated?: boolean;
}

/** The part of a react-query result that a ServerDataGrid shows. */
export interface ListQueryResult<R> {
  data: ListPage<R> | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch(): Promise<unknown>;
}

/** The part of useTableUrlState's answer that a ServerDataGrid pages, sorts and searches with. */
export interface TableUrlState {
  state: TableState;
  /** The table's default sort: a header click never steps to the order the rows are already in. */
  defaultSort: readonly SortTerm[];
  update(change: Partial<TableState>): void;
}

/*
 * One empty list for every grid: a new [] on each render while the first page loads would be a new rows
 * prop each time, and the grid would render again for nothing.
 */
const NO_ROWS: never[] = [];

/**
 * The ServerDataGrid props that come from a list query and the table's URL state, so that every list shows
 * its rows, count, loading, failure and Retry the same way: `<ServerDataGrid {...serverGridProps(list, table)} ... />`.
 */
export function serverGridProps<R>(
  { data, isFetching, isError, refetch }: ListQueryResult<R>,
  { state, defaultSort, update }: TableUrlState,
) {
  return {
    rows: data?.rows ?? (NO_ROWS as R[]),
    total: data?.total ?? 0,
    totalEstimated: data?.estimated,
    loading: isFetching,
    error: isError,
    onRetry: () => void refetch(),
    state,
    defaultSort,
    onStateChange: update,
  };
}
