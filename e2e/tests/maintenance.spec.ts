import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth';
import { waitForMail } from '../support/mail';

/** A date `days` from today as typed in the dialogs (MM/DD/YYYY). */
function typed(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}/${p(d.getDate())}/${d.getFullYear()}`;
}

// Each flow waits on real background work (jobs, a 5 s upload delay) and axe scans of a data grid.
test.slow();

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('parts mapping: search, add (with a duplicate refused on its field), remove behind Yes/No, export', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/corp/estes-parts');
  await expect(page.getByRole('heading', { level: 1, name: 'Parts mapping' })).toBeVisible();

  // Required fields and the custom pattern are checked before anything is sent.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Part number is required')).toBeVisible();
  await page.getByLabel('Part number').fill('ee12');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Part number is not in the expected format')).toBeVisible();

  // Nothing mapped yet for this part.
  await page.getByLabel('Part number').fill('3601520c91');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'International' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('estes-no-data')).toHaveText('No data found.');
  await expectNoAxeViolations(page);

  // Add: a custom number already mapped is refused on its field (AEP10), then a free one is accepted.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add part mapping' });
  await dialog.getByLabel('International part number').fill('3601520c91');
  await dialog.getByLabel('Custom part number').fill('ee2505384');
  await dialog.getByRole('button', { name: 'Add mapping' }).click();
  await expect(dialog.getByText('This custom part number is already mapped')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Custom part number').fill('ee3601520x');
  await expect(dialog.getByRole('button', { name: 'Add mapping' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Add mapping' }).click();
  await expect(page.getByTestId('toast')).toContainText('EE3601520X is now mapped to 3601520C91.');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('estes-part-no')).toHaveText('3601520C91');
  await expect(page.getByTestId('estes-custom-part-no')).toHaveText('EE3601520X');

  // Found by its custom number too.
  await page.getByLabel('Part number').fill('EE3601520X');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('estes-part-no')).toHaveText('3601520C91');

  // Export: EstesParts_{MMDDYYYY}.csv with the new mapping.
  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(/^EstesParts_\d{8}\.csv$/);
  expect(new URL(download.url()).pathname).toBe('/fc-common-api/parts/estes_list_csv');
  expect(await readFile((await download.path())!, 'utf8')).toContain('3601520C91,EE3601520X');

  // Remove: No keeps it, Yes removes it.
  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove this mapping?' }).getByRole('button', { name: 'No' }).click();
  await expect(page.getByTestId('estes-result')).toBeVisible();
  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove this mapping?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'was removed' })).toBeVisible();
  await expect(page.getByTestId('estes-no-data')).toBeVisible();
});

test('parts mapping: a viewer (task 502) searches but has no Add or Remove', async ({ page }) => {
  await signIn(page, 'corpview', 'corp');
  await page.goto('/ui/corp/estes-parts');
  await page.getByLabel('Part number').fill('2505384C1');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'International' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('estes-custom-part-no')).toHaveText('EE2505384');
  await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
});

test('tax configuration: a dealer adds a rate and expires it; an expired rate has no Expire button', async ({ page }) => {
  await signIn(page, 'dealer', 'merc');
  await page.goto('/ui/merc/tax-configuration');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax configuration' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Tax rates' })).toBeVisible();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add tax rate' });
  // The dialog's own rules first: location format, percent range, date format.
  await dialog.getByLabel('Customer number').fill('10004');
  await dialog.getByRole('combobox', { name: 'Program' }).click();
  await page.getByRole('option', { name: /^96/ }).click();
  await dialog.getByLabel('Location').fill('2');
  await dialog.getByLabel('Tax rate (percent)').fill('101');
  await dialog.getByLabel('Effective date').fill('2027-01-01');
  await dialog.getByRole('button', { name: 'Add rate' }).click();
  await expect(dialog.getByText('Location must be exactly 3 digits')).toBeVisible();
  await expect(dialog.getByText('Tax rate (percent) must be a number from 0 to 100')).toBeVisible();
  await expect(dialog.getByText('Effective date must be a date in the format MM/DD/YYYY')).toBeVisible();
  await expectNoAxeViolations(page);

  // A location the customer does not have: the server's AET03 on the location field.
  await dialog.getByLabel('Location').fill('007');
  await dialog.getByLabel('Tax rate (percent)').fill('7.5');
  await dialog.getByLabel('Effective date').fill(typed(10));
  await dialog.getByRole('button', { name: 'Add rate' }).click();
  await expect(dialog.getByText('This location is not a location of the customer')).toBeVisible();

  await dialog.getByLabel('Location').fill('002');
  await dialog.getByRole('button', { name: 'Add rate' }).click();
  await expect(page.getByTestId('toast')).toContainText('The tax rate was added.');
  await expect(dialog).toBeHidden();

  // Filters apply on Enter; the new rate shows as a percent with 2 decimals.
  await page.getByLabel('Customer name').fill('lakeside');
  await page.getByLabel('Customer name').press('Enter');
  await page.getByRole('textbox', { name: 'Location' }).fill('002');
  await page.getByRole('textbox', { name: 'Location' }).press('Enter');
  await expect(page).toHaveURL(/f\.name=lakeside/);
  const row = page.getByRole('row').filter({ hasText: '7.50%' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Lakeside Transport');
  await expect(row).toContainText('Milwaukee');
  await expect(row).toContainText(typed(10));

  // Expire it, with the dialog reset after a cancel.
  await row.getByRole('button', { name: /^Expire the rate of Lakeside Transport/ }).click();
  const expire = page.getByRole('dialog', { name: 'Expire tax rate' });
  await expire.getByLabel('Expiry date').fill('01/01/2001');
  await expire.getByRole('button', { name: 'Expire' }).click();
  await expect(expire.getByText('Expiry date cannot be in the past')).toBeVisible();
  await expire.getByRole('button', { name: 'Cancel' }).click();
  await row.getByRole('button', { name: /^Expire the rate of Lakeside Transport/ }).click();
  await expect(expire.getByLabel('Expiry date')).toHaveValue('');
  await expire.getByLabel('Expiry date').fill(typed(40));
  await expire.getByRole('button', { name: 'Expire' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'The tax rate was expired.' })).toBeVisible();
  await expect(row).toContainText(typed(40));

  // The seeded rate that expired last month shows no Expire button.
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('Customer name').fill('acme');
  await page.getByLabel('Customer name').press('Enter');
  const expired = page.getByRole('row').filter({ hasText: '6.25%' });
  await expect(expired).toHaveCount(1);
  await expect(expired.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('core management: a file with one bad row is uploaded after 5 s; the report names the row and is e-mailed', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/corp/core-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Core management' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The template is a real spreadsheet (an OOXML zip).
  const templateEvent = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Template' }).click();
  const template = await templateEvent;
  expect(template.suggestedFilename()).toBe('upload_template.xlsm');
  expect((await readFile((await template.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');

  const csv = [
    'cust_no,part_no,effective_date,expiry_date,status',
    '10004,2505384C1,01/01/2027,,A',
    '10004,NO-SUCH-PART,01/01/2027,,A',
    '10004,1693744C1,02/01/2027,12/31/2027,I',
  ].join('\n');
  const since = Date.now();
  await page.getByRole('button', { name: 'Upload' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Coreless' }).click();
  const started = Date.now();
  await (await chooser).setFiles({ name: 'e2e-core.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('core-upload-overlay')).toContainText('e2e-core.csv will be uploaded in 5 seconds.');
  await page.waitForRequest((r) => r.url().includes('/fc-common-api/parts/core-management') && r.method() === 'POST', { timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
  await expect(page).toHaveURL(/MESSAGE=core-upload-(success|errors)&id=/);

  // The job ends with one rejected row; the page says so and offers the report.
  await expect(page.getByTestId('top-alert')).toContainText('Errors were found in the core management file', { timeout: 20_000 });
  await expect(page.getByTestId('core-upload-status')).toContainText('1 row of 3 rejected, 2 applied');
  const reportEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report' }).click();
  expect(new URL((await reportEvent).url()).pathname).toBe('/fc-common-api/parts/core-management/report');
  const report = await readFile((await (await reportEvent).path())!, 'utf8');
  expect(report).toContain('row,column,value,reason');
  expect(report).toContain('3,part_no,NO-SUCH-PART,part NO-SUCH-PART is not in the parts catalogue');

  // Quoted-printable: undo the soft line breaks before reading the text.
  const mail = (await waitForMail('corp@example.com', since)).replace(/=\r?\n/g, '');
  expect(mail).toContain('e2e-core.csv');
  expect(mail).toContain('Row 3, part_no "NO-SUCH-PART": part NO-SUCH-PART is not in the parts catalogue');

  // The good rows are in the table; the filter applies on blur.
  const partFilter = page.getByRole('textbox', { name: 'Part number' });
  await partFilter.fill('1693744');
  await partFilter.blur();
  const row = page.getByRole('row').filter({ hasText: 'Lakeside Transport' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText('Coreless');
  await expect(row).toContainText('12/31/2027');
  await expectNoAxeViolations(page);
});

test('core management: a non-CSV file is refused in the browser, and a viewer has no Upload', async ({ page }) => {
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/corp/coreless-parts');
  await page.getByRole('button', { name: 'Upload' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Price Verify' }).click();
  await (await chooser).setFiles({ name: 'core.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK\u0003\u0004') });
  await expect(page.getByTestId('top-alert')).toContainText('The file must be a CSV file (.csv).');
  await expect(page.getByTestId('core-upload-overlay')).toBeHidden();

  await page.context().clearCookies();
  await signIn(page, 'corpview', 'corp');
  await page.goto('/ui/corp/core-management');
  await expect(page.getByRole('grid', { name: 'Core parts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Template' })).toHaveCount(0);
});
