import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../support/auth';

/** Signs in on the login page under a prefix (/beta/ui, /prod/ui, /ui ...), as a user would. */
async function signInUnder(page: Page, prefix: string, username: string, type: 'cust' | 'merc' | 'corp') {
  await page.goto(`${prefix}/${type}/login`);
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
}

const menuLinks = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link');

test.describe('beta and production aliases (APP-02)', () => {
  test('the landing page and the sign-in work under /beta/ui, and every link stays under it', async ({ page }) => {
    await page.goto('/beta/ui/home');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/beta\/ui\/home$/);
    // The LOG IN menu's sign-in pages are under the alias too.
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('link', { name: 'Corporate' })).toHaveAttribute('href', '/beta/ui/corp/login');

    await signInUnder(page, '/beta/ui', 'corp', 'corp');
    await expect(page).toHaveURL(/\/beta\/ui\/corp\/welcome$/);
    await expect(menuLinks(page).nth(1)).toBeVisible();
    const hrefs = await menuLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) expect(href).toMatch(/^\/beta\/ui\//);
    await page.locator('nav a[href="/beta/ui/corp/loyalty"]').click();
    await expect(page).toHaveURL(/\/beta\/ui\/corp\/loyalty/);
    await expect(page.getByRole('tab').first()).toBeVisible();
  });

  test('the same gating under /prod/ui: a visitor goes to the landing page, a wrong account type to 403', async ({ page }) => {
    await page.goto('/prod/ui/corp/loyalty');
    await expect(page).toHaveURL(/\/prod\/ui\/home$/);
    await signInUnder(page, '/prod/ui', 'customer', 'cust');
    await expect(page).toHaveURL(/\/prod\/ui\/cust\/welcome$/);
    await page.goto('/prod/ui/corp/loyalty');
    await expect(page).toHaveURL(/\/prod\/ui\/error-403$/);
    await expect(page.getByText('You do not have permission to access this resource.')).toBeVisible();
  });
});

test.describe('the bare app addresses and the alternate portal', () => {
  test('/ui/ and /intl/ui/ open the landing page; signed in, /ui/ opens the welcome page', async ({ page }) => {
    for (const [url, landed] of [
      ['/ui/', /\/ui\/home$/],
      ['/intl/ui/', /\/intl\/ui\/home$/],
    ] as const) {
      const res = await page.goto(url);
      expect(res?.headers()['content-type']).toContain('text/html');
      await expect(page).toHaveURL(landed);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    await signIn(page, 'customer4', 'cust');
    await page.goto('/ui/');
    await expect(page).toHaveURL(/\/ui\/cust\/welcome$/);
  });

  test('an alternate-portal user who opens a /ui/ address gets its pages and links under /intl/ui', async ({ page }) => {
    await signIn(page, 'intl', 'merc');
    await expect(page).toHaveURL(/\/intl\/ui\/merc\/welcome$/);
    await page.goto('/ui/price-report');
    await expect(page).toHaveURL(/\/intl\/ui\/price-report$/);
    await expect(menuLinks(page).nth(1)).toBeVisible();
    const hrefs = await menuLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(1);
    for (const href of hrefs) expect(href).toMatch(/^\/intl\/ui\//);
  });

  test('the light public pages carry the hidden authentication frame', async ({ page }) => {
    for (const url of ['/ui/home', '/ui/FleetriteCreditBack', '/ui/corp/login']) {
      await page.goto(url);
      const frame = page.locator('iframe[src="/frame"]');
      await expect(frame).toHaveCount(1);
      await expect(frame).toBeHidden();
    }
  });
});

test.describe('the public header user menu', () => {
  test('lists Customer, Dealer and Corporate sign-in, by keyboard, and sign-out once signed in', async ({ page }) => {
    await page.goto('/ui/FleetriteCreditBack');
    const button = page.getByRole('button', { name: 'Log in' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/ui/cust/login');
    await expect(page.getByRole('link', { name: 'Dealers and International Employees' })).toHaveAttribute('href', '/ui/merc/login');
    const corporate = page.getByRole('link', { name: 'Corporate' });
    await expect(corporate).toHaveAttribute('href', '/ui/corp/login');
    await expect(page.getByRole('button', { name: /sign out/i })).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // An administrator signs in on the corporate login page it leads to.
    await corporate.click();
    await expect(page).toHaveURL(/\/ui\/corp\/login$/);
    await page.getByLabel(/username/i).fill('admin');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /log in/i }).click();
    await expect(page).toHaveURL(/\/ui\/corp\/welcome$/);

    // Signed in, the menu offers sign-out.
    await page.goto('/ui/FleetriteCreditBack');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: /sign out/i }).click();
    await expect(page).toHaveURL(/\/ui\/home\?MESSAGE=/);
  });

  test('at 360 px the drawer holds the same entries', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/ui/FleetriteCreditBack');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Corporate' })).toHaveAttribute('href', '/ui/corp/login');
    await expect(drawer.getByRole('link', { name: 'Customers' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
