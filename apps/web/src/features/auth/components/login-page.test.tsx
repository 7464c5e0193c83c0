import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { englishTexts, renderPage } from '../../../../test/render';
import { mockApi } from '../../../../test/api-mock';
import LoginPage from './login-page';

/** The form token's cookie, as the server sets it on any page of ours. */
const TOKEN = 'k'.repeat(43);
const setTokenCookie = () => (document.cookie = `fc_csrf=${TOKEN}; path=/`);
const clearTokenCookie = () => (document.cookie = 'fc_csrf=; path=/; max-age=0');

beforeAll(async () => {
  await englishTexts();
  setTokenCookie();
});
afterAll(clearTokenCookie);

const open = async (type = 'cust') => {
  renderPage(<LoginPage />, { url: `/${type}/login`, path: '/:type/login' });
  await screen.findByRole('heading', { level: 1 });
  return {
    username: screen.getByRole('textbox', { name: /Username/ }),
    password: screen.getByLabelText(/Password/, { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Log in' }),
    form: screen.getByRole('heading', { level: 1 }).closest('form')!,
  };
};

describe('login page (AUTH-02, AUTH-03)', () => {
  it('keeps Log in disabled until both the username and the password are filled', async () => {
    const f = await open();
    expect(f.submit).toBeDisabled();
    fireEvent.change(f.username, { target: { value: 'casey' } });
    expect(f.submit).toBeDisabled();
    fireEvent.change(f.password, { target: { value: 'Demo2026' } });
    expect(f.submit).toBeEnabled();
    fireEvent.change(f.username, { target: { value: '' } });
    expect(f.submit).toBeDisabled();
  });

  it('posts the form (AUTH-04) to the type’s formAction', async () => {
    const f = await open('merc');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dealer and employee log in');
    expect(f.form).toHaveAttribute('method', 'post');
    expect(f.form).toHaveAttribute('action', '/framework/login/merc');
    const hidden = Object.fromEntries(
      [...f.form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value] as const),
    );
    expect(hidden).toMatchObject({ WEB_FORM_NAME: 'FLTCHG_USER_LOGIN_FORM', ACTION: 'SUBMIT_LOGIN' });
    expect(hidden.REFERRER_URL).not.toContain('?');
    expect(f.username).toHaveAttribute('name', 'USERNAME');
    expect(f.password).toHaveAttribute('name', 'PASSWORD');
  });

  it('limits both fields to 64 characters, and refuses a longer value with the field’s message', async () => {
    const f = await open();
    expect(f.username).toHaveAttribute('maxLength', '64');
    expect(f.password).toHaveAttribute('maxLength', '64');
    // A value that got past the limit (pasted by a script or a password manager) is not posted.
    fireEvent.change(f.username, { target: { value: 'u'.repeat(65) } });
    fireEvent.change(f.password, { target: { value: 'Demo2026' } });
    const submitted = fireEvent.submit(f.form);
    expect(submitted).toBe(false);
    expect(await screen.findByText('Username must be at most 64 characters')).toBeInTheDocument();
  });

  it('says which field is required when the form is sent empty (an autofill that left nothing), and does not post', async () => {
    const f = await open();
    expect(fireEvent.submit(f.form)).toBe(false);
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    // Typing clears that field's message.
    fireEvent.change(f.username, { target: { value: 'casey' } });
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('links to forgot password, and on the customer page only to the account request', async () => {
    await open('cust');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/password/reset');
    expect(screen.getByRole('link', { name: 'No account yet? Send Request' })).toHaveAttribute('href', '/ui/cust/request');
  });

  it('copies the form token of its cookie into the post (CSRF defence of the login form)', async () => {
    const f = await open('corp');
    await act(() => import('@fc/contract/auth'));
    fireEvent.change(f.username, { target: { value: 'casey' } });
    fireEvent.change(f.password, { target: { value: 'Demo2026' } });
    const field = f.form.elements.namedItem('CSRF_TOKEN') as HTMLInputElement;
    expect(field.type).toBe('hidden');
    expect(fireEvent.submit(f.form)).toBe(true);
    expect(field.value).toBe(TOKEN);
  });

  it('without the token cookie, asks the server for one first, then posts', async () => {
    clearTokenCookie();
    const post = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const calls = mockApi({ 'GET /fc-common-api/app-config': () => (setTokenCookie(), { body: { data: [] } }) });
    try {
      const f = await open('corp');
      fireEvent.change(f.username, { target: { value: 'casey' } });
      fireEvent.change(f.password, { target: { value: 'Demo2026' } });
      expect(fireEvent.submit(f.form)).toBe(false);
      await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /fc-common-api/app-config']);
      expect((f.form.elements.namedItem('CSRF_TOKEN') as HTMLInputElement).value).toBe(TOKEN);
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
      setTokenCookie();
    }
  });

  it('has no account request link on the dealer page', async () => {
    await open('merc');
    expect(screen.queryByRole('link', { name: 'No account yet? Send Request' })).not.toBeInTheDocument();
  });
});
