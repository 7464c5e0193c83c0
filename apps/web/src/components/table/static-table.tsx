import type { ReactNode } from 'react';
import {
  CircularProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error';

interface StaticTableProps {
  /** The table's accessible name. */
  label?: string;
  /** The header row's cells. */
  head: ReactNode;
  /** What stands inside the table before its header: a caption, the column widths. */
  beforeHead?: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  /** In an outlined paper, as a page's table; plain inside a dialog. */
  outlined?: boolean;
  /** Scrolls sideways on a narrow screen; focusable (a region named like the table) so the keyboard can scroll it too. */
  scrollRegion?: boolean;
  sx?: SxProps<Theme>;
}

/** A small table whose rows are all on the page (no paging, no sorting): a list of files, a breakdown. */
export function StaticTable({ label, head, beforeHead, children, outlined, scrollRegion, sx }: StaticTableProps) {
  const table = (
    <Table size="small" aria-label={label} sx={sx}>
      {beforeHead}
      <TableHead>
        <TableRow>{head}</TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
  const region = scrollRegion ? { tabIndex: 0, role: 'region', 'aria-label': label } : {};
  return outlined ? (
    <TableContainer component={Paper} variant="outlined" {...region}>
      {table}
    </TableContainer>
  ) : (
    <TableContainer {...region}>{table}</TableContainer>
  );
}

interface TableStatusRowsProps {
  /** The list's query: loading shows a spinner row, a failure a row with Retry. */
  query: { isLoading: boolean; isError: boolean; refetch(): Promise<unknown> };
  /** The table's number of columns. */
  colSpan: number;
  /** The list loaded with no rows: its row then says `emptyText`. */
  empty: boolean;
  emptyText: string;
}

/** The rows a StaticTable shows instead of its data: loading, failed (with Retry), nothing to show. */
export function TableStatusRows({ query, colSpan, empty, emptyText }: TableStatusRowsProps) {
  const { t } = useTranslation();
  return (
    <>
      {query.isLoading && (
        <TableRow>
          <TableCell colSpan={colSpan} align="center">
            <CircularProgress size={24} aria-label={t('table.loading')} />
          </TableCell>
        </TableRow>
      )}
      {query.isError && (
        <TableRow>
          <TableCell colSpan={colSpan}>
            <LoadError onRetry={() => void query.refetch()} />
          </TableCell>
        </TableRow>
      )}
      {!query.isLoading && !query.isError && empty && (
        <TableRow>
          <TableCell colSpan={colSpan} align="center">
            {emptyText}
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
