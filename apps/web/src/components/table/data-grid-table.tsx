import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  DataGrid,
  useGridApiRef,
  type DataGridProps,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
  type GridColumnHeaderParams,
  type GridEventListener,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { PAGE_SIZE_OPTIONS, type SortTerm } from '@fc/contract';
import { DENSE_HEADER_HEIGHT } from './light-table';
import { PAGE_BUTTONS } from './page-button';
import type { ServerDataGridProps } from './server-data-grid';
import { nextSort, type TableState } from './table-state';
import { useServerTableView } from './server-table-view';

/*
 * Props kept the same from one render to the next: the grid (React.memo) then re-renders only for what
 * changed, not for every render of its page.
 */
const LOADING_OVERLAY = { variant: 'linear-progress', noRowsVariant: 'linear-progress' } as const;
/*
 * Header titles wrap onto a second line rather than end in an ellipsis: Spanish and French titles are a third
 * longer than the English ones the columns were sized for ("Fecha de vencimiento", issue 20).
 */
const SX = {
  bgcolor: 'background.paper',
  '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700, whiteSpace: 'normal', lineHeight: 1.2 },
  // The last column's resize handle and hidden menu button would stick out past the grid's edge and make it
  // scroll sideways (23 px on the audit history at 360 px).
  '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
  '& .MuiDataGrid-columnHeader--last .MuiDataGrid-menuIcon': { overflow: 'hidden' },
} as const;
const DENSE_SX = {
  ...SX,
  fontSize: '0.8125rem',
  '& .MuiDataGrid-cell:not(.MuiDataGrid-cellEmpty), & .MuiDataGrid-columnHeader': { px: 1 },
  // Rows take the height of their tallest cell (getRowHeight 'auto'): a name may wrap onto two lines.
  '& .MuiDataGrid-cell': { py: 0.75, display: 'flex', alignItems: 'center' },
  '& .MuiDataGrid-columnHeaderTitle': {
    fontSize: '0.75rem',
    fontWeight: 700,
    whiteSpace: 'normal',
    lineHeight: 1.25,
    overflowWrap: 'break-word',
  },
} as const;
const denseRowHeight = () => 'auto' as const;
const sortTerm = (s: GridSortModel[number]): SortTerm => ({ field: s.field, direction: s.sort === 'desc' ? 'desc' : 'asc' });
const sameSort = (a: readonly SortTerm[], b: readonly SortTerm[]) =>
  a.length === b.length && a.every((x, i) => x.field === b[i]!.field && x.direction === b[i]!.direction);
const NO_SORT: readonly SortTerm[] = [];

/**
 * A DataGrid whose paging and sorting happen on the server (UI-01: page sizes 5 to 100,
 * default 25, selector hidden when there are 5 rows or fewer; empty and loading labels). Loaded by
 * ServerDataGrid once the first rows show in its light table (decision 0610): import that, not this.
 */
