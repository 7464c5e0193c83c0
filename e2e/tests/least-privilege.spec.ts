import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';

/**
 * Least privilege (docs/permissions.md, decision 0300): corpview holds view tasks only (502, 505, 508). It
 * reads every list but is offered no write: no transaction upload, no price file for a dealer, no Create
 * customer, no status choice on account requests; each page says which task the write needs.
 */
test('a view-only corporate user sees the lists, is offered no write, and is told which task each needs', async ({ page }) => {
  await signIn(page, 'corpview', 'corp');

  await page.goto('/ui/file-status');
  await expect(page.getByTestId('needs-task-transactions-file')).toHaveText(
    'Uploading the daily transaction file needs task 509 (modify loyalty programmes). You can view the files.',
  );
  await expect(page.locator('input[type=file]')).toHaveCount(0);

  await page.goto('/ui/price-report');
  await expect(page.getByTestId('needs-task-price-file-for-dealer')).toContainText('needs task 506');
  await expect(page.locator('input[type=file]')).toHaveCount(0);
  await expect(page.getByLabel(/merchant/i)).toHaveCount(0);

  await page.goto('/ui/corp/customers');
  await expect(page.getByTestId('needs-task-customer-create')).toContainText('Creating a customer needs task 509');
  // Neither the page's button nor the menu item.
  await expect(page.getByRole('link', { name: /create customer/i })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.goto('/ui/corp/account-requests');
  await expect(page.getByTestId('needs-task-account-request-review')).toContainText('needs task 509');
  await expect(page.getByRole('grid').getByRole('combobox')).toHaveCount(0);

  // The create page itself is not open to it.
  await page.goto('/ui/framework/customer/create');
  await expect(page).toHaveURL(/\/ui\/error-403$/);
});

test('a user holding the tasks is offered each write', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/file-status');
  await expect(page.locator('input[type=file]')).toHaveCount(1);
  await expect(page.getByTestId('needs-task-transactions-file')).toHaveCount(0);
  await page.goto('/ui/corp/customers');
  await expect(page.getByRole('main').getByRole('link', { name: /create customer/i })).toBeVisible();
  await expect(page.getByTestId('needs-task-customer-create')).toHaveCount(0);
});
