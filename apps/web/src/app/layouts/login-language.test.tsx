import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LanguageSelect } from './language-select';
import { applySessionLanguage, pickedLanguage } from '@/lib/i18n';
import { englishTexts, renderPage } from '../../../test/render';
import LoginPage from '@/features/auth/components/login-page';

/**
 * The language picked on the login page goes with the sign-in (decision 0401): the form posts it as
 * LANGUAGE, and the server keeps it for the session. A language applied from a session is not a pick.
 */
beforeEach(async () => {
  sessionStorage.clear();
  await englishTexts();
});
afterEach(async () => {
  sessionStorage.clear();
  await englishTexts();
});

async function open() {
  renderPage(
    <>
      <LanguageSelect />
      <LoginPage />
    </>,
    { url: '/cust/login', path: '/:type/login' },
  );
  const heading = await screen.findByRole('heading', { level: 1 });
  const form = heading.closest('form')!;
  return { form, language: () => (form.elements.namedItem('LANGUAGE') as HTMLInputElement).value };
}

describe('the language picked on the login page is sent with the sign-in', () => {
  it('sends nothing when nobody picked a language: the saved language of the user applies', async () => {
    const f = await open();
    expect(f.language()).toBe('');
    // A session language applied in this tab (an earlier sign-in) is not a pick either.
    await act(() => applySessionLanguage(2));
    expect(pickedLanguage()).toBeUndefined();
    expect(f.language()).toBe('');
  });

  it('sends the language picked with the switch, and the page shows it', async () => {
    const f = await open();
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox'), { target: { value: 'fr' } });
    });
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(f.language()).toBe('fr');
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox'), { target: { value: 'es' } });
    });
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await waitFor(() => expect(f.language()).toBe('es'));
    expect(pickedLanguage()).toBe('es');
  });
});
