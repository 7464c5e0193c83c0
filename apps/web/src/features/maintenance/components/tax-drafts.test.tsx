import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TaxRateRow } from '@fc/contract/maintenance';
import { ToastProvider } from '@/components/toast';
import { currentUserQuery } from '@/lib/session/current-user';
import { freshBrowserPerTest } from '../../../../test/fresh-browser';
import { saveAllDrafts } from '@/lib/use-draft';
import { TaxAddDialog } from './tax-add-dialog';
import { TaxExpireDialog } from './tax-expire-dialog';

// A shared, busy machine: dialogs can take seconds to open in jsdom.
const WAIT = { timeout: 10_000 };

const RATE: TaxRateRow = {
  id: '7',
  name: 'Acme Freight Lines',
  custNo: 10001,
  location: '002',
  city: 'Chicago',
  state: 'IL',
  taxRate: '0.102500',
  program: 96,
  effectiveDate: '2026-08-01',
  expiryDate: null,
  custTaxRateSeq: 7,
};

/** The two dialogs as the tax configuration page holds them. */
function Page() {
  const [adding, setAdding] = useState(false);
  const [expiring, setExpiring] = useState<TaxRateRow | null>(null);
  return (
    <>
      <button type="button" onClick={() => setAdding(true)}>
        open add
      </button>
      <button type="button" onClick={() => setExpiring(RATE)}>
        open expire
      </button>
      <TaxAddDialog open={adding} onOpen={() => setAdding(true)} onClose={() => setAdding(false)} />
      <TaxExpireDialog rate={expiring} onOpen={setExpiring} onClose={() => setExpiring(null)} />
    </>
  );
}

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, { username: 'dana' } as never);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/merc/tax-configuration']}>
        <ToastProvider>
          <Page />
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The app config the add dialog reads for the programme names.
freshBrowserPerTest({ emptyApi: true });

describe('tax dialogs keep a draft when the session times out', { timeout: 30_000 }, () => {
  it('the Add dialog: its typed values come back in the dialog after the next sign-in', async () => {
    const first = mount();
    fireEvent.click(await screen.findByRole('button', { name: 'open add' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Add tax rate' }, WAIT);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Customer number' }), { target: { value: '10001' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Location/ }), { target: { value: '002' } });
    expect(saveAllDrafts()).toBe(1);
    first.unmount();

    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }, WAIT));
    const restored = await screen.findByRole('dialog', { name: 'Add tax rate' }, WAIT);
    expect(within(restored).getByRole('textbox', { name: 'Customer number' })).toHaveValue('10001');
    expect(within(restored).getByRole('textbox', { name: /Location/ })).toHaveValue('002');
  });

  it('the Expire dialog: the date comes back with the rate it was typed for', async () => {
    const first = mount();
    fireEvent.click(await screen.findByRole('button', { name: 'open expire' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Expire tax rate' }, WAIT);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Expiry date' }), { target: { value: '12/31/2030' } });
    expect(saveAllDrafts()).toBe(1);
    first.unmount();

    mount();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }, WAIT));
    const restored = await screen.findByRole('dialog', { name: 'Expire tax rate' }, WAIT);
    expect(restored).toHaveTextContent('Acme Freight Lines');
    expect(within(restored).getByRole('textbox', { name: 'Expiry date' })).toHaveValue('12/31/2030');
  });

  it('a closed dialog leaves no draft', async () => {
    mount();
    await screen.findByRole('button', { name: 'open add' }, WAIT);
    expect(saveAllDrafts()).toBe(0);
  });
});
