import { fireEvent, render, screen } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { MemoryRouter } from 'react-router';
import { SearchProbe } from '../../../test/table';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@fc/contract';
import { i18nReady, switchLanguage } from '@/lib/i18n';
import { ServerDataGrid } from './server-data-grid';
import { useTableUrlState } from './use-table-url-state';

interface Row {
  id: number;
  name: string;
}

const columns: GridColDef<Row>[] = [{ field: 'name', headerName: 'Name', width: 200 }];
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Customer ${i + 1}` }));

/** A list page's grid on its URL state, with the count the server sent (estimated or not). */
function Table({ estimated }: { estimated: boolean }) {
  const { state, update, query } = useTableUrlState({ defaultSort: [{ field: 'name', direction: 'asc' }] });
  return (
    <>
      <SearchProbe />
      <output data-testid="query">{query.toString()}</output>
      <ServerDataGrid<Row>
        rows={rows}
        columns={columns}
        total={100_000}
        totalEstimated={estimated}
        state={state}
        onStateChange={update}
        label="Customers"
      />
    </>
  );
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await switchLanguage('en-us');
  localStorage.clear();
});

describe('ServerDataGrid with an estimated count (decision 0600)', () => {
  it('says "about" and asks for the exact count on demand (count=exact in the URL and the list query)', () => {
    render(
      <MemoryRouter initialEntries={['/list?page=3']}>
        <Table estimated />
      </MemoryRouter>,
    );
    expect(screen.getByText('51–75 of about 100,000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Count exactly' }));
    expect(screen.getByTestId('search').textContent).toContain('count=exact');
    // Asking for the exact count keeps the page the user is on.
    expect(screen.getByTestId('search').textContent).toContain('page=3');
    expect(screen.getByTestId('query').textContent).toContain('count=exact');
  });

  it('states an exact count plainly, with no button', () => {
    render(
      <MemoryRouter initialEntries={['/list']}>
        <Table estimated={false} />
      </MemoryRouter>,
    );
    expect(screen.getByText('1–25 of 100,000')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Count exactly' })).toBeNull();
  });

  it.each([
    ['es', '1–25 de unos 100.000', 'Contar exactamente'],
    ['fr', /^1–25 sur environ 100\s000$/, 'Compter exactement'],
  ])('in %s', async (language, label, button) => {
    await switchLanguage(language as Language);
    render(
      <MemoryRouter initialEntries={['/list']}>
        <Table estimated />
      </MemoryRouter>,
    );
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
  });
});
