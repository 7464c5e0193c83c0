import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { englishTexts, renderPage } from '../../../../test/render';
import { currentUserDoc, mockApi, resourceDoc } from '../../../../test/api-mock';
import ProfilePage from './profile-page';

beforeAll(async () => {
  await englishTexts();
});

const profileDoc = resourceDoc('profile', '1', {
  username: 'casey',
  'full-name': 'Casey Customer',
  email: 'casey@example.com',
  language: 0,
  'password-changed-at': null,
});

function open(answer: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const calls = mockApi({
    'GET /fc-common-api/users/profile': { body: profileDoc },
    'GET /fc-common-api/users/current': { body: currentUserDoc() },
    'POST /fc-common-api/users/profile': (call) => answer(call.body as Record<string, unknown>),
  });
  renderPage(
    <ToastProvider>
      <ProfilePage />
    </ToastProvider>,
    { url: '/profile', user: null },
  );
  return calls;
}

const saved = (body: Record<string, unknown>) => ({
  status: 200,
  body: { data: [{ type: 'results', id: '1', attributes: { status: 'success', email: body.email, language: body.language } }] },
});

describe('profile page: moving the recovery e-mail address', () => {
  it('asks for the current password only once the address changes, and does not send the change without it', async () => {
    const calls = open(saved);
    const email = await screen.findByRole('textbox', { name: /E-mail address/ });
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    fireEvent.change(email, { target: { value: 'new@example.org' } });
    const password = await screen.findByLabelText(/Current password/, { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(password, { target: { value: 'Right2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'new@example.org', language: 0, currentPassword: 'Right2026' });
  });

  it("shows the server's answer to a wrong current password on that field", async () => {
    open(() => ({
      status: 400,
      body: { errors: [{ status: '400', code: 'current-password', title: 'Bad Request', source: { pointer: '/currentPassword' } }] },
    }));
    fireEvent.change(await screen.findByRole('textbox', { name: /E-mail address/ }), { target: { value: 'new@example.org' } });
    fireEvent.change(await screen.findByLabelText(/Current password/, { selector: 'input' }), { target: { value: 'Wrong2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();
  });
});
