import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { englishTexts, renderPage, testUser } from '../../../../test/render';
import { mockApi, resourceDoc, type MockAnswer, type MockCall } from '../../../../test/api-mock';
import { SecondFactorSection } from './second-factor-section';
import { groupSecret } from './second-factor-enrolment';

beforeAll(async () => {
  await englishTexts();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-1234${i}`);
const status = (enrolled: boolean, left = 10) =>
  resourceDoc('second-factor', '1', {
    enrolled,
    required: false,
    'enrolled-at': enrolled ? '2026-11-20T10:00:00Z' : null,
    'recovery-codes-left': left,
  });
const result = (attributes: Record<string, unknown>) => ({ body: resourceDoc('result', 'result', { status: 'success', ...attributes }) });
const invalid = (field: string, code = 'mfa-invalid'): MockAnswer => ({
  status: 400,
  body: { errors: [{ status: '400', code, source: { pointer: `/${field}` } }] },
});

function open(
  routes: Record<string, MockAnswer | ((call: MockCall) => MockAnswer)>,
  user = testUser({ accountType: 0, grantedTasks: [] }),
) {
  const calls = mockApi(routes);
  renderPage(
    <ToastProvider>
      <SecondFactorSection username="casey" />
    </ToastProvider>,
    { url: '/profile', user },
  );
  return calls;
}

describe('two-step sign-in on the profile page (issue 19)', () => {
  it('enrols: the QR code and the grouped secret, a wrong first code on the field, then the ten codes shown once', async () => {
    let enrolled = false;
    const calls = open({
      'GET /fc-common-api/users/second-factor': () => ({ body: status(enrolled) }),
      'POST /fc-common-api/users/second-factor/enrolment': result({
        secret: SECRET,
        'otpauth-uri': `otpauth://totp/Fleet%20Charge:casey?secret=${SECRET}`,
      }),
      'POST /fc-common-api/users/second-factor/enrolment/confirm': (call) => {
        if ((call.body as { code: string }).code !== '654321') return invalid('code');
        enrolled = true;
        return result({ 'recovery-codes': CODES });
      },
    });
    const region = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(region).findByTestId('second-factor-status')).toHaveTextContent(/^Off/);
    fireEvent.click(within(region).getByRole('button', { name: 'Set up two-step sign-in' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Start' }));

    const qr = await within(region).findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    const secret = within(region).getByRole('textbox', { name: 'Secret key' });
    expect(secret).toHaveValue(groupSecret(SECRET));
    expect(secret).toHaveAttribute('readonly');
    expect(within(region).getByRole('button', { name: 'Copy the secret key' })).toBeInTheDocument();

    const code = within(region).getByRole('textbox', { name: /Code from your authenticator app/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // Only the app's code confirms an enrolment: no recovery code switch here.
    expect(within(region).queryByRole('switch')).toBeNull();
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Turn on' }));
    expect(await within(region).findByText('Enter the 6 digits your authenticator app shows')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '111 111' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Turn on' }));
    expect(await within(region).findByText('The code is wrong or was already used')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '654 321' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Turn on' }));

    const list = await within(region).findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(calls.filter((c) => c.path.endsWith('/confirm')).map((c) => c.body)).toEqual([{ code: '111111' }, { code: '654321' }]);
    fireEvent.click(within(region).getByRole('button', { name: 'I have saved them' }));
    expect(await within(region).findByTestId('second-factor-status')).toHaveTextContent(/^On since 11\/20\/2026/);
    expect(within(region).queryByRole('list')).toBeNull();
  });

  it('turns it off with the password and a recovery code; the server’s refusal goes to the field it names', async () => {
    let enrolled = true;
    const calls = open({
      'GET /fc-common-api/users/second-factor': () => ({ body: status(enrolled, 7) }),
      'DELETE /fc-common-api/users/second-factor': (call) => {
        const body = call.body as { password: string; code: string };
        if (body.password !== 'Demo2026') return invalid('password', 'password-invalid');
        enrolled = false;
        return result({});
      },
    });
    const region = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(region).findByText('7 recovery codes left.')).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' });
    const password = within(dialog).getByLabelText(/Password/, { selector: 'input' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Use a recovery code' }));
    const recovery = await within(dialog).findByRole('textbox', { name: /Recovery code/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'Wrong2026' } });
    fireEvent.change(recovery, { target: { value: ' ABCD0-12340 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('The password is not correct')).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'Demo2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([
      { password: 'Wrong2026', code: 'abcd0-12340' },
      { password: 'Demo2026', code: 'abcd0-12340' },
    ]);
    expect(await within(region).findByTestId('second-factor-status')).toHaveTextContent(/^Off/);
  });

  it('new recovery codes: a code first, then the new codes once', async () => {
    open({
      'GET /fc-common-api/users/second-factor': { body: status(true, 2) },
      'POST /fc-common-api/users/second-factor/recovery-codes': result({ 'recovery-codes': CODES }),
    });
    const region = await screen.findByRole('region', { name: 'Two-step sign-in' });
    fireEvent.click(await within(region).findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Code from your authenticator app/ }), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create new codes' }));
    const list = await within(region).findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a single-sign-on user is told that the identity provider owns the factors', async () => {
    open({ 'GET /fc-common-api/users/second-factor': { body: status(false) } }, testUser({ ssoUser: 'Y' }));
    const region = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(within(region).getByText(/sign-in service decides how you log in/)).toBeInTheDocument();
    expect(within(region).queryByRole('button')).toBeNull();
  });
});
