import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth';

/** Every screenshot of the page has loaded (a broken image has no natural width). */
async function expectImagesLoaded(page: Page) {
  const images = page.locator('article img');
  await expect(images.first()).toBeVisible();
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
}

test.describe('the manuals of the footer programme links', () => {
  test("a dealer's footer opens the dealer manual: real content, screenshots, three languages, printable", async ({ page }) => {
    await signIn(page, 'manualmerc', 'merc');
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Dealer manual' });
    await expect(link).toHaveAttribute('href', '/ui/manuals/dealer');
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForLoadState();
    await expect(popup).toHaveURL(/\/ui\/manuals\/dealer$/);
    await expect(popup.getByRole('heading', { level: 1, name: 'Dealer manual' })).toBeVisible();
    await expect(popup.getByRole('heading', { name: /Uploading your part prices/ })).toBeVisible();
    await expect(popup.getByText(/ABOVE_PROGRAM_PRICE/)).toBeVisible();
    await expectImagesLoaded(popup);
    expect((await new AxeBuilder({ page: popup }).analyze()).violations).toEqual([]);

    // The contents links move to their section by keyboard.
    await popup.getByRole('link', { name: 'Tax rates (tax configuration)' }).focus();
    await popup.keyboard.press('Enter');
    await expect(popup).toHaveURL(/#tax$/);

    // Printed: the page alone, without header, footer or the print button.
    await popup.emulateMedia({ media: 'print' });
    await expect(popup.getByRole('button', { name: 'Print this manual' })).toBeHidden();
    await expect(popup.locator('header').first()).toBeHidden();
    await expect(popup.getByRole('heading', { level: 1, name: 'Dealer manual' })).toBeVisible();
    await popup.emulateMedia({ media: 'screen' });
    await expect(popup.getByRole('button', { name: 'Print this manual' })).toBeVisible();

    // In Spanish and French.
    await popup.getByRole('combobox', { name: 'Language' }).click();
    await popup.getByRole('option', { name: 'Español' }).click();
    await expect(popup.getByRole('heading', { level: 1, name: 'Manual para distribuidores' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Imprimir este manual' })).toBeVisible();
    await popup.getByRole('combobox', { name: 'Idioma' }).click();
    await popup.getByRole('option', { name: 'Français' }).click();
    await expect(popup.getByRole('heading', { level: 1, name: 'Manuel du concessionnaire' })).toBeVisible();
    // The page as the reader sees it once the language menu has gone: axe reads the fading menu's texts (its
    // items at 1% contrast) while its closing transition runs, after the menu is already aria-hidden.
    await expect(popup.locator('.MuiMenu-root')).toHaveCount(0);
    expect((await new AxeBuilder({ page: popup }).analyze()).violations).toEqual([]);
    // Back to English: the choice is the dealer's saved session language.
    await popup.getByRole('combobox', { name: 'Langue' }).click();
    await Promise.all([
      popup.waitForResponse((r) => r.url().endsWith('/fc-common-api/users/language')),
      popup.getByRole('option', { name: 'English' }).click(),
    ]);
    await expect(popup.getByRole('heading', { level: 1, name: 'Dealer manual' })).toBeVisible();
  });

  test("a customer's footer opens the customer manual, which works at 360 px", async ({ page }) => {
    await signIn(page, 'customer', 'cust');
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Customer manual' });
    await expect(link).toHaveAttribute('href', '/ui/manuals/customer');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Dealer manual' })).toHaveCount(0);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/ui/manuals/customer');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer manual' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Requesting an account/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Your rebate programme/ })).toBeVisible();
    await expectImagesLoaded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
