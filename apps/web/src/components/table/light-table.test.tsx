import { act, render, screen, waitFor } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { READERS_WAIT_MS } from '@/lib/url-search';
import { clickAndSettle, SearchProbe, tableState as state } from '../../../test/table';
import { LightTable, ROW_HEIGHT } from './light-table';
import type { TableState } from './table-state';
import { useTableUrlState } from './use-table-url-state';

interface Row {
  id: number;
  name: string;
  amount: number;
}

const columns: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Name', width: 200, renderCell: ({ row }) => <a href={`/c/${row.id}`}>{row.name}</a> },
  { field: 'amount', headerName: 'Amount', type: 'number', valueFormatter: (v: number) => `$${v}`, sortable: false },
];
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Customer ${i + 1}`, amount: i * 10 }));
/** The light table on its URL state, as ServerDataGrid renders it before the grid's code has loaded. */
function UrlLightTable({ changes, prefetch }: { changes: Partial<TableState>[]; prefetch?: (query: URLSearchParams) => Promise<unknown> }) {
  const { state: s, update } = useTableUrlState({ defaultSort: [{ field: 'name', direction: 'asc' }], prefetch });
  return (
    <>
      <SearchProbe />
      <LightTable<Row>
        rows={rows}
        columns={columns}
        total={100}
        state={s}
        onStateChange={(c) => {
          changes.push(c);
          update(c);
        }}
        label="Customers"
      />
    </>
  );
}

beforeAll(async () => {
  await i18nReady;
});

describe('LightTable (decision 0610)', () => {
  it("shows the cells as the grid would: renderCell, valueFormatter, the grid's texts", () => {
    render(<LightTable<Row> rows={rows} columns={columns} total={100} state={state()} onStateChange={() => {}} label="Customers" />);
    expect(screen.getByRole('table', { name: 'Customers' }).querySelectorAll('tbody tr')).toHaveLength(25);
    expect(screen.getByRole('link', { name: 'Customer 3' })).toHaveAttribute('href', '/c/3');
    expect(screen.getByText('$20')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    // A column that cannot be sorted has no button.
    expect(screen.queryByRole('button', { name: 'Amount' })).toBeNull();
    expect(screen.getByText('1–25 of 100')).toBeInTheDocument();
    expect(screen.getByText('Rows per page')).toBeInTheDocument();
  });

  it('keeps the room of a page of rows while the first page loads, then shows the no-data text', () => {
    const props = { columns, total: 0, state: state(), onStateChange: () => {}, label: 'Customers' };
    const { rerender, container } = render(<LightTable<Row> {...props} rows={[]} loading reservePage />);
    expect(container.querySelector('tbody td')).toHaveStyle({ height: `${ROW_HEIGHT * 25}px` });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    rerender(<LightTable<Row> {...props} rows={[]} />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('sorts from its column header buttons and pages from its pagination, on the URL state', async () => {
    const changes: Partial<TableState>[] = [];
    render(
      <MemoryRouter initialEntries={['/list']}>
        <UrlLightTable changes={changes} />
      </MemoryRouter>,
    );
    await clickAndSettle(screen.getByRole('button', { name: /next page/i }));
    expect(changes).toEqual([{ page: 2 }]);
    expect(screen.getByTestId('search').textContent).toContain('page=2');
    // The grid's order: ascending (the default here), descending, then none; a sort starts on page 1.
    await clickAndSettle(screen.getByRole('button', { name: /Name/ }));
    expect(changes.at(-1)).toEqual({ sort: [{ field: 'name', direction: 'desc' }] });
    expect(screen.getByTestId('search').textContent).toBe('?sort=name%7Cdesc');
    await clickAndSettle(screen.getByRole('button', { name: /Name/ }));
    expect(changes.at(-1)).toEqual({ sort: [] });
  });

  it('sorts the column of a descending default ascending on its first click, not to the same rows', async () => {
    const changes: Partial<TableState>[] = [];
    const defaultSort = [{ field: 'name', direction: 'desc' as const }];
    const props = {
      rows,
      columns,
      total: 100,
      onStateChange: (c: Partial<TableState>) => changes.push(c),
      label: 'Customers',
      defaultSort,
    };
    render(<LightTable<Row> {...props} state={state({ sort: defaultSort })} />);
    await clickAndSettle(screen.getByRole('button', { name: /Name/ }));
    expect(changes).toEqual([{ sort: [{ field: 'name', direction: 'asc' }] }]);
  });

  it('asks for the rows of a click before the table renders it (decision 0994)', async () => {
    const asked: { query: string; shownWhenAsked: string | null }[] = [];
    render(
      <MemoryRouter initialEntries={['/list?sort=name%7Cdesc']}>
        <UrlLightTable
          changes={[]}
          prefetch={(query) => {
            asked.push({ query: query.toString(), shownWhenAsked: screen.getByTestId('search').textContent });
            return Promise.resolve();
          }}
        />
      </MemoryRouter>,
    );
    await clickAndSettle(screen.getByRole('button', { name: /next page/i }));
    expect(asked).toEqual([{ query: expect.stringContaining('page%5Bnumber%5D=2') as string, shownWhenAsked: '?sort=name%7Cdesc' }]);
    expect(asked[0]!.query).toContain('filter%5Bsort%5D=name%7Cdesc');
    expect(await screen.findByText('?sort=name%7Cdesc&page=2')).toBeInTheDocument();
  });

  it('shows a page once its rows are in, or after a short wait when they are slow (decision 0994)', async () => {
    let rowsIn: (value?: unknown) => void = () => undefined;
    let slow = false;
    render(
      <MemoryRouter initialEntries={['/list']}>
        <UrlLightTable changes={[]} prefetch={() => (slow ? new Promise(() => undefined) : new Promise((resolve) => (rowsIn = resolve)))} />
      </MemoryRouter>,
    );
    await clickAndSettle(screen.getByRole('button', { name: /next page/i }));
    // Its rows are asked for: the table still shows page 1, with nothing loading over it.
    expect(screen.getByTestId('search').textContent).toBe('');
    expect(screen.getByText('1–25 of 100')).toBeInTheDocument();
    await act(async () => void rowsIn());
    expect(await screen.findByText('26–50 of 100')).toBeInTheDocument();
    expect(screen.getByTestId('search').textContent).toBe('?page=2');
    slow = true;
    await clickAndSettle(screen.getByRole('button', { name: /next page/i }));
    expect(screen.getByText('26–50 of 100')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('51–75 of 100')).toBeInTheDocument(), { timeout: READERS_WAIT_MS * 10 });
  });
});
