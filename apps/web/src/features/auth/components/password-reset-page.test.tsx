import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishTexts, renderPage } from '../../../../test/render';
import { mockApi } from '../../../../test/api-mock';
import PasswordResetPage from './password-reset-page';

beforeAll(async () => {
  await englishTexts();
});

describe('forgot password: a throttled request', () => {
  it('says only to check the mailbox or try again in the minutes the server gives, not that the request failed', async () => {
    mockApi({
      'POST /fc-common-api/users/create_reset_password_request': {
        status: 429,
        body: { errors: [{ status: '429', code: 'reset-wait|minutes=7', title: 'Too Many Requests' }] },
      },
    });
    renderPage(<PasswordResetPage />, { url: '/password/reset', user: null });
    fireEvent.change(await screen.findByRole('textbox', { name: /Username/ }), { target: { value: 'casey' } });
    fireEvent.click(screen.getByRole('button', { name: /submit|send|reset/i }));
    const notice = await screen.findByTestId('password-reset-wait');
    expect(notice).toHaveTextContent('check your mailbox (and its spam folder), or try again in 7 minutes.');
    expect(screen.queryByTestId('password-reset-failed')).toBeNull();
  });
});
