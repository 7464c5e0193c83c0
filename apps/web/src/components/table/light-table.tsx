import { startTransition, useCallback, useMemo, type ChangeEvent, type ReactNode } from 'react';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { Box, LinearProgress, TablePagination } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { useTranslation } from 'react-i18next';
import { formatNumber, PAGE_SIZE_OPTIONS, type SortTerm } from '@fc/contract';
import type { ServerDataGridProps } from './server-data-grid';
import type { TableState } from './table-state';

/** The DataGrid's own sizes (standard density), so that the grid takes the light table's place exactly. */
export const ROW_HEIGHT = 52;
export const HEADER_HEIGHT = 56;
/** Three lines of wrapped header text (0.8125rem × 1.25) and their padding (the `dense` grid). */
export const DENSE_HEADER_HEIGHT = 64;
const FOOTER_HEIGHT = 52;

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
} as const;
const DENSE_SX = {
  ...SX,
  fontSize: '0.8125rem',
  '& th, & td': { ...SX['& th, & td'], px: 1 },
  '& th': { ...SX['& th'], height: DENSE_HEADER_HEIGHT, fontSize: '0.75rem', lineHeight: 1.25, overflowWrap: 'break-word' },
  '& td': { ...SX['& td'], py: 0.75, whiteSpace: 'normal' },
} as const;

/** A column's width in the table: its fixed width, else its minimum (a flex column shares what is left). */
const widthOf = (c: GridColDef) => c.width ?? c.minWidth ?? 100;

/** The cell's content as the DataGrid would show it: valueGetter, then valueFormatter or renderCell. */
function cellContent<R extends GridValidRowModel>(column: GridColDef<R>, row: R, id: unknown): ReactNode {
  const raw = (row as Record<string, unknown>)[column.field];
  // The portal's getters and formatters read the value and the row only (no grid API is there yet).
  const value = column.valueGetter ? (column.valueGetter as (...a: unknown[]) => unknown)(raw, row, column, undefined) : raw;
  const formatted = column.valueFormatter ? (column.valueFormatter as (...a: unknown[]) => unknown)(value, row, column, undefined) : value;
  if (column.renderCell)
    return column.renderCell({
      id,
      row,
      field: column.field,
      value,
      formattedValue: formatted,
      colDef: column,
      hasFocus: false,
      tabIndex: -1,
    } as never);
  return formatted === null || formatted === undefined ? '' : String(formatted as string);
}

/**
 * The first render of a ServerDataGrid (decision 0610): an HTML table with the grid's columns, texts and
 * sizes, sortable from its column headers and paged from the grid's own pagination bar, on the same URL state
 * and server requests. It shows the rows without waiting for the DataGrid's code, which then replaces it.
 */
export function LightTable<R extends GridValidRowModel>({
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
  dense,
  getRowId,
}: ServerDataGridProps<R>) {
  const { t, i18n } = useTranslation();
  const themeLocaleText = useTheme().components?.MuiDataGrid?.defaultProps?.localeText;
  const change = useCallback((next: Partial<TableState>) => startTransition(() => onStateChange(next)), [onStateChange]);
  const filtered = !!state.search || Object.keys(state.filters).length > 0;
  const paged = total > 5;
  const current = state.sort[0];
  const sortBy = (field: string) => {
    // The grid's order: ascending, descending, then unsorted.
    const next: SortTerm[] =
      current?.field !== field ? [{ field, direction: 'asc' }] : current.direction === 'asc' ? [{ field, direction: 'desc' }] : [];
    change({ sort: next });
  };
  const minWidth = useMemo(() => columns.reduce((sum, c) => sum + widthOf(c as GridColDef), 0), [columns]);
  const lang = i18n.language;
  const displayed = ({ from, to, count }: { from: number; to: number; count: number }) =>
    t(totalEstimated ? 'table.displayed-rows-about' : 'table.displayed-rows', {
      from: formatNumber(from, lang),
      to: formatNumber(to, lang),
      count: formatNumber(count, lang),
    });
  const empty = rows.length === 0;
  const emptyRows = empty && loading && reservePage ? state.size : 2;
  return (
    <Box sx={dense ? DENSE_SX : SX} data-light-table="">
      <div className="lt-scroll">
        <table aria-label={label} aria-busy={loading || undefined} style={{ minWidth }}>
          <colgroup>
            {columns.map((c) => (
              <col key={c.field} style={c.flex ? undefined : { width: widthOf(c as GridColDef) }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((c) => {
                const sorted = current?.field === c.field ? current.direction : undefined;
                const numeric = c.type === 'number' || c.headerAlign === 'right';
                const title = c.headerName ?? c.field;
                return (
                  <th
                    key={c.field}
                    scope="col"
                    className={numeric ? 'lt-num' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {c.sortable === false ? (
                      title
                    ) : (
                      <button type="button" onClick={() => sortBy(c.field)}>
                        <span>{title}</span>
                        {sorted && <span aria-hidden="true">{sorted === 'asc' ? '↑' : '↓'}</span>}
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {empty ? (
              <tr className="lt-empty">
                <td colSpan={columns.length} style={{ height: ROW_HEIGHT * emptyRows }}>
                  {loading ? '' : error ? t('feedback.load-failed') : filtered ? t('table.no-relevant-data') : t('table.no-data')}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const id = getRowId ? getRowId(row) : (row as { id?: unknown }).id;
                return (
                  <tr key={String(id)}>
                    {columns.map((c) => (
                      <td key={c.field} className={c.type === 'number' || c.align === 'right' ? 'lt-num' : undefined}>
                        {cellContent(c, row, id)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
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
          labelDisplayedRows={displayed}
          {...(themeLocaleText?.paginationItemAriaLabel ? { getItemAriaLabel: themeLocaleText.paginationItemAriaLabel } : {})}
          sx={{ border: 0 }}
        />
      </div>
    </Box>
  );
}
