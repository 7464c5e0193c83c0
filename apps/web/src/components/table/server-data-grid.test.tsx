import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { clickAndSettle, SearchProbe, tableState as state } from '../../../test/table';
import { DataGridTable } from './data-grid-table';
import { LightTable } from './light-table';
import { ServerDataGrid } from './server-data-grid';
import { useTableUrlState, type TableState } from './use-table-url-state';

interface Row {
  id: number;
  name: string;
}

const columns: GridColDef<Row>[] = [{ field: 'name', headerName: 'Name', width: 200 }];
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Customer ${i + 1}` }));
/** The grid on its URL state, as a list page uses it; records each change it asks for. */
function UrlTable({ changes }: { changes: Partial<TableState>[] }) {
  const { state, update } = useTableUrlState({ defaultSort: [{ field: 'name', direction: 'asc' }] });
  const onStateChange = useCallback(
    (change: Partial<TableState>) => {
      changes.push(change);
      update(change);
    },
    [changes, update],
  );
  return (
    <>
      <SearchProbe />
      <ServerDataGrid<Row> rows={rows} columns={columns} total={100} state={state} onStateChange={onStateChange} label="Customers" />
    </>
  );
}

beforeAll(async () => {
  await i18nReady;
});

describe('ServerDataGrid', () => {
  it('shows the first rows in a light table, then the DataGrid in its place (decision 0610)', async () => {
    const props = { columns, total: 100, state: state(), onStateChange: () => {}, label: 'Customers' };
    const { container } = render(<ServerDataGrid<Row> {...props} rows={rows} />);
    // The first render: an HTML table with the rows, the column's sort button and the grid's pagination text.
    const table = screen.getByRole('table', { name: 'Customers' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(25);
    expect(screen.getByText('Customer 1')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('1–25 of 100')).toBeInTheDocument();
    expect(container.querySelector('.MuiDataGrid-root')).toBeNull();
    // Once its code has loaded, the DataGrid shows the same rows and the light table is gone.
    await waitFor(() => expect(container.querySelector('.MuiDataGrid-root')).not.toBeNull(), { timeout: 20_000 });
    expect(screen.getByRole('grid', { name: 'Customers' })).toBeInTheDocument();
    expect(container.querySelector('[data-light-table]')).toBeNull();
    expect(screen.getByText('1–25 of 100')).toBeInTheDocument();
  });

  it('keeps the room of a page of rows while the first page loads (reservePage), not once rows or the no-data state show', () => {
    const props = { columns, total: 0, state: state(), onStateChange: () => {}, label: 'Customers' };
    const { rerender } = render(<DataGridTable<Row> {...props} rows={[]} loading reservePage />);
    // The grid's sx becomes a class; the variable is read from the stylesheet emotion wrote.
    const css = () => [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css()).toContain('--DataGrid-overlayHeight:calc(var(--height) * 25)');
    rerender(<DataGridTable<Row> {...props} rows={[]} loading reservePage state={state({ size: 50 })} />);
    expect(css()).toContain('--DataGrid-overlayHeight:calc(var(--height) * 50)');
    // The no-data state: its own height again.
    rerender(<DataGridTable<Row> {...props} rows={[]} reservePage />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
    const root = document.querySelector('.MuiDataGrid-root')!;
    expect(getComputedStyle(root).getPropertyValue('--DataGrid-overlayHeight')).toBe('');
  });

  it('without reservePage the loading grid keeps its default height', () => {
    render(<DataGridTable<Row> rows={[]} loading columns={columns} total={0} state={state()} onStateChange={() => {}} label="Customers" />);
    const root = document.querySelector('.MuiDataGrid-root')!;
    expect(getComputedStyle(root).getPropertyValue('--DataGrid-overlayHeight')).toBe('');
  });

  it('a page click asks for that page only, also when the URL state is parsed anew with the same sort', async () => {
    const changes: Partial<TableState>[] = [];
    // An explicit sort in the URL: it is parsed again on every change of the URL (the page click's included).
    render(
      <MemoryRouter initialEntries={['/list?sort=name%7Casc']}>
        <UrlTable changes={changes} />
      </MemoryRouter>,
    );
    await clickAndSettle(screen.getByRole('button', { name: /next page/i }));
    expect(changes).toEqual([{ page: 2 }]);
    expect(screen.getByTestId('search').textContent).toContain('page=2');
    await clickAndSettle(screen.getByText('Name'));
    expect(changes.at(-1)).toEqual({ sort: [{ field: 'name', direction: 'desc' }] });
    expect(screen.getByTestId('search').textContent).not.toContain('page=');
  });

  // The light table too: a user may page before the grid has loaded, and an open tooltip's popper re-positions
  // itself after every render of the new page (issue 22).
  it.each([
    ['the grid', DataGridTable],
    ['the light table', LightTable],
  ])('%s: a page button’s tooltip names it and closes when the button is pressed, until the pointer leaves', async (_name, Table) => {
    const user = userEvent.setup();
    const changes: Partial<TableState>[] = [];
    const props = { columns, total: 100, state: state(), onStateChange: (c: Partial<TableState>) => changes.push(c), label: 'Customers' };
    render(<Table<Row> {...props} rows={rows} />);
    const next = screen.getByRole('button', { name: 'Go to next page' });
    await user.hover(next);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Go to next page');
    await user.click(next);
    expect(changes).toEqual([{ page: 2 }]);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // Back over the button after leaving it: the tooltip shows again.
    await user.unhover(next);
    await user.hover(next);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Go to next page');
  });

  it('renders a new page’s cells once, with its rows, and never the old rows again (decision 0996)', async () => {
    const rendered: number[] = [];
    const counted: GridColDef<Row>[] = [
      { field: 'name', headerName: 'Name', width: 200, renderCell: ({ row }) => (rendered.push(row.id), row.name) },
    ];
    const second = Array.from({ length: 25 }, (_, i) => ({ id: i + 26, name: `Customer ${i + 26}` }));
    const changes: Partial<TableState>[] = [];
    const props = { columns: counted, total: 100, onStateChange: (c: Partial<TableState>) => changes.push(c), label: 'Customers' };
    const { rerender } = render(<DataGridTable<Row> {...props} rows={rows} state={state()} />);
    expect(screen.getByText('Customer 1')).toBeInTheDocument();
    await clickAndSettle(screen.getByRole('button', { name: 'Go to next page' }));
    expect(changes).toEqual([{ page: 2 }]);
    // The list page answers with the next page's rows and the new URL state, in one render.
    rendered.length = 0;
    rerender(<DataGridTable<Row> {...props} rows={second} state={state({ page: 2 })} />);
    expect(await screen.findByText('Customer 26')).toBeInTheDocument();
    expect(screen.queryByText('Customer 1')).toBeNull();
    expect(screen.getByText('26–50 of 100')).toBeInTheDocument();
    expect(rendered.filter((id) => id <= 25)).toEqual([]);
    expect(rendered.filter((id) => id > 25).sort((a, b) => a - b)).toEqual(second.map((r) => r.id));
    // Nothing the grid's store did from the new URL state came back as a change.
    expect(changes).toEqual([{ page: 2 }]);
    // Back to page 1: its rows are the same array as the first render's (the query's cache).
    rerender(<DataGridTable<Row> {...props} rows={rows} state={state()} />);
    expect(await screen.findByText('Customer 1')).toBeInTheDocument();
    expect(screen.queryByText('Customer 26')).toBeNull();
    expect(screen.getByText('1–25 of 100')).toBeInTheDocument();
    // A sort from the URL (Back, a link): the grid shows it and asks for nothing.
    rerender(<DataGridTable<Row> {...props} rows={rows} state={state({ sort: [{ field: 'name', direction: 'desc' }] })} />);
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending'));
    expect(screen.getByText('1–25 of 100')).toBeInTheDocument();
    expect(changes).toEqual([{ page: 2 }]);
  });

  it('a page or header click asks for the change and draws nothing of the grid until its rows are in (decision 0997)', async () => {
    const rendered: number[] = [];
    const counted: GridColDef<Row>[] = [
      { field: 'name', headerName: 'Name', width: 200, renderCell: ({ row }) => (rendered.push(row.id), row.name) },
      { field: 'city', headerName: 'City', width: 150, sortable: false },
    ];
    const changes: Partial<TableState>[] = [];
    const props = { columns: counted, total: 100, onStateChange: (c: Partial<TableState>) => changes.push(c), label: 'Customers' };
    const { rerender } = render(<DataGridTable<Row> {...props} rows={rows} state={state()} />);
    const header = () => screen.getByRole('columnheader', { name: /Name/ });
    rendered.length = 0;
    await clickAndSettle(screen.getByRole('button', { name: 'Go to next page' }));
    expect(changes).toEqual([{ page: 2 }]);
    // The footer and the cells stay as they are until the next page's rows come.
    expect(screen.getByText('1–25 of 100')).toBeInTheDocument();
    expect(rendered).toEqual([]);
    // More clicks before they come build on the first, up to the last page (4 of 100 rows by 25).
    for (let i = 0; i < 3; i += 1) await clickAndSettle(screen.getByRole('button', { name: 'Go to next page' }));
    expect(changes).toEqual([{ page: 2 }, { page: 3 }, { page: 4 }]);
    // Header clicks go round the grid's order from the sort last asked for: descending, then none.
    await clickAndSettle(screen.getByText('Name'));
    expect(changes.at(-1)).toEqual({ sort: [{ field: 'name', direction: 'desc' }] });
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    expect(rendered).toEqual([]);
    await clickAndSettle(screen.getByText('Name'));
    expect(changes.at(-1)).toEqual({ sort: [] });
    rerender(<DataGridTable<Row> {...props} rows={[...rows].reverse()} state={state({ sort: [{ field: 'name', direction: 'desc' }] })} />);
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'descending'));
    expect(screen.getByText('1–25 of 100')).toBeInTheDocument();
    await clickAndSettle(screen.getByText('Name'));
    expect(changes.at(-1)).toEqual({ sort: [] });
    // A column that does not sort asks for nothing.
    const asked = changes.length;
    await clickAndSettle(screen.getByText('City'));
    expect(changes).toHaveLength(asked);
    // The keyboard keeps the grid's own way: Enter on a header sorts it.
    header().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(changes).toHaveLength(asked + 1));
    expect(changes.at(-1)).toEqual({ sort: [] });
  });

  it('a header click on the column of the default sort sorts it the other way at once, never to the same rows', async () => {
    const changes: Partial<TableState>[] = [];
    const defaultSort = [{ field: 'name', direction: 'desc' as const }];
    const props = { columns, total: 100, onStateChange: (c: Partial<TableState>) => changes.push(c), label: 'Customers', defaultSort };
    const { rerender } = render(<DataGridTable<Row> {...props} rows={rows} state={state({ sort: defaultSort })} />);
    await clickAndSettle(screen.getByText('Name'));
    expect(changes).toEqual([{ sort: [{ field: 'name', direction: 'asc' }] }]);
    rerender(<DataGridTable<Row> {...props} rows={[...rows].reverse()} state={state({ sort: [{ field: 'name', direction: 'asc' }] })} />);
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending'));
    await clickAndSettle(screen.getByText('Name'));
    expect(changes.at(-1)).toEqual({ sort: [{ field: 'name', direction: 'desc' }] });
  });
});
