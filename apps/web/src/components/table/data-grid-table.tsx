import { startTransition, useCallback, useMemo } from 'react';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { useTranslation } from 'react-i18next';
import { formatNumber, PAGE_SIZE_OPTIONS } from '@fc/contract';
import { DENSE_HEADER_HEIGHT } from './light-table';
import type { ServerDataGridProps } from './server-data-grid';
import type { TableState } from './table-state';

/*
 * Props kept the same from one render to the next: the grid (React.memo) then re-renders only for what
 * changed, not for every render of its page.
 */
const SLOT_PROPS: DataGridProps['slotProps'] = { loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } };
/*
 * Header titles wrap onto a second line rather than end in an ellipsis: Spanish and French titles are a third
 * longer than the English ones the columns were sized for ("Fecha de vencimiento", issue 20).
 */
const SX = {
  bgcolor: 'background.paper',
  '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700, whiteSpace: 'normal', lineHeight: 1.2 },
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
  // The last column's resize handle would stick out past the grid's edge and make it scroll sideways.
  '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
} as const;
const denseRowHeight = () => 'auto' as const;

/**
 * A DataGrid whose paging and sorting happen on the server (UI-01: page sizes 5 to 100,
 * default 25, selector hidden when there are 5 rows or fewer; empty and loading labels). Loaded by
 * ServerDataGrid once the first rows show in its light table (decision 0610): import that, not this.
 */
export function DataGridTable<R extends GridValidRowModel>({
  rows,
  columns,
  total,
  totalEstimated,
  loading,
  state,
  onStateChange,
  label,
  reservePage,
  error,
  onRetry: _onRetry,
  dense,
  ...rest
}: ServerDataGridProps<R>) {
  const { t, i18n } = useTranslation();
  // The language's Data Grid texts (column menu, filters...) from the theme (app/theme.ts): a localeText prop
  // replaces the theme's whole object, so this grid's own texts go on top of it, not instead of it.
  const themeLocaleText = useTheme().components?.MuiDataGrid?.defaultProps?.localeText;
  // state.sort keeps its identity while the sort is unchanged (useTableUrlState), and so does the model: a new
  // sort model makes the grid go back to its first page.
  const sortModel = useMemo<GridSortModel>(() => state.sort.map((s) => ({ field: s.field, sort: s.direction })), [state.sort]);
  const filtered = !!state.search || Object.keys(state.filters).length > 0;
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page: state.page - 1, pageSize: state.size }), [state.page, state.size]);
  const paged = total > 5;
  const pageSizeOptions = useMemo(() => (paged ? [...PAGE_SIZE_OPTIONS] : []), [paged]);
  // A sort or page click only starts the change: the new URL, the request and the grid's re-render are a
  // transition, so the click's own frame (what INP measures) paints first.
  const change = useCallback((next: Partial<TableState>) => startTransition(() => onStateChange(next)), [onStateChange]);
  const onPaginationModelChange = useCallback(
    (m: GridPaginationModel) => change(m.pageSize !== state.size ? { size: m.pageSize } : { page: m.page + 1 }),
    [change, state.size],
  );
  const onSortModelChange = useCallback(
    (m: GridSortModel) =>
      change({ sort: m.filter((s) => s.sort).map((s) => ({ field: s.field, direction: s.sort === 'desc' ? 'desc' : 'asc' })) }),
    [change],
  );
  const localeText = useMemo<DataGridProps['localeText']>(
    () => ({
      ...themeLocaleText,
      noRowsLabel: error ? t('feedback.load-failed') : filtered ? t('table.no-relevant-data') : t('table.no-data'),
      noResultsOverlayLabel: t('table.no-relevant-data'),
      paginationRowsPerPage: t('table.rows-per-page'),
      paginationDisplayedRows: ({ from, to, count }) =>
        t(totalEstimated ? 'table.displayed-rows-about' : 'table.displayed-rows', {
          from: formatNumber(from, i18n.language),
          to: formatNumber(to, i18n.language),
          count: formatNumber(count, i18n.language),
        }),
    }),
    [themeLocaleText, filtered, error, t, i18n.language, totalEstimated],
  );
  // No rows yet: the grid's overlay (autoHeight) takes the height of a page of rows (--height is the grid's
  // row height) instead of its default two rows.
  const reserving = !!reservePage && !!loading && rows.length === 0;
  const sx = useMemo(() => {
    const base = dense ? DENSE_SX : SX;
    return reserving ? { ...base, '--DataGrid-overlayHeight': `calc(var(--height) * ${state.size})` } : base;
  }, [dense, reserving, state.size]);
  return (
    <DataGrid<R>
      aria-label={label}
      rows={rows}
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
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      sortModel={sortModel}
      onSortModelChange={onSortModelChange}
      localeText={localeText}
      slotProps={SLOT_PROPS}
      sx={sx}
      {...(dense ? { columnHeaderHeight: DENSE_HEADER_HEIGHT, getRowHeight: denseRowHeight } : {})}
      {...rest}
    />
  );
}