export function DataGridTable<R extends GridValidRowModel>(props: ServerDataGridProps<R>) {
  // The table's own props (the shared view reads some of them); the rest are the DataGrid's.
  const {
    rows,
    columns,
    total,
    loading,
    state,
    defaultSort = NO_SORT,
    label,
    reservePage,
    dense,
    onStateChange: _onStateChange,
    totalEstimated: _totalEstimated,
    error: _error,
    onRetry: _onRetry,
    ...rest
  } = props;
  // The language's Data Grid texts, with this grid's own on top of them.
  const { t, gridText, change, paged, displayedRows, emptyText } = useServerTableView(props);
  // state.sort keeps its identity while the sort is unchanged (useTableUrlState), and so does the model.
  const sortModel = useMemo<GridSortModel>(() => state.sort.map((s) => ({ field: s.field, sort: s.direction })), [state.sort]);
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page: state.page - 1, pageSize: state.size }), [state.page, state.size]);
  const pageSizeOptions = useMemo(() => (paged ? [...PAGE_SIZE_OPTIONS] : []), [paged]);
  // The URL state the grid's change callbacks compare with (they keep their identity: a new one is a new prop).
  const apiRef = useGridApiRef();
  const stateRef = useRef(state);
  // What the page and header clicks asked for since the URL state last changed: a second click before the
  // first one's rows are in builds on the first (next, next: page 3), not on what the grid still shows.
  const asked = useRef<TableState | undefined>(undefined);
  const totalRef = useRef(total);
  useLayoutEffect(() => {
    stateRef.current = state;
    asked.current = undefined;
  }, [state]);
  useLayoutEffect(() => {
    totalRef.current = total;
  }, [total]);
  const onPaginationModelChange = useCallback(
    (m: GridPaginationModel) => {
      const { size, page } = stateRef.current;
      // The store following the URL state (the layout effect below) is not a user's change.
      if (m.pageSize === size && m.page + 1 === page) return;
      change(m.pageSize !== size ? { size: m.pageSize } : { page: m.page + 1 });
    },
    [change],
  );
  const onSortModelChange = useCallback(
    (m: GridSortModel) => {
      const sort = m.filter((s) => s.sort).map(sortTerm);
      // The store following the URL state (the layout effect below) is not a user's change.
      if (sameSort(sort, stateRef.current.sort)) return;
      change({ sort });
    },
    [change],
  );
  /*
   * A page button or a header click asks for the change and nothing else (decision 0997): the grid's own
   * handlers would first update its store (the footer's range, the header's arrow), a synchronous render of
   * the grid inside the click, before the request could start. The store follows once the rows are in (the
   * layout effect below). Keyboard sorting and the column menu keep the grid's way (onSortModelChange).
   */
  const ask = useCallback(
    (next: Partial<TableState>) => {
      // A new sort starts again at page 1, as the URL state does (applyTableChange).
      asked.current = { ...(asked.current ?? stateRef.current), ...(next.page === undefined ? { page: 1 } : {}), ...next };
      change(next);
    },
    [change],
  );
  const onPageChange = useCallback(
    (_event: unknown, page: number) => {
      const { page: base, size } = asked.current ?? stateRef.current;
      // Previous and next (the only page buttons the grids show) step from the page last asked for.
      const shown = apiRef.current?.state.pagination.paginationModel.page ?? base - 1;
      const target = Math.abs(page - shown) === 1 ? base + page - shown : page + 1;
      const last = Math.max(1, Math.ceil(totalRef.current / size));
      const next = Math.min(Math.max(1, target), last);
      if (next !== base) ask({ page: next });
    },
    [apiRef, ask],
  );
  const onColumnHeaderClick = useCallback<GridEventListener<'columnHeaderClick'>>(
    ({ colDef }: GridColumnHeaderParams, event) => {
      if (!colDef.sortable) return;
      event.defaultMuiPrevented = true;
      const order = colDef.sortingOrder?.map((d) => d ?? null);
      ask({ sort: nextSort((asked.current ?? stateRef.current).sort, colDef.field, defaultSort, order) });
    },
    [ask, defaultSort],
  );
  const slotProps = useMemo<DataGridProps['slotProps']>(
    () => ({
      loadingOverlay: LOADING_OVERLAY,
      basePagination: { onPageChange, material: { slots: { actions: PAGE_BUTTONS } } },
    }),
    [onPageChange],
  );
  const localeText = useMemo<DataGridProps['localeText']>(
    () => ({
      ...gridText,
      noRowsLabel: emptyText,
      noResultsOverlayLabel: t('table.no-relevant-data'),
      paginationRowsPerPage: t('table.rows-per-page'),
      paginationDisplayedRows: displayedRows,
    }),
    [gridText, emptyText, t, displayedRows],
  );
  // No rows yet: the grid's overlay (autoHeight) takes the height of a page of rows (--height is the grid's
  // row height) instead of its default two rows.
  const reserving = !!reservePage && !!loading && rows.length === 0;
  const sx = useMemo(() => {
    const base = dense ? DENSE_SX : SX;
    return reserving ? { ...base, '--DataGrid-overlayHeight': `calc(var(--height) * ${state.size})` } : base;
  }, [dense, reserving, state.size]);
  // A page or a sort reaches the grid through its store, not its props (decision 0996). The grid applies new
  // `rows`, `paginationModel` and `sortModel` props in its effects: it renders every cell once with the new
  // props and the old rows, then again from its store. The props stay as they are and the layout effect
  // below hands the new page to the store, so the cells render once, with the new rows.
  // A new total (a search or a filter) gives the grid its rows as a prop too, so that its rows and row count
  // change together.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the rows of the render where the total changed
  const rowsProp = useMemo(() => rows, [total]);
  const [initialState] = useState(() => ({ pagination: { paginationModel }, sorting: { sortModel } }));
  const shownRows = useRef(rows);
  const propRows = useRef(rowsProp);
  useLayoutEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    // The grid applies a new rows prop itself. Rows equal to an earlier prop are new to the grid all the
    // same: page 1 again after page 2 is the same array from the query's cache.
    const byProp = propRows.current !== rowsProp;
    propRows.current = rowsProp;
    if (shownRows.current !== rows) {
      shownRows.current = rows;
      if (!byProp) api.setRows([...rows]);
    }
    if (!sameSort(api.state.sorting.sortModel.map(sortTerm), state.sort)) api.setSortModel(sortModel);
    const shown = api.state.pagination.paginationModel;
    if (shown.page !== paginationModel.page || shown.pageSize !== paginationModel.pageSize) api.setPaginationModel(paginationModel);
  }, [apiRef, rows, rowsProp, paginationModel, sortModel, state.sort]);
  return (
    <DataGrid<R>
      apiRef={apiRef}
      initialState={initialState}
      aria-label={label}
      rows={rowsProp}
      columns={columns as GridColDef<R>[]}
      rowCount={total}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      disableRowSelectionOnClick
      autoHeight
      pageSizeOptions={pageSizeOptions}
      onPaginationModelChange={onPaginationModelChange}
      onSortModelChange={onSortModelChange}
      localeText={localeText}
      slotProps={slotProps}
      onColumnHeaderClick={onColumnHeaderClick}
      sx={sx}
      {...(dense ? { columnHeaderHeight: DENSE_HEADER_HEIGHT, getRowHeight: denseRowHeight } : {})}
      {...rest}
    />
  );
}
