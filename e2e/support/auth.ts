import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo2026';

/** Signs in through the login page of `type`, as a user would, and waits for the welcome page. */
export async function signIn(page: Page, username: string, type: 'cust' | 'merc' | 'corp', password = DEMO_PASSWORD) {
  await page.goto(`/ui/${type}/login`);
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/welcome$/);
}
