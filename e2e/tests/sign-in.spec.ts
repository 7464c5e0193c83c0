import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signIn } from '../support/auth';

test.describe('sign-in through each login page', () => {
  for (const [username, type, heading, own, ownHeading] of [
    ['corp', 'corp', 'Welcome, Cora Corporate', 'signoutcorp', 'Welcome, Sol Signout'],
    ['dealer', 'merc', 'Welcome, Dana Dealer', 'signoutmerc', 'Welcome, Sid Signout'],
    ['customer', 'cust', 'Welcome, Casey Customer', 'signoutcust', 'Welcome, Sky Signout'],
  ] as const) {
    test(`${username} lands on the ${type} welcome page; signing out there ends the session`, async ({ page, context }) => {
      await signIn(page, username, type);
      await expect(page).toHaveURL(new RegExp(`/ui/${type}/welcome$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // Sign-out ends every session of its user, in every browser: it is tried with a user of its own, so that
      // the tests running beside this one as the demo user keep their sessions.
      await context.clearCookies();
      await signIn(page, own, type);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ownHeading);
      await page.getByRole('button', { name: own, exact: true }).click();
      // Sign-out changes state: a POST, which another site cannot forge (GET /framework/logout does not exist).
      const posted = page.waitForRequest((r) => new URL(r.url()).pathname === '/framework/logout' && r.method() === 'POST');
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await posted;
      await expect(page).toHaveURL(/\/ui\/home\?MESSAGE=219$/);
      await expect(page.getByTestId('top-alert')).toContainText('You have been logged out.');
      await page.goto(`/ui/${type}/welcome`);
      await expect(page).toHaveURL(/\/ui\/home$/);
    });
  }

  test('the welcome page shows live figures that lead to their screens, with no axe violation at 360 and 1280 px', async ({ page }) => {
    await signIn(page, 'corp', 'corp');
    const figures = page.getByRole('region', { name: 'At a glance' });
    await expect(figures.getByTestId('figure-active-customers')).toContainText(/^\d+Active customers$/);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(
        (await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id),
        `${width} px`,
      ).toEqual([]);
    }
    await figures.getByTestId('figure-open-account-requests').click();
    await expect(page).toHaveURL(/\/ui\/corp\/account-requests$/);
  });

  test('a customer opening a corporate page is sent to 403', async ({ page }) => {
    await signIn(page, 'customer', 'cust');
    await page.goto('/ui/corp/welcome');
    await expect(page).toHaveURL(/\/ui\/error-403$/);
    await expect(page.getByText('You do not have permission to access this resource.')).toBeVisible();
  });

  test('a customer who opens /ui/corp/loyalty is sent to /ui/error-403 (issue 2)', async ({ page }) => {
    await signIn(page, 'customer', 'cust');
    await page.goto('/ui/corp/loyalty');
    await expect(page).toHaveURL(/\/ui\/error-403$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  });

  test('an alternate-portal user whose call gets a 401 is sent to the external login (single-sign-on users take the same way)', async ({
    page,
    context,
  }) => {
    // The external login page (EXTERNAL_LOGIN_URL of playwright.config.ts), served by the test.
    await page.route('https://sso.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>SSO</title><h1>Company sign-in</h1>' }),
    );
    // A single-sign-on user cannot sign in on the local form (the next test), so the alternate-portal user,
    // whom a 401 sends to the same external login, stands in here.
    const settled = page.waitForResponse((r) => r.url().endsWith('/fc-common-api/session/timeout'));
    await signIn(page, 'intl', 'merc');
    await settled;
    // The session is gone behind the page's back; the next call of the page answers 401.
    await context.clearCookies();
    await page.getByRole('button', { name: 'intl', exact: true }).click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await expect(page).toHaveURL('https://sso.example.com/int-pro/login?type=merc');
    await expect(page.getByRole('heading', { name: 'Company sign-in' })).toBeVisible();
  });

  test('a single-sign-on user is refused by the local login form and told to use the company sign-in', async ({ page }) => {
    await page.goto('/ui/corp/login');
    await page.getByLabel(/username/i).fill('sso');
    await page.getByLabel(/password/i).fill('Demo2026');
    await page.getByRole('button', { name: /log in/i }).click();
    await expect(page).toHaveURL(/\/ui\/corp\/login\?MESSAGE=sso-only$/);
    await expect(page.getByTestId('top-alert')).toContainText('signs in through your company’s single sign-on only');
  });

  test('a customer who is not single-sign-on goes to the home page on a 401 instead', async ({ page, context }) => {
    const settled = page.waitForResponse((r) => r.url().endsWith('/fc-common-api/session/timeout'));
    await signIn(page, 'customer', 'cust');
    await settled;
    await context.clearCookies();
    await page.getByRole('button', { name: 'customer', exact: true }).click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await expect(page).toHaveURL(/\/ui\/home\?MESSAGE=6$/);
  });

  test('a wrong password returns to the login page with message 21', async ({ page }) => {
    await page.goto('/ui/corp/login');
    const submit = page.getByRole('button', { name: /log in/i });
    await expect(submit).toBeDisabled();
    await page.getByLabel(/username/i).fill('corp');
    await page.getByLabel(/password/i).fill('Wrong1234');
    await submit.click();
    await expect(page).toHaveURL(/\/ui\/corp\/login\?MESSAGE=21$/);
    await expect(page.getByTestId('top-alert')).toContainText('Incorrect username or password.');
  });

  test('a dealer on the customer login is told it is the wrong part of the site', async ({ page }) => {
    await page.goto('/ui/cust/login');
    await page.getByLabel(/username/i).fill('dealer');
    await page.getByLabel(/password/i).fill('Demo2026');
    await page.getByRole('button', { name: /log in/i }).click();
    await expect(page).toHaveURL(/MESSAGE=235$/);
  });
});
