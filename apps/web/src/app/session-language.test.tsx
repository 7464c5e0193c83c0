import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import i18n, { switchLanguage } from '@/lib/i18n';
import { ToastProvider } from '@/components/toast';
import ProfilePage from '@/features/auth/components/profile-page';
import { freshBrowserPerTest } from '../../test/fresh-browser';
import { currentUserDoc, mockApi, resourceDoc } from '../../test/api-mock';
import { getCurrentUser } from '@/lib/session/current-user';

freshBrowserPerTest();

describe('session language code (I18N-02: 0 English US, 1 Spanish, 2 French)', () => {
  it.each([
    [1, 'es', 'es'],
    [2, 'fr', 'fr'],
  ] as const)('users/current with language %i switches the interface to %s', async (code, lng, htmlLang) => {
    mockApi({ 'GET /fc-common-api/users/current': { body: currentUserDoc({ language: code }) } });
    const user = await getCurrentUser();
    expect(user?.language).toBe(code);
    expect(i18n.language).toBe(lng);
    expect(document.documentElement.lang).toBe(htmlLang);
    // The next page of this browser starts in that language too.
    expect(localStorage.getItem('fc.language')).toBe(lng);
  });

  it('language 0 brings back English US over a language this browser chose before', async () => {
    await switchLanguage('fr');
    mockApi({ 'GET /fc-common-api/users/current': { body: currentUserDoc({ language: 0 }) } });
    await getCurrentUser();
    expect(i18n.language).toBe('en-us');
  });

  it('nobody signed in: the language of the browser stays', async () => {
    await switchLanguage('es');
    mockApi({ 'GET /fc-common-api/users/current': { status: 401, body: { errors: [{ status: '401', code: '6' }] } } });
    expect(await getCurrentUser()).toBeNull();
    expect(i18n.language).toBe('es');
  });

  it('saving French on the profile page switches the interface to French', async () => {
    let savedLanguage = 0;
    const calls = mockApi({
      'GET /fc-common-api/users/profile': () => ({
        body: resourceDoc('profile', '1', {
          username: 'casey',
          'full-name': 'Casey Customer',
          email: 'casey@example.com',
          language: savedLanguage,
          'password-changed-at': null,
        }),
      }),
      'POST /fc-common-api/users/profile': ({ body }) => {
        savedLanguage = (body as { language: number }).language;
        return { body: resourceDoc('result', 'result', { status: 'success' }) };
      },
      'GET /fc-common-api/users/current': () => ({ body: currentUserDoc({ language: savedLanguage }) }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/profile']}>
          <ToastProvider>
            <ProfilePage />
          </ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'French' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/fc-common-api/users/profile')?.body).toEqual({
      email: 'casey@example.com',
      language: 2,
    });
    expect(await screen.findByRole('heading', { name: 'Mon profil' })).toBeInTheDocument();
  });
});
