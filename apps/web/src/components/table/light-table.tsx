import type { ChangeEvent } from 'react';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { Box, LinearProgress, TablePagination } from '@mui/material';
import { PAGE_SIZE_OPTIONS } from '@fc/contract';
import { DENSE_HEADER_HEIGHT, FOOTER_HEIGHT, HEADER_HEIGHT, PlainTable, ROW_HEIGHT } from './plain-table';
import type { ServerDataGridProps } from './server-data-grid';
import { nextSort } from './table-state';
import { PAGE_BUTTONS } from './page-button';
import { useServerTableView } from './server-table-view';

export { DENSE_HEADER_HEIGHT, HEADER_HEIGHT, ROW_HEIGHT } from './plain-table';

/*
 * One class for the whole table, its cells styled by descendant selectors: no styled component per cell, so
 * a page of rows costs a few hundred plain elements (the DataGrid's look: borders, padding, bold titles).
 */
const SX = {
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  fontSize: '0.875rem',
  position: 'relative',
  '& .lt-scroll': { overflowX: 'auto' },
  '& table': { width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' },
  '& th, & td': {
    px: '10px',
    textAlign: 'left',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    boxSizing: 'border-box',
  },
  // A title longer than its column wraps, inside a word if it must ("État ou province" in a narrow French
  // column), as the grid's headers do: never cut off.
  '& th': {
    height: HEADER_HEIGHT,
    fontWeight: 700,
    lineHeight: 1.2,
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& th button > span': { minWidth: 0 },
  '& td': { height: ROW_HEIGHT, borderTop: 1, borderColor: 'divider' },
  '& tbody tr:first-of-type td': { borderTop: 0 },
  '& .lt-num': { textAlign: 'right' },
  '& th button': {
    all: 'unset',
    cursor: 'pointer',
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    maxWidth: '100%',
    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: 2 },
  },
  '& .lt-empty td': { textAlign: 'center', color: 'text.secondary' },
  '& .lt-progress': { position: 'absolute', left: 0, right: 0, top: HEADER_HEIGHT },
  '& .lt-footer': { minHeight: FOOTER_HEIGHT, borderTop: 1, borderColor: 'divider', display: 'flex', justifyContent: 'flex-end' },
  // As the grid's pagination: no rows-per-page choice on a phone, where it pushed the page buttons off screen.
  '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { display: { xs: 'none', sm: 'inline-flex' } },
} as const;
const DENSE_SX = {
  ...SX,
  fontSize: '0.8125rem',
  '& th, & td': { ...SX['& th, & td'], px: 1 },
  '& th': { ...SX['& th'], height: DENSE_HEADER_HEIGHT, fontSize: '0.75rem', lineHeight: 1.25, overflowWrap: 'break-word' },
  '& td': { ...SX['& td'], py: 0.75, whiteSpace: 'normal' },
} as const;

/**
 * The first render of a ServerDataGrid (decision 0610): an HTML table with the grid's columns, texts and
 * sizes, sortable from its column headers and paged from the grid's own pagination bar, on the same URL state
 * and server requests. It shows the rows without waiting for the DataGrid's code, which then replaces it.
 */
export function LightTable<R extends GridValidRowModel>(props: ServerDataGridProps<R>) {
  const { rows, columns, total, loading, state, defaultSort, label, reservePage, dense, getRowId } = props;
  const { t, gridText, change, paged, displayedRows, emptyText } = useServerTableView(props);
  const current = state.sort[0];
  const empty = rows.length === 0;
  return (
    <Box sx={dense ? DENSE_SX : SX} data-light-table="">
      <PlainTable<R>
        rows={rows}
        columns={columns}
        sort={current}
        onSort={(field) => change({ sort: nextSort(state.sort, field, defaultSort) })}
        label={label}
        loading={loading}
        emptyText={loading ? '' : emptyText}
        emptyRows={empty && loading && reservePage ? state.size : 2}
        getRowId={getRowId}
      />
      {loading && <LinearProgress className="lt-progress" aria-label={t('app.loading')} />}
      <div className="lt-footer">
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, Math.min(state.page - 1, Math.ceil(total / state.size) - 1))}
          rowsPerPage={state.size}
          rowsPerPageOptions={paged ? [...PAGE_SIZE_OPTIONS] : []}
          onPageChange={(_e, page) => change({ page: page + 1 })}
          onRowsPerPageChange={(e: ChangeEvent<HTMLInputElement>) => change({ size: Number(e.target.value) })}
          labelRowsPerPage={t('table.rows-per-page')}
          labelDisplayedRows={displayedRows}
          {...(gridText.paginationItemAriaLabel ? { getItemAriaLabel: gridText.paginationItemAriaLabel } : {})}
          slots={{ actions: PAGE_BUTTONS }}
          sx={{ border: 0 }}
        />
      </div>
    </Box>
  );
}
