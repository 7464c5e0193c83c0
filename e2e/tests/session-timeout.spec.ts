import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signIn } from '../support/auth';

/**
 * The session timeout (SESS-01 to SESS-06) with the browser's clock under test control. The server
 * keeps real time, so its sessions stay alive (30 idle minutes): what is tested is the browser's rules.
 * timeoutdemo is seeded for this file alone. Warning at 25 minutes, sign-out at 30 (the server's defaults).
 */
const USER = 'timeoutdemo';
const WARNING = '25:05';

/** Signs in and waits until the page has fetched its timeout config (1 s after start). */
async function openSignedIn(page: Page, path = '/ui/cust/welcome') {
  const config = page.waitForResponse((r) => r.url().endsWith('/fc-common-api/session/timeout') && r.ok());
  if (path === '/ui/cust/welcome') await signIn(page, USER, 'cust');
  else await page.goto(path);
  await config;
}

async function secondTab(context: BrowserContext, path = '/ui/cust/welcome'): Promise<Page> {
  const page = await context.newPage();
  const config = page.waitForResponse((r) => r.url().endsWith('/fc-common-api/session/timeout') && r.ok());
  await page.goto(path);
  await config;
  return page;
}

const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Your session is about to expire' });

test.describe('session timeout across tabs', () => {
  test.beforeEach(async ({ context }) => {
    await context.clock.install();
  });

  test('warning with a countdown in both tabs; Continue in one closes both and pings the server', async ({ context, page }) => {
    await openSignedIn(page);
    const other = await secondTab(context);
    await expect(dialog(page)).toBeHidden();
    // From here the clock moves only when the test says so, so the countdown can be read exactly.
    await context.clock.pauseAt(Date.now() + 3_000);

    await context.clock.fastForward(WARNING);
    for (const p of [page, other]) {
      await expect(dialog(p)).toBeVisible();
      await expect(dialog(p)).toContainText(/logged out in 5:00/);
    }
    await expect(dialog(page).getByRole('button', { name: 'Continue' })).toBeFocused();
    // It ticks every second.
    await context.clock.fastForward(1_000);
    await expect(dialog(page)).toContainText(/logged out in 4:59/);
    await context.clock.fastForward(1_000);
    await expect(dialog(page)).toContainText(/logged out in 4:58/);

    // Time flows again (axe and the dialog's closing animation need it).
    await context.clock.resume();
    const axe = await new AxeBuilder({ page }).include('[role="alertdialog"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    const ping = page.waitForRequest((r) => r.url().endsWith('/fc-common-api/session/ping') && r.method() === 'POST');
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await ping;
    await expect(dialog(page)).toBeHidden();
    await expect(dialog(other)).toBeHidden();

    // The touch moved: nothing happens until the warning minutes have passed again.
    await context.clock.fastForward('20:00');
    await expect(dialog(page)).toBeHidden();
    await expect(dialog(other)).toBeHidden();
  });

  test('activity in one tab continues the session on its own, with no warning', async ({ context, page }) => {
    await openSignedIn(page);
    const other = await secondTab(context);
    // Activity is shared: the mouse moves in the first tab only.
    await context.clock.fastForward('10:00');
    await page.mouse.move(40, 40);
    await page.mouse.move(120, 90);
    const ping = context.waitForEvent('request', { predicate: (r) => r.url().endsWith('/fc-common-api/session/ping'), timeout: 15_000 });
    await context.clock.fastForward('15:10');
    await ping;
    await expect(dialog(page)).toBeHidden();
    await expect(dialog(other)).toBeHidden();
  });

  test('at 0 the user is signed out in every tab, with message 213', async ({ context, page }) => {
    await openSignedIn(page);
    const other = await secondTab(context);
    await context.clock.fastForward(WARNING);
    await expect(dialog(page)).toBeVisible();
    await context.clock.fastForward('05:01');
    for (const p of [page, other]) {
      await expect(p).toHaveURL(/\/ui\/home\?MESSAGE=213$/);
      await expect(p.getByText('Your session expired due to inactivity. Please log in again.')).toBeVisible();
    }
    // The session is really over.
    const res = await page.request.get('/fc-common-api/users/current', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(res.status()).toBe(401);
  });

  test('"Log out now" in one tab signs the other out too (broadcast), before its countdown ends; both say logged out (219), not expired', async ({
    context,
    page,
  }) => {
    await openSignedIn(page);
    const other = await secondTab(context);
    await context.clock.fastForward(WARNING);
    await expect(dialog(other)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Log out now' }).click();
    // The user chose to leave (issue 17 item 7): message 219, as the user menu's Log out says.
    await expect(page).toHaveURL(/\/ui\/home\?MESSAGE=219$/);
    await expect(other).toHaveURL(/\/ui\/home\?MESSAGE=219$/);
    await expect(page.getByTestId('top-alert')).toHaveText('You have been logged out.');
  });

  test('signing out from the user menu in one tab sends the other tab to the home page at once (broadcast)', async ({ context, page }) => {
    await openSignedIn(page);
    const other = await secondTab(context, '/ui/profile');
    await page.getByRole('button', { name: USER, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/ui\/home\?MESSAGE=219$/);
    // No call of the other tab had to fail first: the sign-out was broadcast, and says so (219; a failed call
    // would have said 213).
    await expect(other).toHaveURL(/\/ui\/home\?MESSAGE=219$/);
    await expect(other.getByTestId('top-alert')).toContainText('You have been logged out.');
  });

  test('nothing of this on /ui/home', async ({ context, page }) => {
    await signIn(page, USER, 'cust');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/fc-common-api/session/')) calls.push(r.url());
    });
    await page.goto('/ui/home');
    await context.clock.fastForward('31:00');
    await expect(dialog(page)).toBeHidden();
    expect(calls).toEqual([]);
  });

  test('an unsaved form is kept as a draft when the timeout signs out, and offered back after the next sign-in', async ({
    context,
    page,
  }) => {
    await openSignedIn(page);
    await openSignedIn(page, '/ui/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    const email = page.getByLabel(/E-mail address/);
    await expect(email).toHaveValue('timeoutdemo@example.com');
    // A click is activity (fill alone sends no key or mouse events).
    await email.click();
    await email.fill('draft.kept@example.org');

    // Typing counts as activity: the first check continues the session; then nothing more happens.
    await context.clock.fastForward(WARNING);
    await expect(dialog(page)).toBeHidden();
    await context.clock.fastForward(WARNING);
    await expect(dialog(page)).toBeVisible();
    await context.clock.fastForward('05:01');
    await expect(page).toHaveURL(/\/ui\/home\?MESSAGE=213$/);

    await signIn(page, USER, 'cust');
    await page.goto('/ui/profile');
    await expect(page.getByTestId('draft-prompt')).toContainText('Restore your unsaved changes?');
    await expect(page.getByLabel(/E-mail address/)).toHaveValue('timeoutdemo@example.com');
    await page.getByTestId('draft-prompt').getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByLabel(/E-mail address/)).toHaveValue('draft.kept@example.org');
    await expect(page.getByTestId('draft-prompt')).toBeHidden();
    // Answered once: not offered again.
    await page.reload();
    await expect(page.getByLabel(/E-mail address/)).toHaveValue('timeoutdemo@example.com');
    await expect(page.getByTestId('draft-prompt')).toBeHidden();
  });
});
