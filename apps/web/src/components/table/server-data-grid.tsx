import { startTransition, useEffect, useRef, useState, type ComponentType } from 'react';
import type { DataGridProps, GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '@/lib/idle';
import { LoadError } from '../load-error';
import { LightTable } from './light-table';
import type { SortTerm } from '@fc/contract';
import type { TableState } from './table-state';

export interface ServerDataGridProps<R extends GridValidRowModel> extends Omit<
  DataGridProps<R>,
  'rows' | 'columns' | 'rowCount' | 'paginationModel' | 'sortModel'
> {
  rows: readonly R[];
  columns: readonly GridColDef<R>[];
  total: number;
  /**
   * `total` is the server's estimate (meta.record_count_estimated, decision 0600): the pagination says
   * "about", and a button asks for the exact count (count=exact in the table's URL state).
   */
  totalEstimated?: boolean;
  loading?: boolean;
  state: TableState;
  /** The sort of `sort: []` (the table's default, useTableUrlState): a header click never steps to the sort it shows. */
  defaultSort?: readonly SortTerm[];
  onStateChange(change: Partial<TableState>): void;
  /** Accessible name of the table. */
  label: string;
  /**
   * Keeps the room of a page of rows while the first page loads, so that nothing below the table moves when
   * the rows arrive (cumulative layout shift). For lists that usually fill a page: a short list would then
   * shrink instead.
   */
  reservePage?: boolean;
  /** Loading the rows failed: the grid says so, with a Retry that calls `onRetry` (not "no data"). */
  error?: boolean;
  onRetry?: () => void;
  /**
   * Fits many columns on a laptop screen (1366 px): smaller text and cell padding, and headers that wrap
   * onto up to three lines instead of being cut ("Available cre…").
   */
  dense?: boolean;
}

type GridComponent = ComponentType<ServerDataGridProps<GridValidRowModel>>;
/** The DataGrid's module once loaded: every later table renders it at once. */
let dataGridTable: GridComponent | undefined;
let loading: Promise<GridComponent> | undefined;

/** Loads the DataGrid's code (its own chunk, 120 kB gzipped); app/table-prefetch.ts may start it early. */
export function loadDataGrid(): Promise<GridComponent> {
  loading ??= import('./data-grid-table').then((m) => (dataGridTable = m.DataGridTable as GridComponent));
  return loading;
}

/**
 * A server-paged, server-sorted table (UI-01, UI-07). Its first page shows in a light HTML table
 * (LightTable: the same columns, texts, paging, sorting and URL state) as soon as the rows are there; the
 * DataGrid's code loads after that first paint and the grid then takes the table's place, at the same size
 * (decision 0610), once focus is not in the light table or a menu opened from it. A page that opens once the
 * grid's code is loaded shows the grid at once.
 */
export function ServerDataGrid<R extends GridValidRowModel>(props: ServerDataGridProps<R>) {
  const { t } = useTranslation();
  const [Grid, setGrid] = useState<GridComponent | undefined>(() => dataGridTable);
  const [loaded, setLoaded] = useState<GridComponent | undefined>();
  // Focus in the light table or in a menu or dialog opened from it (React brings a portal's focus events to
  // its parents): the grid waits until the user has left it, or a row menu being used would close under
  // them and a focused header would lose its focus.
  const [inUse, setInUse] = useState(false);
  const focusInside = useRef(false);
  // The rows (or the no-data or error state) are on screen: load the grid after that frame has painted.
  const settled = !props.loading || props.rows.length > 0;
  useEffect(() => {
    if (Grid || !settled) return;
    let cancelled = false;
    // When the browser is idle: the grid's code and mount are the longest tasks of a list's load, and the
    // light table already does what the first look at a page needs (decision 0970).
    void whenIdle().then(() => {
      if (cancelled) return;
      void loadDataGrid().then((component) => {
        if (!cancelled) setLoaded(() => component);
      });
    });
    return () => {
      cancelled = true;
    };
  }, [Grid, settled]);
  useEffect(() => {
    if (!Grid && loaded && !inUse) startTransition(() => setGrid(() => loaded));
  }, [Grid, loaded, inUse]);
  // Checked again where the swap renders: a click landing while the swap's transition is under way (the
  // effect saw no focus) would otherwise open a row menu that the grid then replaces. Once the grid shows,
  // nothing sets inUse again (only the light table's own focus does), so it stays.
  const table =
    Grid && !inUse ? (
      <Grid {...(props as unknown as ServerDataGridProps<GridValidRowModel>)} />
    ) : (
      <div
        style={{ display: 'contents' }}
        onFocus={() => {
          focusInside.current = true;
          setInUse(true);
        }}
        onBlur={() => {
          focusInside.current = false;
          // Focus moving from the table into its own menu blurs, then focuses again within the same turn.
          setTimeout(() => {
            if (!focusInside.current) setInUse(false);
          }, 0);
        }}
      >
        <LightTable<R> {...props} />
      </div>
    );
  const exact = props.totalEstimated ? (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
      <Button size="small" onClick={() => props.onStateChange({ exactCount: true })}>
        {t('table.count-exactly')}
      </Button>
    </Box>
  ) : null;
  // The same positions whatever shows, so that the table is never mounted anew for the error or the button.
  return (
    <>
      {props.error && <LoadError onRetry={() => props.onRetry?.()} />}
      {table}
      {exact}
    </>
  );
}
