import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { currentUserQuery } from '@/lib/session/current-user';
import { englishTexts, testUser } from '../../test/render';
import { mockApi, type MockAnswer, type MockCall } from '../../test/api-mock';
import { StepUpDialog } from './step-up-dialog';
import { ToastProvider } from './toast';

beforeAll(async () => {
  await englishTexts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const stepUp: MockAnswer = { status: 403, body: { errors: [{ status: '403', code: 'step-up-required' }] } };
const ok: MockAnswer = { body: { data: [{ type: 'result', id: '1', attributes: { status: 'success' } }] } };

/** The app's dialog mounted, a fake server whose approval asks for the check once, and `verify` as its check. */
function mount(withCode: boolean, verify: (call: MockCall) => MockAnswer) {
  queryClient.setQueryData(currentUserQuery.queryKey, testUser({ accountType: 0, secondFactor: withCode ? 'enrolled' : 'none' }));
  let checked = false;
  const calls = mockApi({
    'POST /fc-common-api/customers/requests/7/approve': () => (checked ? ok : stepUp),
    'POST /fc-common-api/session/verify': (call) => {
      const answer = verify(call);
      if ((answer.status ?? 200) === 200) checked = true;
      return answer;
    },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <StepUpDialog />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const verified: MockAnswer = { body: { data: [{ type: 'result', id: '1', attributes: { verifiedAt: '2026-11-26T17:00:00Z' } }] } };
const wrong = (field: string, code: string): MockAnswer => ({
  status: 400,
  body: { errors: [{ status: '400', code, source: { pointer: `/${field}` } }] },
});

describe('the step-up dialog (issue 19)', () => {
  it('asks a user without a second factor for the password, then the change goes through', async () => {
    const calls = mount(false, (call) =>
      (call.body as { password?: string }).password === 'Demo2026' ? verified : wrong('password', 'password-invalid'),
    );
    const approval = api('/fc-common-api/customers/requests/7/approve', { method: 'POST', body: {} });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog).toHaveTextContent('enter your password');
    const password = screen.getByLabelText(/Password/, { selector: 'input' });
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    fireEvent.change(password, { target: { value: 'Nope2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The password is not correct')).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'Demo2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(approval).resolves.toMatchObject({ data: [{ status: 'success' }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /fc-common-api/customers/requests/7/approve',
      'POST /fc-common-api/session/verify',
      'POST /fc-common-api/session/verify',
      'POST /fc-common-api/customers/requests/7/approve',
    ]);
    expect(calls[2]!.body).toEqual({ password: 'Demo2026' });
  });

  it('asks a user with a second factor for a code (or a recovery code), never the password', async () => {
    const calls = mount(true, () => verified);
    const approval = api('/fc-common-api/customers/requests/7/approve', { method: 'POST', body: {} });
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(screen.queryByLabelText(/Password/, { selector: 'input' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Use a recovery code' }));
    const recovery = await screen.findByRole('textbox', { name: /Recovery code/ });
    fireEvent.change(recovery, { target: { value: 'ABCDE-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await approval;
    expect(calls.find((c) => c.path.endsWith('/verify'))!.body).toEqual({ code: 'abcde-12345' });
  });

  it('cancel: the change fails, says so, and is not sent again', async () => {
    const calls = mount(true, () => verified);
    const approval = api('/fc-common-api/customers/requests/7/approve', { method: 'POST', body: {} }).catch((e: unknown) => e);
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const err = await approval;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('step-up-required');
    expect(await screen.findByText('The change was not made: it needs you to confirm it is you.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/approve'))).toHaveLength(1);
    expect(calls.filter((c) => c.path.endsWith('/verify'))).toHaveLength(0);
  });
});
