import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SessionGuard } from './session-guard';
import { ToastProvider } from '@/components/toast';
import { englishTexts, renderPage, testUser } from '../../../test/render';
import { mockApi, resourceDoc } from '../../../test/api-mock';
import SecondFactorEnrolPage from '@/features/auth/components/second-factor-enrol-page';

beforeAll(async () => {
  await englishTexts();
});

const held = testUser({ username: 'corp.editor', accountType: 0, grantedTasks: [509], mfaEnrolmentRequired: 'Y', secondFactor: 'none' });

describe('the enrolment a user who must have a second factor is held on (issue 19)', () => {
  it('offers the enrolment and signing out, nothing else', async () => {
    mockApi({
      'POST /fc-common-api/users/second-factor/enrolment': {
        body: resourceDoc('result', 'result', {
          secret: 'JBSWY3DPEHPK3PXP',
          'otpauth-uri': 'otpauth://totp/x:corp.editor?secret=JBSWY3DPEHPK3PXP',
        }),
      },
    });
    renderPage(
      <ToastProvider>
        <SecondFactorEnrolPage />
      </ToastProvider>,
      { url: '/second-factor/enrol', path: '/second-factor/enrol', user: held },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByText(/Your account corp\.editor must use two-step sign-in/)).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Log out', 'Start']);
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const secret = await screen.findByRole('textbox', { name: 'Secret key' });
    expect(secret).toHaveValue('JBSW Y3DP EHPK 3PXP');
    expect(within(screen.getByTestId('second-factor-qr').parentElement!).getByRole('img')).toBeInTheDocument();
  });

  it('a user who is not held goes to the profile page, where the second factor is optional', async () => {
    renderPage(<SecondFactorEnrolPage />, {
      url: '/second-factor/enrol',
      path: '/second-factor/enrol',
      user: testUser({ mfaEnrolmentRequired: 'N' }),
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
  });

  it('a signed-in layout that sees the user held sends them to the enrolment page', async () => {
    mockApi({});
    renderPage(<SessionGuard />, { url: '/corp/loyalty', path: '/corp/loyalty', user: held });
    expect(await screen.findByTestId('location')).toHaveTextContent('/second-factor/enrol');
  });
});
