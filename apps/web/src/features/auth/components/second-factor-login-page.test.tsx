import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { englishTexts, renderPage } from '../../../../test/render';
import { mockApi, resourceDoc } from '../../../../test/api-mock';
import SecondFactorLoginPage from './second-factor-login-page';
import { rememberLoginType } from '../sign-in-form';

const TOKEN = 'k'.repeat(43);

beforeAll(async () => {
  await englishTexts();
  document.cookie = `fc_csrf=${TOKEN}; path=/`;
});
afterAll(() => {
  document.cookie = 'fc_csrf=; path=/; max-age=0';
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const challenge = {
  body: resourceDoc('second-factor-challenge', 'current', { username: 'corp.admin', 'expires-at': '2026-11-26T17:05:00Z' }),
};
const expired = { status: 401, body: { errors: [{ status: '401', code: 'mfa-expired' }] } };

async function open(answer: { status?: number; body?: unknown } = challenge, search = '') {
  mockApi({ 'GET /fc-common-api/users/second-factor/challenge': answer });
  renderPage(<SecondFactorLoginPage />, { url: `/login/second-factor${search}`, path: '/login/second-factor' });
  await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' });
}

/** What the browser would post: form.submit() is jsdom's "not implemented", so it is caught here. */
function catchSubmit() {
  return vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
}

describe('the code step of a sign-in (issue 19)', () => {
  it('names who is signing in, and posts the code, the form name and the form token to the server', async () => {
    await open();
    expect(screen.getByText(/Signing in as corp\.admin/)).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /Code from your authenticator app/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('name', 'CODE');
    const form = screen.getByTestId('second-factor-form') as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/framework/login/second-factor');
    const submit = catchSubmit();
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const posted = Object.fromEntries(new FormData(form).entries());
    expect(posted).toMatchObject({ WEB_FORM_NAME: 'FLTCHG_SECOND_FACTOR_FORM', CODE: '123 456', CSRF_TOKEN: TOKEN });
  });

  it('refuses what is not six digits, on the field, without posting', async () => {
    await open();
    const submit = catchSubmit();
    const code = screen.getByRole('textbox', { name: /Code from your authenticator app/ });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is required')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6 digits your authenticator app shows')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('switches to a recovery code: another field, posted as RECOVERY_CODE', async () => {
    await open();
    fireEvent.click(screen.getByRole('switch', { name: 'Use a recovery code' }));
    const recovery = await screen.findByRole('textbox', { name: /Recovery code/ });
    expect(recovery).toHaveAttribute('name', 'RECOVERY_CODE');
    expect(recovery).toHaveAttribute('inputmode', 'text');
    expect(screen.queryByRole('textbox', { name: /Code from your authenticator app/ })).toBeNull();
    const submit = catchSubmit();
    fireEvent.change(recovery, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('A recovery code looks like abcde-12345')).toBeInTheDocument();
    fireEvent.change(recovery, { target: { value: 'ABCDE-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const posted = Object.fromEntries(new FormData(screen.getByTestId('second-factor-form') as HTMLFormElement).entries());
    expect(posted.RECOVERY_CODE).toBe('ABCDE-12345');
    expect(posted.CODE).toBeUndefined();
  });

  it('after a refused code (MESSAGE=mfa-invalid) marks the field for another try', async () => {
    await open(challenge, '?MESSAGE=mfa-invalid');
    const code = screen.getByRole('textbox', { name: /Code from your authenticator app/ });
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter the newest code from your app and try again.')).toBeInTheDocument();
  });

  it('when the step ran out: says so and links back to the login page the sign-in started on', async () => {
    rememberLoginType('corp');
    await open(expired);
    expect(screen.getByTestId('second-factor-expired')).toHaveTextContent('The time to enter your code ran out');
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/corp/login');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('locked (MESSAGE=5) or expired by the server (MESSAGE=mfa-expired): only the way back (the top alert says why)', async () => {
    await open(expired, '?MESSAGE=5');
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/cust/login');
    expect(screen.queryByTestId('second-factor-expired')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
