import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady, switchLanguage } from '@/lib/i18n';
import { currentUserQuery } from '@/lib/session/current-user';
import { draftKey } from '@/lib/use-draft';
import { validAccountRequest as filled } from '@fc/contract/testing';
import RequestPage from './request-page';

// Issue 16: the account-request form's throttle (429) is a clear message on the form, in each language.

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, { username: 'cora' } as never);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/cust/request']}>
        <Routes>
          <Route path="/:type/request" element={<RequestPage />} />
          <Route path="/:type/request/failure" element={<p>failure page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

beforeEach(async () => {
  await i18nReady;
  localStorage.clear();
  // The form's values come back as a draft, so that every field is filled without typing into the state list.
  localStorage.setItem(draftKey('cora', '/cust/request'), JSON.stringify({ savedAt: Date.now(), values: filled }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json({ errors: [{ status: '429', code: 'too-many-account-requests', title: 'Too Many Requests', detail: 'Too many' }] }, 429)
        : json({ data: [] }, 200),
    ),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await switchLanguage('en-us');
});

describe('account request refused by the throttle', { timeout: 60_000 }, () => {
  it.each([
    ['en-us', 'Send request', /Too many account requests have been sent/],
    ['es', 'Enviar solicitud', /Se han enviado demasiadas solicitudes de cuenta/],
    ['fr', 'Envoyer la demande', /Trop de demandes de compte/],
  ] as const)('%s: the message shows on the form, which keeps its values', async (language, submit, message) => {
    await switchLanguage(language);
    mount();
    fireEvent.click(await screen.findByText(/^(Restore|Restaurar|Restaurer)$/, {}, { timeout: 20_000 }));
    const button = await screen.findByRole('button', { name: submit }, { timeout: 20_000 });
    fireEvent.click(button);
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent(message);
    expect(screen.queryByText('failure page')).toBeNull();
  });
});
