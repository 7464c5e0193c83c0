import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';

// Issue 17, tables and layout: every grid exports, grids fit a 1366 px screen, the toolbar and the price
// report fit 360 px, the promotion copy follows the configuration, purchase requirements is one tab.

test.describe('export on customer maintenance, account requests and tax configuration', () => {
  for (const [path, heading, file] of [
    ['/ui/corp/customers', 'Customer maintenance', /^Customers_\d{8}\.csv$/],
    ['/ui/corp/account-requests', 'Account requests', /^AccountRequests_\d{8}\.csv$/],
    ['/ui/merc/tax-configuration', 'Tax configuration', /^TaxRates_\d{8}\.csv$/],
  ] as const) {
    test(`${heading}: Export CSV saves the grid's rows`, async ({ page }) => {
      await signIn(page, 'corp', 'corp');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const downloadEvent = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const download = await downloadEvent;
      expect(download.suggestedFilename()).toMatch(file);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.split('\n')[0]).toMatch(/^[a-z_]+(,[a-z_]+)+$/);
    });
  }
});
