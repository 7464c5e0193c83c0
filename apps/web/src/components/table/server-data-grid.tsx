import { useMemo } from 'react';
import { DataGrid, type DataGridProps, type GridColDef, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '@fc/contract';
import type { TableState } from './use-table-url-state';

export interface ServerDataGridProps<R extends GridValidRowModel> extends Omit<
  DataGridProps<R>,
  'rows' | 'columns' | 'rowCount' | 'paginationModel' | 'sortModel'
> {
  rows: readonly R[];
  columns: readonly GridColDef<R>[];
  total: number;
  loading?: boolean;
  state: TableState;
  onStateChange(change: Partial<TableState>): void;
  /** Accessible name of the table. */
  label: string;
}

/**
 * A DataGrid whose paging and sorting happen on the server (document 1 section 9: page sizes 5 to 100,
 * default 25, selector hidden when there are 5 rows or fewer; empty and loading labels).
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  rows,
  columns,
  total,
  loading,
  state,
  onStateChange,
  label,
  ...rest
}: ServerDataGridProps<R>) {
  const { t } = useTranslation();
  const sortModel = useMemo<GridSortModel>(() => state.sort.map((s) => ({ field: s.field, sort: s.direction })), [state.sort]);
  const filtered = !!state.search || Object.keys(state.filters).length > 0;
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
      pageSizeOptions={total > 5 ? [...PAGE_SIZE_OPTIONS] : []}
      paginationModel={{ page: state.page - 1, pageSize: state.size }}
      onPaginationModelChange={(m) => onStateChange(m.pageSize !== state.size ? { size: m.pageSize } : { page: m.page + 1 })}
      sortModel={sortModel}
      onSortModelChange={(m) =>
        onStateChange({ sort: m.filter((s) => s.sort).map((s) => ({ field: s.field, direction: s.sort === 'desc' ? 'desc' : 'asc' })) })
      }
      localeText={{
        noRowsLabel: filtered ? t('table.no-relevant-data') : t('table.no-data'),
        noResultsOverlayLabel: t('table.no-relevant-data'),
        paginationRowsPerPage: t('table.rows-per-page'),
        paginationDisplayedRows: ({ from, to, count }) => t('table.displayed-rows', { from, to, count }),
      }}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
      sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 } }}
      {...rest}
    />
  );
}
