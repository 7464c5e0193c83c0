import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth';

/**
 * Issue 17, feedback a user can see: each test below is one item of the issue (the top alert's own tests
 * are in top-alert.spec.ts, "Log out now" in session-timeout.spec.ts). Where a test needs a server failure
 * that the real server does not produce on demand (a 500, a list that cannot load), page.route answers
 * that one call in the server's own error format; everything else is the real server.
 */

// Flows with sign-ins and a 5 s upload delay on a shared, busy machine.
test.describe.configure({ timeout: 120_000 });

const run = Date.now().toString(36).slice(-6).toUpperCase();
const serverError = (status: number, code: string) => ({
  status,
  contentType: 'application/vnd.api+json',
  body: JSON.stringify({ errors: [{ status: String(status), code, title: 'Internal Server Error' }] }),
});

test('item 3: a 403 with message 209 keeps the message on the page where a signed-in user lands', async ({ page }) => {
  await signIn(page, 'dealer', 'merc');
  // The address itself: the landing page sends a signed-in user to the welcome page, message and all.
  await page.goto('/ui/home?MESSAGE=209');
  await expect(page).toHaveURL(/\/ui\/merc\/welcome\?MESSAGE=209$/);
  await expect(page.getByTestId('top-alert')).toHaveText('You do not have the privileges this requires.');

  // A call refused with 403 and code 209 inside the portal ends in the same place.
  await page.route('**/fc-common-api/file-status', (route) => route.fulfill(serverError(403, '209')));
  await page.goto('/ui/merc/welcome');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'File status' }).click();
  await expect(page).toHaveURL(/\/ui\/merc\/welcome\?MESSAGE=209$/);
  await expect(page.getByTestId('top-alert')).toHaveText('You do not have the privileges this requires.');
});

test('item 4: the latest outcome shows at once; removing a mapping leaves no toast saying it is mapped', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/corp/estes-parts');
  const custom = `EE${run}`;
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add part mapping' });
  await dialog.getByLabel('International part number').fill('3544390c91');
  await dialog.getByLabel('Custom part number').fill(custom);
  await dialog.getByRole('button', { name: 'Add mapping' }).click();
  await expect(page.getByTestId('toast')).toHaveText(`${custom} is now mapped to 3544390C91.`);

  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove this mapping?' }).getByRole('button', { name: 'Yes' }).click();
  // Inside the 8 s that the first toast would stay (with room for a busy machine): the new outcome replaces it.
  await expect(page.getByTestId('toast')).toHaveText(`The mapping of ${custom} to 3544390C91 was removed.`, { timeout: 4_500 });
  await expect(page.getByText('is now mapped to')).toHaveCount(0);
});

test('item 4: a bulk import with 20 bad rows shows them together in one list to copy, not 20 toasts', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/corp/loyalty?tab=bundles');
  const bundle = `E2E feedback ${run}`;
  await page.getByRole('button', { name: 'Add bundle' }).click();
  const add = page.getByRole('dialog', { name: 'Add bundle' });
  await add.getByLabel('Bundle name').fill(bundle);
  await add.getByRole('button', { name: 'Add bundle' }).click();
  await expect(page.getByTestId('toast')).toHaveText('The bundle was added.');
  await page.getByRole('link', { name: bundle }).click();
  await expect(page.getByRole('heading', { level: 1, name: bundle })).toBeVisible();

  const bad = Array.from({ length: 20 }, (_, i) => `BAD${i}!,Broken ${i}`);
  await page.locator('input[type=file]').setInputFiles({
    name: 'codes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['item_code,description', ...bad].join('\n') + '\n'),
  });
  const list = page.getByRole('dialog', { name: 'Bulk import failed:' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(list.getByRole('listitem').first()).toHaveText('Line 2: invalid item code: BAD0!');
  await expect(list).toContainText('20 errors:');
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await list.getByRole('button', { name: 'Copy the list' }).click();
  await expect(list.getByRole('status')).toHaveText('The list was copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')).toHaveLength(21);
  expect(copied).toContain('Line 21: invalid item code: BAD19!');
  await list.getByRole('button', { name: 'Close' }).click();
  await expect(list).toBeHidden();
});

test('item 5: lists that fail to load say so and offer Retry, instead of "no files" or "could not be downloaded"', async ({ page }) => {
  await signIn(page, 'dealer', 'merc');
  for (const { path, api, table } of [
    { path: '/ui/price-report', api: '**/fc-common-api/mpp/index', table: 'Your price files' },
    { path: '/ui/file-status', api: '**/fc-common-api/file-status', table: 'Processed files by date' },
  ]) {
    await page.route(api, (route) => route.fulfill(serverError(500, 'internal')));
    await page.goto(path);
    const failed = page.getByTestId('load-error');
    await expect(failed).toContainText('The list could not be loaded.', { timeout: 20_000 });
    await expect(page.getByText('The file could not be downloaded')).toHaveCount(0);
    await expect(page.getByText('No files were processed in the last 31 days')).toHaveCount(0);
    // The server is back: Retry loads the list.
    await page.unroute(api);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    await expect(page.getByRole('table', { name: table }).first()).toBeVisible();
  }

  // A data grid says it too (core management, corporate).
  await page.context().clearCookies();
  await signIn(page, 'corp', 'corp');
  await page.route('**/fc-common-api/fc-core-maintainance**', (route) => route.fulfill(serverError(500, 'internal')));
  await page.goto('/ui/corp/core-management');
  await expect(page.getByTestId('load-error')).toContainText('The list could not be loaded.', { timeout: 20_000 });
  await expect(page.getByText('No data available')).toHaveCount(0);
  await page.unroute('**/fc-common-api/fc-core-maintainance**');
  await page.getByTestId('load-error').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('row').filter({ hasText: '3544390C91' }).first()).toBeVisible();
});

