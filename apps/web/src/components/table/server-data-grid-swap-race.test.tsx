import { render, screen, waitFor } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { ServerDataGrid } from './server-data-grid';
import type { TableState } from './table-state';

interface Row {
  id: number;
  name: string;
}

// The grid's render is made long enough (40 parts of 2 ms) that React's transition yields to the event
// loop part-way: the moment when, in the browser, a click on the light table lands while the swap is under
// way (the e2e run that found it: a row menu opened, then vanished with the table it came from).
const swap = vi.hoisted(() => ({ started: false }));
vi.mock('./data-grid-table', () => {
  function SlowPart() {
    swap.started = true;
    const end = performance.now() + 2;
    while (performance.now() < end);
    return null;
  }
  function DataGridTable() {
    return (
      <div className="MuiDataGrid-root">
        {Array.from({ length: 40 }, (_, i) => (
          <SlowPart key={i} />
        ))}
      </div>
    );
  }
  return { DataGridTable };
});

const columns: GridColDef<Row>[] = [{ field: 'name', headerName: 'Name', width: 200 }];
const rows: Row[] = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `Customer ${i + 1}` }));
const state: TableState = { page: 1, size: 25, sort: [{ field: 'name', direction: 'asc' }], search: '', filters: {} };

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(async () => {
  await i18nReady;
  // React's own scheduler, not act's queue: the test needs the transition to yield as it does in a browser.
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});

describe('ServerDataGrid: focus arriving while the grid takes the light table’s place', () => {
  it('keeps the light table and the focus in it, and swaps once the user has left', async () => {
    const { container } = render(
      <>
        <ServerDataGrid<Row> rows={rows} columns={columns} total={5} state={state} onStateChange={() => {}} label="Customers" />
        <button type="button">Elsewhere</button>
      </>,
    );
    const sortButton = screen.getByRole('button', { name: /Name/ });
    await waitFor(() => expect(swap.started).toBe(true), { timeout: 20_000, interval: 1 });
    // The swap's render has begun and yielded; the user's focus lands on the table now.
    sortButton.focus();
    await new Promise((r) => setTimeout(r, 300));
    expect(container.querySelector('[data-light-table]')).not.toBeNull();
    expect(container.querySelector('.MuiDataGrid-root')).toBeNull();
    expect(sortButton).toHaveFocus();

    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await waitFor(() => expect(container.querySelector('.MuiDataGrid-root')).not.toBeNull(), { timeout: 20_000 });
    expect(container.querySelector('[data-light-table]')).toBeNull();
  });
});
