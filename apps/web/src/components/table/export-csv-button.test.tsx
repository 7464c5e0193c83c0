import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { englishTexts } from '../../../test/render';
import { ToastProvider } from '../toast';
import { ExportCsvButton } from './export-csv-button';

beforeAll(englishTexts);

let clicked: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clicked = [];
});

function renderButton() {
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(`${this.getAttribute('href')} as ${this.download}`);
  });
  const query = new URLSearchParams({ 'page[number]': '3', 'page[size]': '25', 'filter[search]': 'Gary', 'filter[sort]': 'cust_no|desc' });
  render(
    <ToastProvider>
      <ExportCsvButton path="/framework/customers/csv" fileName={() => 'Customers_20261126.csv'} query={query} />
    </ToastProvider>,
  );
}

describe('Export CSV (a browser download of the server-streamed file, decision 0630)', () => {
  it("checks the export, then lets the browser download it through a link with the list's filters and sort, without its paging", async () => {
    const calls = mockApi({ 'GET /framework/customers/csv': { status: 204 } });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toBe('/framework/customers/csv?filter%5Bsearch%5D=Gary&filter%5Bsort%5D=cust_no%7Cdesc as Customers_20261126.csv');
    expect(calls.map((c) => [c.path, c.headers['x-download-check']])).toEqual([['/framework/customers/csv', '1']]);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
  });

  it('a refused export shows its message and starts no download', async () => {
    mockApi({ 'GET /framework/customers/csv': { status: 400, body: { errors: [{ status: '400', code: 'invalid' }] } } });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('The export could not be downloaded. Please try again.');
    expect(clicked).toEqual([]);
  });
});
