import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { loadDataGrid, ServerDataGrid } from './server-data-grid';
import type { TableState } from './table-state';

interface Row {
  id: number;
  name: string;
}

const columns: GridColDef<Row>[] = [{ field: 'name', headerName: 'Name', width: 200 }];
const rows: Row[] = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `Customer ${i + 1}` }));
const state: TableState = { page: 1, size: 25, sort: [{ field: 'name', direction: 'asc' }], search: '', filters: {} };

beforeAll(async () => {
  await i18nReady;
});

// A file of its own: the grid's module is loaded once per test file, and this test needs it not loaded yet.
describe('ServerDataGrid while the light table is in use', () => {
  it('keeps the light table while focus is in it, and shows the grid once the user has left it', async () => {
    const { container } = render(
      <>
        <ServerDataGrid<Row> rows={rows} columns={columns} total={5} state={state} onStateChange={() => {}} label="Customers" />
        <button type="button">Elsewhere</button>
      </>,
    );
    const sortButton = screen.getByRole('button', { name: /Name/ });
    act(() => sortButton.focus());
    await act(async () => {
      await loadDataGrid();
    });
    // The grid's code is there, but the user is on the table: nothing is replaced under them.
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-light-table]')).not.toBeNull();
    expect(container.querySelector('.MuiDataGrid-root')).toBeNull();
    expect(sortButton).toHaveFocus();
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    fireEvent.blur(sortButton);
    await waitFor(() => expect(container.querySelector('.MuiDataGrid-root')).not.toBeNull(), { timeout: 20_000 });
    expect(container.querySelector('[data-light-table]')).toBeNull();
  });
});
