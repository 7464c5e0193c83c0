import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AccountFrame from './account-frame';
import { appConfigQuery } from '@/lib/session/app-config';
import { englishTexts, TEST_CONFIG } from '../../../test/render';
import { mockApi } from '../../../test/api-mock';
import PublicLoginPage from '@/features/auth/components/public-login-page';

beforeAll(async () => {
  await englishTexts();
  // The form token's cookie, as the server sets it on the page (login-page.test.tsx covers a page without it).
  document.cookie = `fc_csrf=${'k'.repeat(43)}; path=/`;
});
afterAll(() => {
  document.cookie = 'fc_csrf=; path=/; max-age=0';
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The login page as the light public app shows it (main.tsx): in the account frame, without the router. */
function open(type: string) {
  const calls = mockApi({});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(appConfigQuery.queryKey, TEST_CONFIG);
  render(
    <QueryClientProvider client={client}>
      <AccountFrame>
        <PublicLoginPage params={{ type }} />
      </AccountFrame>
    </QueryClientProvider>,
  );
  const form = screen.getByRole('heading', { level: 1 }).closest('form')!;
  return {
    calls,
    form,
    username: screen.getByRole('textbox', { name: /Username/ }),
    password: screen.getByLabelText(/Password/, { selector: 'input' }),
  };
}

describe('the login page of the light public app (AUTH-02, AUTH-03)', () => {
  // First in this file: the contract's rules load after the form shows, so this submit comes before them.
  it('posts a form sent before its rules arrived once they have checked it', async () => {
    const post = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const f = open('cust');
    fireEvent.change(f.username, { target: { value: 'casey' } });
    fireEvent.change(f.password, { target: { value: 'Demo2026' } });
    expect(fireEvent.submit(f.form)).toBe(false);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    // Once the rules are there, a valid form is posted by the browser itself.
    expect(fireEvent.submit(f.form)).toBe(true);
  });

  it('refuses an empty form with each field’s message once the rules have loaded', async () => {
    const f = open('corp');
    await act(() => import('@fc/contract/auth'));
    expect(fireEvent.submit(f.form)).toBe(false);
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(f.username).toHaveAttribute('aria-invalid', 'true');
    expect(f.username).toHaveAccessibleDescription('Username is required');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows the type’s form and the account frame, and asks the server nothing (no users/current while signed out)', () => {
    const f = open('cust');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Customer log in');
    expect(f.form).toHaveAttribute('action', '/framework/login/cust');
    expect(f.form).toHaveAttribute('method', 'post');
    const hidden = Object.fromEntries([...f.form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value]));
    expect(hidden).toMatchObject({ WEB_FORM_NAME: 'FLTCHG_USER_LOGIN_FORM', ACTION: 'SUBMIT_LOGIN' });
    expect(f.username).toHaveAttribute('maxLength', '64');
    expect(f.password).toHaveAttribute('maxLength', '64');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    // The forgot-password page is the portal's: a page load under the prefix this page was opened under.
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/ui/password/reset');
    expect(screen.getByRole('link', { name: 'No account yet? Send Request' })).toHaveAttribute('href', '/ui/cust/request');
    // The account layout: logo linking home, language, security note, copyright and terms.
    expect(screen.getByRole('link', { name: 'Fleet Charge' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en-us');
    expect(screen.getByText(/Never share your password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/ui/toc');
    expect(f.calls).toEqual([]);
  });

  it('has no account request link for dealers', () => {
    open('merc');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dealer and employee log in');
    expect(screen.queryByRole('link', { name: 'No account yet? Send Request' })).not.toBeInTheDocument();
  });
});
