import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady, switchLanguage } from '@/lib/i18n';
import { LinkCustomerField } from './link-customer-field';

// A shared, busy machine: the debounced search and the list can take seconds in jsdom.
const WAIT = { timeout: 10_000 };

const CUSTOMERS = [
  { value: 10001, label: 'Acme Freight Lines' },
  { value: 10002, label: 'Maple Haulage Ltd' },
];

/** The server's type-ahead: customers whose name contains the search (the real one searches in SQL). */
function fakeServer() {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input as string | URL), 'http://localhost');
      const search = url.searchParams.get('filter[search]') ?? '';
      searches.push(search);
      const options = CUSTOMERS.filter((c) => c.label.toLowerCase().includes(search.toLowerCase()) || String(c.value).startsWith(search));
      const body = { data: [{ type: 'customer-options', id: 'link_cust_no', attributes: { name: 'link_cust_no', options } }] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/vnd.api+json' } });
    }),
  );
  return searches;
}

function renderField(value: number | null, onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LinkCustomerField value={value} onChange={onChange} onBlur={() => {}} inputRef={() => {}} label="Link customer" />
    </QueryClientProvider>,
  );
  return onChange;
}

beforeEach(async () => {
  await i18nReady;
  await switchLanguage('en-us');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('link customer type-ahead', { timeout: 30_000 }, () => {
  it('asks the server with what was typed and shows each customer with its number as sublabel, after -- Select One --', async () => {
    const searches = fakeServer();
    const onChange = renderField(null);
    const input = await screen.findByRole('combobox', { name: 'Link customer' }, WAIT);
    fireEvent.change(input, { target: { value: 'acm' } });
    await waitFor(() => expect(searches).toContain('acm'), WAIT);
    const list = await screen.findByRole('listbox', {}, WAIT);
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2), WAIT);
    const [none, acme] = within(list).getAllByRole('option');
    expect(none).toHaveTextContent('-- Select One --');
    expect(acme).toHaveTextContent('Acme Freight Lines');
    expect(acme).toHaveTextContent('10001');
    fireEvent.click(acme!);
    expect(onChange).toHaveBeenCalledWith(10001);
  });

  it('-- Select One -- clears the link', async () => {
    fakeServer();
    const onChange = renderField(10002);
    const input = await screen.findByRole('combobox', { name: 'Link customer' }, WAIT);
    // A value the field did not pick itself (a restored draft) is shown by name, looked up by its number.
    await waitFor(() => expect(input).toHaveValue('Maple Haulage Ltd'), WAIT);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.click(within(await screen.findByRole('listbox', {}, WAIT)).getByRole('option', { name: '-- Select One --' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