test('item 6: a failed submit moves the focus to the first field in error', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/framework/customer/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create customer' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  const first = page.getByLabel('Customer name');
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();

  // The same on the profile form: an invalid e-mail address takes the focus back.
  await page.goto('/ui/profile');
  const email = page.getByLabel(/E-mail address/);
  await email.fill('not an address');
  await page.getByRole('button', { name: 'Save' }).focus();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(email).toBeFocused();
});

test('item 8: an unavailable Edit or Delete says why', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/corp/loyalty?tab=programs');
  await page.getByRole('button', { name: 'Actions for Brake Rewards' }).click();
  const edit = page.getByRole('menuitem', { name: /Edit/ });
  await expect(edit).toContainText('Cannot be edited: customers are enrolled in it.');
  await expect(edit).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  // The name opens the template read-only, and the dialog says why.
  await page.getByRole('button', { name: 'Brake Rewards', exact: true }).click();
  const view = page.getByRole('dialog', { name: 'Program template' });
  await expect(view.getByTestId('template-read-only-reason')).toHaveText(
    'Read-only: customers are enrolled in this template, and their terms may not change. Deactivate it and add a new template instead.',
  );
  await view.getByRole('button', { name: 'Close' }).click();

  await page.goto('/ui/corp/loyalty?tab=bundles');
  await page.getByRole('button', { name: 'Actions for Brake and friction parts' }).click();
  await expect(page.getByRole('menuitem', { name: /Delete/ })).toContainText('Cannot be deleted: used by templates Brake Rewards.');
});

async function chooseCoreFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole('button', { name: 'Upload' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Coreless' }).click();
  await (await chooser).setFiles(file);
}

test('item 9: core upload: a file over the server limit is refused at once; a 500 without a code is an upload error', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/corp/core-management');
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/parts/core-management') && posts.push(r.url()));

  // 6 MB: over the 5 MB that the server takes. Refused before the 5 s wait, and never sent.
  const header = 'cust_no,part_no,effective_date,expiry_date,status\n';
  const big = Buffer.from(header + '10004,2505384C1,01/01/2027,,A\n'.repeat(Math.ceil((6 * 1024 * 1024) / 30)));
  await chooseCoreFile(page, { name: 'big.csv', mimeType: 'text/csv', buffer: big });
  // At once: sent, it would have been refused only after the 5 s wait and the upload.
  await expect(page.getByTestId('top-alert')).toContainText('The file could not be read.', { timeout: 4_000 });
  await expect(page.getByTestId('core-upload-overlay')).toBeHidden();
  expect(posts).toEqual([]);

  // The server fails without a code of the page's: the specification's upload error, not "unknown".
  await page.route('**/fc-common-api/parts/core-management', (route) =>
    route.request().method() === 'POST' ? route.fulfill(serverError(500, 'internal')) : route.fallback(),
  );
  await chooseCoreFile(page, { name: 'small.csv', mimeType: 'text/csv', buffer: Buffer.from(header + '10004,2505384C1,01/01/2027,,A\n') });
  await expect(page.getByTestId('top-alert')).toHaveText('The file could not be uploaded. Please try again.', { timeout: 15_000 });
});

test('item 10: a refused value is named in words, never as a raw key like invalid|field=enrolled', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/corp/loyalty');
  // The request as a modified or outdated client might send it: enrolled N, which the contract refuses.
  await page.route('**/fc-common-api/loyalty/custs_add', async (route) => {
    const body = route.request().postDataJSON() as { fc_loyalty_cust: Record<string, unknown> };
    body.fc_loyalty_cust.enrolled = 'N';
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByRole('button', { name: 'Add enrolment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add enrolment' });
  await dialog.getByRole('combobox', { name: 'Customer' }).fill('Lakeside');
  await page.getByRole('option', { name: 'Lakeside Transport (10004)' }).click();
  await dialog.getByRole('combobox', { name: 'Program' }).click();
  await page.getByRole('option', { name: 'Brake Rewards' }).click();
  const day = (offset: number) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
  };
  await dialog.getByRole('textbox', { name: 'Enrolment date', exact: true }).fill(day(400));
  await dialog.getByRole('textbox', { name: 'Expiration date', exact: true }).fill(day(500));
  await dialog.getByRole('button', { name: 'Enrol', exact: true }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText('Enrolled is invalid');
  await expect(page.getByText(/\|field=/)).toHaveCount(0);
});
