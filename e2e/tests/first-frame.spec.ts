import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { customerListTotal, holdScripts, layoutShift, recordLayoutShift } from '../support/first-paint';

// Issue 22 (decision 0640): a page load of customer maintenance paints the layout's chrome and the first page
// of rows before MUI, the router and the portal's layout have loaded; the portal then takes its place.
for (const width of [1280, 360]) {
  test(`customer maintenance at ${width} px: the first frame before the portal, usable by keyboard, axe clean, then the portal in its place`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, 'corp', 'corp');
    await recordLayoutShift(page);
    // The portal's code is held back until the first frame has been checked.
    const release = await holdScripts(page, /\/assets\/spa-[^/]*\.js$/);
    await page.goto('/ui/corp/customers');
    const frame = page.locator('#first-frame');
    const table = page.getByRole('table', { name: 'Customer maintenance' });
    await expect(frame.getByRole('table', { name: 'Customer maintenance' }).getByRole('link').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Customer maintenance' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open or close the menu' })).toBeVisible();
    const rows = await table.locator('tbody tr').count();
    await expect(frame.getByText(new RegExp(`^1–${rows} of `))).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
    // Sorted from the keyboard on the URL state, before the portal has loaded.
    const sortByName = table.getByRole('button', { name: 'Name', exact: true });
    await sortByName.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=cust_name%7Casc/);
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table).not.toHaveAttribute('aria-busy');
    const before = (await table.boundingBox())!;
    release();
    // The portal takes the frame's place, its table where the frame's was, the focus on the same header.
    await expect(frame).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('main [data-light-table], main .MuiDataGrid-root').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Name' }).first()).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.locator(':focus')).toHaveText(/^Name/);
    await expect(page).toHaveURL(/sort=cust_name%7Casc/);
    const after = (await page.locator('main [data-light-table] table, main .MuiDataGrid-root').first().boundingBox())!;
    expect(Math.abs(after.y - before.y), 'the table starts where the frame had it').toBeLessThanOrEqual(8);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
  });
}

test('customer maintenance at 360 px: the first frame of a list of many pages has the page buttons on one line, as the grid', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, 'corp', 'corp');
  await holdScripts(page, /\/assets\/spa-[^/]*\.js$/);
  // The list's answer says 120 customers: the bar would offer the rows-per-page choice, which the grid hides here.
  await customerListTotal(page, 120);
  await page.goto('/ui/corp/customers');
  const frame = page.locator('#first-frame');
  await expect(frame.getByText(/ of 120$/)).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByRole('combobox', { name: 'Rows per page' })).toBeHidden();
  const next = (await frame.getByRole('button', { name: 'Go to next page' }).boundingBox())!;
  const text = (await frame.getByText(/ of 120$/).boundingBox())!;
  expect(Math.abs(next.y + next.height / 2 - (text.y + text.height / 2)), 'the buttons beside the count').toBeLessThanOrEqual(4);
  expect(next.x + next.width).toBeLessThanOrEqual(360);
});

test('customer maintenance: the menu closed in the first frame stays closed in the portal that takes its place', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'corp', 'corp');
  const release = await holdScripts(page, /\/assets\/spa-[^/]*\.js$/);
  await page.goto('/ui/corp/customers');
  const frame = page.locator('#first-frame');
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Open or close the menu' });
  await expect(frame.getByRole('navigation', { name: 'Main menu' })).toBeVisible({ timeout: 30_000 });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(frame.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  release();
  await expect(frame).toHaveCount(0, { timeout: 30_000 });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  // And it opens again from the portal's own button.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

// Decision 0990: the page's HTML names the first frame's files, so a page load asks for them while the HTML
// is parsed, beside the entry script, rather than once the entry has run (its first request is app-config).
test('customer maintenance: the first frame files come with the page, not after its entry script', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  const html = await (await page.request.get('/ui/corp/customers')).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*first-frame[^"]*\.js)">/g)].map((m) => m[1]!);
  expect(preloaded.length, 'the first frame and the customer list view').toBe(2);
  for (const href of preloaded) expect((await page.request.get(href)).status(), href).toBe(200);
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await page.goto('/ui/corp/customers');
  await expect(page.getByRole('table', { name: 'Customer maintenance' }).getByRole('link').first()).toBeVisible({ timeout: 30_000 });
  const entryRan = requested.indexOf('/fc-common-api/app-config');
  expect(entryRan).toBeGreaterThan(0);
  for (const href of preloaded) {
    expect(requested.indexOf(href), `${href} in ${requested.join(' ')}`).toBeGreaterThan(0);
    expect(requested.indexOf(href), `${href} in ${requested.join(' ')}`).toBeLessThan(entryRan);
  }
  // Another page gets the HTML as built.
  expect(await (await page.request.get('/ui/corp/account-requests')).text()).not.toContain('first-frame');
});
