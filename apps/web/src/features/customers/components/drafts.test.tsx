import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentUserQuery } from '@/lib/session/current-user';
import { freshBrowserPerTest } from '../../../../test/fresh-browser';
import { draftKey, saveAllDrafts } from '@/lib/use-draft';
import CustomerCreatePage from './customer-create-page';
import RequestPage from './request-page';

function mount(path: string, username: string | null = 'cora') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, (username ? { username } : null) as never);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/framework/customer/create" element={<CustomerCreatePage />} />
          <Route path="/:type/request" element={<RequestPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// Option lists, states and the app config: empty answers are enough for typing into text fields.
freshBrowserPerTest({ emptyApi: true });

// Label queries: role queries walk the accessibility tree of a forty-field form, far too slowly in jsdom.
const field = (label: string) => screen.findByLabelText(new RegExp(`^${label}`), {}, { timeout: 20_000 });
const type = async (label: string, value: string) => fireEvent.change(await field(label), { target: { value } });

describe('drafts of the customer forms', { timeout: 60_000 }, () => {
  it('create customer: the unsaved form comes back after the next sign-in, without the bank numbers', async () => {
    const first = mount('/framework/customer/create');
    await type('Customer name', 'Draft Haulers');
    await type('Bank account number', '000123456789');
    await type('Bank ABA number', '071000013');
    expect(saveAllDrafts()).toBe(1);
    const stored = localStorage.getItem(draftKey('cora', '/framework/customer/create'))!;
    expect(stored).toContain('Draft Haulers');
    expect(stored).not.toContain('000123456789');
    expect(stored).not.toContain('071000013');
    first.unmount();

    mount('/framework/customer/create');
    fireEvent.click(await screen.findByText('Restore', {}, { timeout: 20_000 }));
    expect(await field('Customer name')).toHaveValue('Draft Haulers');
    expect(await field('Bank account number')).toHaveValue('');
  });

  it('account request: a signed-in user gets the typed request back', async () => {
    const first = mount('/cust/request');
    await type('Full name', 'Pat Doe');
    await type('Company name', 'Draft Freight');
    expect(saveAllDrafts()).toBe(1);
    first.unmount();

    mount('/cust/request');
    fireEvent.click(await screen.findByText('Restore', {}, { timeout: 20_000 }));
    expect(await field('Full name')).toHaveValue('Pat Doe');
    expect(await field('Company name')).toHaveValue('Draft Freight');
  });

  it('nothing typed, nothing kept', async () => {
    mount('/framework/customer/create');
    await field('Customer name');
    expect(saveAllDrafts()).toBe(0);
  });
});
