import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { waitForMail } from '../support/mail';
import { signIn } from '../support/auth';

/** resetdemo is seeded for this file alone (apps/server/src/seed/auth.ts): its password changes here. */
const USER = 'resetdemo';
const MAILBOX = 'resetdemo@example.com';

/** The change-password link of a reset e-mail (its text part may be quoted-printable). */
function linkOf(mail: string): string {
  const decoded = mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const m = /https?:\/\/[^\s"<>]+\/ui\/password\/update\?token=[A-Za-z0-9_-]+/.exec(decoded);
  if (!m) throw new Error(`no reset link in:\n${mail}`);
  return m[0];
}

/** A password of the specification's rule that no earlier run used. */
const freshPassword = (tag: string) => `${tag}${Date.now().toString(36).slice(-6)}7`.slice(0, 12);

async function requestReset(page: Page, username: string): Promise<string> {
  const since = Date.now();
  await page.goto('/ui/password/reset');
  await page.getByLabel(/username/i).fill(username);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page).toHaveURL(/\/ui\/password\/success$/);
  return linkOf(await waitForMail(MAILBOX, since));
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('forgot password and change password through the e-mailed link', () => {
  test('the whole reset flow, with codes match, 503, 9 and 7, and a link that works once', async ({ page }) => {
    await page.goto('/ui/cust/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/ui\/password\/reset$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
    await expectNoAxeViolations(page);

    // Username required (AUTH-05).
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();

    const link = await requestReset(page, USER);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request received');
    await expect(page.getByText(/Need help\? Call/)).toBeVisible();
    await expectNoAxeViolations(page);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/ui\/password\/update\?token=[A-Za-z0-9_-]{43}$/);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await expect(page.getByText(`Choose a new password for ${USER}.`)).toBeVisible();
    await expectNoAxeViolations(page);
    const password = page.getByLabel(/^New password/);
    const confirm = page.getByLabel('Confirm new password');
    await expect(password).toHaveAttribute('maxlength', '64');
    await expect(confirm).toHaveAttribute('maxlength', '64');

    // The visibility toggle shows both fields.
    await password.fill('Visible123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(confirm).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    // Mismatch: 'match'.
    await confirm.fill('Visible124');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/MESSAGE=match/);
    await expect(page.getByTestId('top-alert')).toContainText('The passwords must match.');

    // Other invalid input: 503.
    await password.fill('short1');
    await confirm.fill('short1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/MESSAGE=503/);
    await expect(page.getByTestId('top-alert')).toContainText('Password must be 8 to 12 characters');
    expect(new URL(page.url()).searchParams.get('token')).toBe(new URL(link).searchParams.get('token'));

    // Within the rule but in the list of common and breached passwords: common-password, the link still good.
    await password.fill('Password1');
    await confirm.fill('Password1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/MESSAGE=common-password/);
    await expect(page.getByTestId('top-alert')).toContainText('This password is too common');

    // A new password: code 7, to /home with the message; the new password signs in.
    const first = freshPassword('Fst');
    await password.fill(first);
    await confirm.fill(first);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/ui\/home\?MESSAGE=7$/);
    await expect(page.getByText('Your password was changed successfully. Please log in.')).toBeVisible();

    // The link works once.
    await page.goto(link);
    await expect(page).toHaveURL(/\/ui\/error-404$/);
    await expect(page.getByText('Oops. Nothing here...')).toBeVisible();

    // The same password again: code 9, back to the page with the token; the link still works after it.
    const second = await requestReset(page, USER);
    await page.goto(second);
    await page.getByLabel(/^New password/).fill(first);
    await page.getByLabel('Confirm new password').fill(first);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/ui\/password\/update\?token=[A-Za-z0-9_-]+&MESSAGE=9$/);
    await expect(page.getByTestId('top-alert')).toContainText('The new password must be different from your previous password.');
    const final = freshPassword('Fin');
    await page.getByLabel(/^New password/).fill(final);
    await page.getByLabel('Confirm new password').fill(final);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/ui\/home\?MESSAGE=7$/);

    await signIn(page, USER, 'cust', final);
    await expect(page).toHaveURL(/\/ui\/cust\/welcome$/);
  });

  test('no token, or a token the server rejects, shows the 404 page', async ({ page }) => {
    await page.goto('/ui/password/update');
    await expect(page).toHaveURL(/\/ui\/error-404$/);
    await page.goto('/ui/password/update?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page).toHaveURL(/\/ui\/error-404$/);
    await expect(page.getByText('Oops. Nothing here...')).toBeVisible();
  });

  test('an unknown username gets the same request-received page', async ({ page }) => {
    await page.goto('/ui/password/reset');
    await page.getByLabel(/username/i).fill('no-such-user-at-all');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page).toHaveURL(/\/ui\/password\/success$/);
    await page.getByRole('link', { name: 'Go back to the home page' }).click();
    await expect(page).toHaveURL(/\/ui\/home$/);
  });

  test('a failed request shows the persistent alert with support contacts and Dismiss', async ({ page }) => {
    await page.route('**/fc-common-api/users/create_reset_password_request', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/vnd.api+json',
        body: JSON.stringify({ errors: [{ status: '503', code: '215', title: 'Service Unavailable' }] }),
      }),
    );
    await page.goto('/ui/password/reset');
    await page.getByLabel(/username/i).fill(USER);
    await page.getByRole('button', { name: 'Send the link' }).click();
    const alert = page.getByTestId('password-reset-failed');
    await expect(alert).toContainText('Your request could not be sent.');
    await expect(alert).toContainText('1-800-555-0199');
    await expect(page).toHaveURL(/\/ui\/password\/reset$/);
    // Persistent: still there a while later, until dismissed.
    await page.waitForTimeout(1500);
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toBeHidden();
  });

  test('works at 360 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/ui/password/reset');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await expect(page.getByRole('button', { name: 'Send the link' })).toBeVisible();
  });
});
