import type { ReactNode } from 'react';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { SortTerm } from '@fc/contract';

/** The DataGrid's own sizes (standard density), so that the grid takes the light table's place exactly. */
export const ROW_HEIGHT = 52;
export const HEADER_HEIGHT = 56;
/** Three lines of wrapped header text (0.8125rem × 1.25) and their padding (the `dense` grid). */
export const DENSE_HEADER_HEIGHT = 64;
export const FOOTER_HEIGHT = 52;

/** A column's width in the table: its fixed width, else its minimum (a flex column shares what is left). */
export const widthOf = (c: GridColDef) => c.width ?? c.minWidth ?? 100;

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

export interface PlainTableProps<R extends GridValidRowModel> {
  rows: readonly R[];
  columns: readonly GridColDef<R>[];
  sort: SortTerm | undefined;
  onSort(field: string): void;
  label: string;
  loading?: boolean;
  /** What an empty table says ('' while it loads). */
  emptyText: string;
  /** How many rows' height an empty table keeps. */
  emptyRows: number;
  getRowId?: (row: R) => unknown;
}

/**
 * The HTML table of a list's first page (decision 0610, 0640), without MUI: the grid's columns, widths and
 * cells, sortable from its column headers. LightTable styles it with MUI inside the portal; the first frame of
 * a list page (app/first-frame) with a plain style sheet, before MUI has loaded.
 */
export function PlainTable<R extends GridValidRowModel>({
  rows,
  columns,
  sort,
  onSort,
  label,
  loading,
  emptyText,
  emptyRows,
  getRowId,
}: PlainTableProps<R>) {
  const minWidth = columns.reduce((sum, c) => sum + widthOf(c as GridColDef), 0);
  return (
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
              const sorted = sort?.field === c.field ? sort.direction : undefined;
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
                    <button type="button" onClick={() => onSort(c.field)}>
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
          {rows.length === 0 ? (
            <tr className="lt-empty">
              <td colSpan={columns.length} style={{ height: ROW_HEIGHT * emptyRows }}>
                {emptyText}
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
  );
}
