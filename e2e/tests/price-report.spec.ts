import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';

// Parts of the demo catalogue (apps/server/src/seed/parts.ts) with their programme prices.
const BELOW = { partNo: '2500000C1', price: '63.00', program: '64.00' };
const ABOVE = { partNo: '2500131C2', price: '70.00', program: '64.37' };

test('a dealer uploads a price file, watches it being processed without reloading, and reads the result', async ({ page }) => {
  await signIn(page, 'dealer', 'merc');
  await page.goto('/ui/price-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Price report' })).toBeVisible();

  // Hold the job for a few polls: the status answers null (in progress) three times, and until it
  // answers the real osReturnCode the list shows this file in progress too. That makes the change
  // visible however fast the worker is, and lets the test count the calls of the upload flow.
  const HOLD = 3;
  const statusAt: number[] = [];
  const indexAt: number[] = [];
  let releasedAt = 0;
  await page.route('**/fc-common-api/mpp/status?*', async (route) => {
    statusAt.push(Date.now());
    const response = await route.fetch();
    const body = await response.json();
    const attrs = body.data[0].attributes;
    if (statusAt.length <= HOLD) Object.assign(attrs, { 'os-return-code': null, status: 26 });
    else if (!releasedAt && attrs['os-return-code'] !== null) releasedAt = Date.now();
    await route.fulfill({ response, body: JSON.stringify(body) });
  });
  await page.route('**/fc-common-api/mpp/index', async (route) => {
    indexAt.push(Date.now());
    const response = await route.fetch();
    const body = await response.json();
    if (!releasedAt) for (const r of body.data) if (r.attributes['file-name'] === 'e2e-prices.csv') r.attributes.status = 26;
    await route.fulfill({ response, body: JSON.stringify(body) });
  });
  // Set on this document only: it is gone if the page reloads.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const csv = [
    'part_no,price,effective_date',
    `${BELOW.partNo},${BELOW.price},20260101`,
    `${ABOVE.partNo},${ABOVE.price},`,
    'NOT-A-PART,5.00,',
    `${BELOW.partNo},abc,`,
  ].join('\n');
  const uploaded = page.waitForResponse((r) => r.url().includes('/fc-common-api/mpp/price') && r.request().method() === 'POST');
  await page
    .locator('input[type=file][name=file]')
    .setInputFiles({ name: 'e2e-prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const answer = await (await uploaded).json();
  const sequence = answer.data[0].attributes.sequence as number;
  expect(answer.data[0].attributes.job_id).toBeTruthy();

  // In progress while the job is held, then processed with a download button, without a reload.
  const row = page.getByTestId(`price-file-${sequence}`);
  await expect(row.getByText('In progress')).toBeVisible();
  await expect(page.getByTestId('price-job-progress')).not.toBeEmpty();
  await expect(row.getByText('Processed')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('price-job-progress')).toBeEmpty();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The status was polled about every second until its osReturnCode was not null, and then stopped. The upper
  // bound tells a one-second poll from a slower one while allowing a busy machine's late timer and answer.
  await page.waitForTimeout(2_500);
  expect(statusAt.length).toBe(HOLD + 1);
  for (let i = 1; i < statusAt.length; i++) {
    expect(statusAt[i]! - statusAt[i - 1]!, `gap before status call ${i + 1}`).toBeGreaterThan(800);
    expect(statusAt[i]! - statusAt[i - 1]!, `gap before status call ${i + 1}`).toBeLessThan(3_500);
  }
  // The list: refreshed after the upload, not polled while the status was, and once more after the end.
  expect(indexAt.filter((at) => at > statusAt[0]! && at < releasedAt)).toEqual([]);
  expect(indexAt.filter((at) => at >= releasedAt)).toHaveLength(1);
  await page.unrouteAll();

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);

  const downloadEvent = page.waitForEvent('download');
  await row.getByRole('button', { name: /download the result of e2e-prices\.csv/i }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe('e2e-prices-result.csv');
  expect(new URL(download.url()).pathname).toBe('/fc-common-api/mpp/download');
  const text = await readFile((await download.path())!, 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe('part_no,description,submitted_price,program_price,difference,verdict,message');
  expect(lines[1]).toMatch(new RegExp(`^${BELOW.partNo},Brake pad set, front axle|^${BELOW.partNo},"?Brake pad set`));
  expect(lines[1]).toContain(`${BELOW.price},${BELOW.program},-1.00,OK`);
  expect(lines[2]).toContain(`${ABOVE.price},${ABOVE.program},5.63,ABOVE_PROGRAM_PRICE`);
  expect(lines[3]).toContain('NOT-A-PART');
  expect(lines[3]).toContain('UNKNOWN_PART');
  expect(lines[4]).toContain('INVALID_ROW');

  // The same file is a unit of the file-status page.
  await page.goto('/ui/file-status');
  const unit = page.getByTestId(`file-unit-${sequence}`);
  await expect(unit).toContainText('e2e-prices.csv');
  await expect(unit).toContainText('Success');
  await expect(unit).toContainText('Prices accepted: 1 of 4');

  // At 360 px the page does not overflow sideways and stays free of axe violations.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(unit).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const narrow = await new AxeBuilder({ page }).analyze();
  expect(narrow.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
  await page.goto('/ui/price-report');
  await expect(page.getByTestId(`price-file-${sequence}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a refused file shows why, and the clear button resets the uploader', async ({ page }) => {
  await signIn(page, 'dealer', 'merc');
  await page.goto('/ui/price-report');
  await page
    .locator('input[type=file][name=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'Only .csv files are accepted.' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('No file selected')).toBeVisible();
});

test('corporate staff upload the daily transaction file on the file-status page and see it processed', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/file-status');
  await expect(page.getByRole('heading', { level: 2, name: 'Daily transaction file' })).toBeVisible();
  const csv = [
    'cust_no,date,invoice,item_code,amount,currency',
    '10001,20260110,E2E-1,IC-1,10.00,USD',
    '10002,20260110,E2E-2,IC-2,12.50,CAD',
  ].join('\n');
  await page
    .locator('input[type=file][name=file]')
    .setInputFiles({ name: 'daily-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('cell', { name: /daily-e2e\.csv/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('row', { name: /daily-e2e\.csv/ })).toContainText('Purchases added: 2;');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
});
