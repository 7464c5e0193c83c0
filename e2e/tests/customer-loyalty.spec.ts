import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth';

/**
 * The customer loyalty page (LOY-30, LOY-32) on the demo data of apps/server/src/seed/loyalty.ts:
 * customer 10001 has a running Brake Rewards enrolment, a future Fleet Max one, and a history with
 * completed, incomplete, unenrolled and pending-reconciliation cards.
 */

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
}

test('active tab: running and pre-enrolled cards in active mode, with the explanation, export and breakdown', async ({ page }) => {
  await signIn(page, 'customer', 'cust');
  await page.goto('/ui/cust/loyalty');
  await expect(page.getByRole('heading', { level: 1, name: 'My loyalty programmes' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');

  const cards = page.getByTestId('program-card');
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) {
    await expect(card).toHaveAttribute('data-mode', 'active');
    await expect(card.getByTestId('mode-icon-active')).toBeVisible();
  }

  const running = cards.filter({ hasText: 'Brake Rewards' });
  await expect(running.getByRole('heading', { level: 2, name: 'Brake Rewards' })).toBeVisible();
  await expect(running.getByTestId('program-status')).toHaveText('Enrolled');
  await expect(running.getByTestId('rebate-earned')).toHaveText(/^Rebate earned: \$[\d,]+\.\d\d$/);
  await expect(running.getByLabel('Enrolment date')).toHaveAttribute('readonly', '');
  await expect(running.getByLabel('Expiration date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(running.getByTestId('spending-label')).toHaveText(/^Spending: USD\s[\d,]+\.\d\d$/);
  // A synthetic zero milestone, then the template's three; the first one reached.
  const labels = running.getByTestId('milestone-label');
  await expect(labels).toHaveCount(4);
  await expect(labels.first()).toHaveText(/0%\s*\$0\.00/);
  await expect(labels.nth(1)).toHaveAttribute('data-achieved', 'true');
  await expect(labels.nth(3)).toHaveAttribute('data-achieved', 'false');
  await expect(running.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /\d+/);
  await expect(running.getByTestId('milestone-advice')).toHaveText(
    /^Spend \$[\d,]+\.\d\d more by \d{2}\/\d{2}\/\d{4} to reach the \$15,000\.00 milestone and earn 3% of your spend/,
  );

  // The pre-enrolled card earns nothing yet: no rebate line.
  const future = cards.filter({ hasText: 'Fleet Max' });
  await expect(future.getByTestId('program-status')).toHaveText('Pre-enrolled');
  await expect(future.getByTestId('rebate-earned')).toHaveCount(0);
  await expect(future.getByTestId('milestone-advice')).toHaveText(/^Spend \$10,000\.00 between/);

  await expectNoAxeViolations(page);

  const downloadEvent = page.waitForEvent('download');
  await running.getByRole('button', { name: 'Export transactions' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Your download will complete shortly');
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(/^Loyalty-Spend-Details-\d{14}\.csv$/);
  expect(new URL(download.url()).pathname).toBe('/fc-common-api/loyalty/cust_details');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Transaction Date,Invoice,Item Code,Description,Amount,Currency,Program,Customer Number');
  expect(lines.length).toBeGreaterThan(10);
  for (const line of lines.slice(1))
    expect(line).toMatch(/^\d{4}-\d{2}-\d{2},INV10001-\d{5},BRK0\d,Brake part 0\d,\d+\.\d\d,USD,Brake Rewards,10001$/);

  await running.getByRole('button', { name: 'Spend breakdown' }).click();
  const dialog = page.getByRole('dialog', { name: 'Spend breakdown: Brake Rewards' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('breakdown-row').first()).toHaveAttribute('data-qualifying', 'true');
  await expect(dialog.getByTestId('breakdown-row').filter({ hasText: 'TIR01' })).toContainText('No — not in Brake and friction parts');
  await expect(dialog.getByTestId('breakdown-qualifying')).toHaveText(/^Counts: \$[\d,]+\.\d\d$/);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('history tab: completed (check, green) and incomplete (close, grey) cards, kept in the URL', async ({ page }) => {
  await signIn(page, 'customer', 'cust');
  await page.goto('/ui/cust/loyalty');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/ui\/cust\/loyalty\?tab=history$/);
  const cards = page.getByTestId('program-card');
  await expect(cards).toHaveCount(5);
  await expect(cards.locator('[data-testid="mode-icon-completed"]')).toHaveCount(2);
  await expect(cards.locator('[data-testid="mode-icon-incomplete"]')).toHaveCount(3);
  await expect(page.getByTestId('mode-icon-active')).toHaveCount(0);

  const statuses = await page.getByTestId('program-status').allTextContents();
  expect(new Set(statuses)).toEqual(new Set(['Unenrolled', 'Pending reconciliation', 'Completed', 'Completed below criteria']));
  const completed = cards.filter({ has: page.getByTestId('mode-icon-completed') }).first();
  await expect(completed.getByTestId('milestone-label').last()).toHaveAttribute('data-achieved', 'true');
  const bc = cards.filter({ hasText: 'Completed below criteria' });
  await expect(bc.getByTestId('rebate-earned')).toHaveCount(0);
  await expect(bc.getByTestId('milestone-advice')).toHaveText(/^This programme ended on \d{2}\/\d{2}\/\d{4}\.$/);
  await expectNoAxeViolations(page);

  // Back and forward follow the tab.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('program-card')).toHaveCount(2);
});

test('a failing load is logged and says that loading failed, with a Retry (issue 17 item 5)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await signIn(page, 'customer', 'cust');
  await page.route('**/fc-common-api/loyalty-cust-programs**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/vnd.api+json',
      body: '{"errors":[{"status":"500","code":"internal","title":"Internal Server Error"}]}',
    }),
  );
  await page.goto('/ui/cust/loyalty');
  await expect(page.getByTestId('load-error')).toContainText('The list could not be loaded.');
  await expect(page.getByTestId('loyalty-empty')).toHaveCount(0);
  expect(errors.some((e) => e.includes('Loading the loyalty programmes failed'))).toBe(true);
  await page.unroute('**/fc-common-api/loyalty-cust-programs**');
  await page.getByTestId('load-error').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('program-card')).toHaveCount(2);
});

test('a corporate user views a customer by number; a customer with no running programme shows the empty state', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/cust/loyalty');
  await expect(page.getByText('Enter a customer number to see that customer’s loyalty programmes.')).toBeVisible();
  await page.getByLabel('Customer number').fill('10002');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/cust_no=10002/);
  await expect(page.getByTestId('program-card').first()).toContainText('All Parts CAD');
  await expect(page.getByTestId('spending-label').first()).toHaveText(/^Spending: CAD\s[\d,]+\.\d\d$/);
  await page.getByLabel('Customer number').fill('10003');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('loyalty-empty')).toHaveText('There is no data to display at this time');
  // Its history: reconciled while its account is inactive, so the lifecycle left it Not Reconciled.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('program-card')).toHaveCount(1);
  await expect(page.getByTestId('program-status')).toHaveText('Not reconciled');
});

test('works at 360 px wide by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, 'customer2', 'cust');
  await page.goto('/ui/cust/loyalty');
  await expect(page.getByTestId('program-card')).toHaveCount(2);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Active' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tab=history/);
  await expect(page.getByTestId('program-card').first()).toBeVisible();
  await expectNoAxeViolations(page);
});
