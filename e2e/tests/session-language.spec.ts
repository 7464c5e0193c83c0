import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../support/auth';

/**
 * The language picked on the login page is kept for the session it starts; a change after signing in is
 * saved as the user's language (issue 20, decision 0401). languagedemo's saved language is French.
 */
test('the login page pick wins at sign-in for that session; a change after it is saved as the user language', async ({ page, browser }) => {
  const heading = page.getByRole('heading', { level: 1 });

  // No pick: the saved language (French) applies.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await signIn(elsewhere, 'languagedemo', 'cust');
  await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText('Bienvenue, Lane Language');
  await other.close();

  // Spanish picked on the login page: the session is in Spanish, also after a reload.
  await page.goto('/ui/cust/login');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.locator('input[name="USERNAME"]').fill('languagedemo');
  await page.locator('input[name="PASSWORD"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/ui\/cust\/welcome$/);
  await expect(heading).toHaveText('Bienvenido, Lane Language');
  await page.reload();
  await expect(heading).toHaveText('Bienvenido, Lane Language');

  // Changed after signing in: saved for the user, so the next sign-in without a pick is in English.
  await page.getByLabel('Idioma').first().click();
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/fc-common-api/users/language') && r.ok()),
    page.getByRole('option', { name: 'English' }).click(),
  ]);
  await expect(heading).toHaveText('Welcome, Lane Language');
  await page.reload();
  await expect(heading).toHaveText('Welcome, Lane Language');
  const next = await browser.newContext();
  const later = await next.newPage();
  await signIn(later, 'languagedemo', 'cust');
  await expect(later.getByRole('heading', { level: 1 })).toHaveText('Welcome, Lane Language');
  await next.close();
});
