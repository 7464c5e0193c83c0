import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

test.describe('the signed-in layout (issue 17)', () => {
  test('the first Tab reaches "Skip to main content", which moves the focus to the page', async ({ page }) => {
    // The customer layout (purchase requirements) has it as the default layout does (the other tests).
    await signIn(page, 'customer4', 'cust');
    await page.goto('/ui/cust/purchase-requirements');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/ui\/cust\/purchase-requirements$/);
    // The next Tab goes on inside the page, not back to the toolbar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

    // In Spanish and French too.
    await page.getByLabel('Language').first().click();
    await page.getByRole('option', { name: 'Español' }).click();
    await expect(page.getByRole('link', { name: 'Saltar al contenido principal' })).toHaveCount(1);
    await page.getByLabel('Idioma').first().click();
    await page.getByRole('option', { name: 'Français' }).click();
    await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toHaveCount(1);
    await page.getByLabel('Langue').first().click();
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/fc-common-api/users/language')),
      page.getByRole('option', { name: 'English' }).click(),
    ]);
  });

  test('the menu marks the current page, to assistive technology and to the eye', async ({ page }) => {
    await signIn(page, 'dealer', 'merc');
    await page.goto('/ui/file-status');
    const current = menu(page).getByRole('link', { name: 'File status' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    const other = menu(page).getByRole('link', { name: 'Price report' });
    await expect(other).not.toHaveAttribute('aria-current', 'page');
    await expect(menu(page).locator('[aria-current="page"]')).toHaveCount(1);
    // Seen: a bar in the primary colour and bold text, which the other items do not have.
    await expect(current).toHaveCSS('border-left-style', 'solid');
    const look = (el: HTMLElement) => ({
      bar: getComputedStyle(el).borderLeftColor,
      weight: getComputedStyle(el.querySelector('.MuiListItemText-primary')!).fontWeight,
    });
    const a = await current.evaluate(look);
    const b = await other.evaluate(look);
    expect(a.weight).toBe('700');
    expect(b.weight).not.toBe('700');
    expect(a.bar).not.toBe(b.bar);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test('a bundle detail page has breadcrumbs back to the loyalty page and the welcome page', async ({ page }) => {
    await signIn(page, 'corp', 'corp');
    await page.goto('/ui/corp/loyalty?tab=bundles');
    const first = page.getByRole('grid').getByRole('link').first();
    const name = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/ui\/corp\/loyalty\/bundle\/\d+$/);
    const trail = breadcrumb(page);
    await expect(trail.getByRole('link')).toHaveText(['Welcome', 'Loyalty programmes', 'Bundles']);
    await expect(trail.locator('[aria-current="page"]')).toHaveText(name);
    // The pointer rests where the bundle link was, over a control whose tooltip would open (not this page's concern).
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await trail.getByRole('link', { name: 'Bundles' }).click();
    await expect(page).toHaveURL(/\/ui\/corp\/loyalty\?tab=bundles$/);
    await page.goBack();
    await breadcrumb(page).getByRole('link', { name: 'Welcome' }).click();
    await expect(page).toHaveURL(/\/ui\/corp\/welcome$/);
  });

  test('customer details have breadcrumbs, in three languages and at 360 px', async ({ page }) => {
    await signIn(page, 'corpview', 'corp');
    await page.goto('/ui/corp/customers/10001/details');
    const trail = breadcrumb(page);
    await expect(trail.getByRole('link')).toHaveText(['Welcome', 'Customer maintenance']);
    await expect(trail.locator('[aria-current="page"]')).toContainText('10001');
    await page.getByLabel('Language').first().click();
    await page.getByRole('option', { name: 'Español' }).click();
    await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link')).toHaveText(['Bienvenida', /.+/]);
    await page.getByLabel('Idioma').first().click();
    await page.getByRole('option', { name: 'Français' }).click();
    await expect(page.getByRole('navigation', { name: 'Fil d’Ariane' })).toBeVisible();
    await page.getByLabel('Langue').first().click();
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/fc-common-api/users/language')),
      page.getByRole('option', { name: 'English' }).click(),
    ]);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(trail).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await trail.getByRole('link', { name: 'Customer maintenance' }).click();
    await expect(page).toHaveURL(/\/ui\/corp\/customers$/);
  });
});
