import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth';
import { waitForMail } from '../support/mail';

const SUPPORT_MAILBOX = 'support@example.com';

test.describe('request an account, in each country', () => {
  // One mailbox receives every request: one at a time, so each test finds its own message.
  test.describe.configure({ mode: 'serial' });

  for (const [country, state, option, zip, phone] of [
    ['US', 'Illinois', 'Illinois (IL)', '60532-1234', '630 555 0100'],
    ['CA', 'Ontario', 'Ontario (ON)', 'M5H 1A1', '416 555 0111'],
    ['MX', 'Jalisco', 'Jalisco (JAL)', '44100', '33 1234 5678'],
    ['BS', 'New Providence', 'New Providence (NP)', 'N-4812', '242 322 1234'],
  ] as const) {
    test(`${country}: submitted end to end and e-mailed to support`, async ({ page }) => {
      const company = `E2E ${country} Haulage ${Date.now()}`;
      await page.goto('/ui/cust/request');
      await expect(page.getByRole('heading', { level: 1, name: 'Request an account' })).toBeVisible();
      const submit = page.getByRole('button', { name: 'Send request' });
      await expect(submit).toBeDisabled();
      await page.getByLabel('Full name').fill('Pat Doe');
      await page.getByLabel('Job title').fill('Fleet manager');
      await page.getByLabel('E-mail').fill('pat@example.com');
      await page.getByLabel('Customer number').fill('12345');
      await page.getByLabel('Company name').fill(company);
      await page.getByLabel('Address').fill('1 Main St');
      await page.getByLabel('City').fill('Springfield');
      await page.getByRole('combobox', { name: 'State or province' }).fill(state);
      await page.getByRole('option', { name: option }).click();
      await page.getByLabel('Zip or postal code').fill(zip);
      await expect(submit).toBeDisabled();
      // A number of another country is refused for this state.
      await page.getByLabel('Phone').fill(country === 'US' ? '416 555 0111' : country === 'MX' ? '+1 630 555 0100' : '630 555 0100');
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page.getByText('Enter a valid phone number')).toBeVisible();
      await expect(page).toHaveURL(/\/ui\/cust\/request$/);
      await page.getByLabel('Phone').fill(phone);
      const since = Date.now();
      await submit.click();
      await expect(page).toHaveURL(/\/ui\/cust\/request\/success$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your request was received' })).toBeVisible();
      const mail = await waitForMail(SUPPORT_MAILBOX, since);
      expect(mail).toContain(company);
      await page.getByRole('link', { name: 'Back to home' }).click();
      await expect(page).toHaveURL(/\/ui\/home$/);
    });
  }
});

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a corporate user creates a customer with EFT and daily billing and lands on customer maintenance', async ({ page }) => {
  // A long form: some forty fields and lists on a shared, slow machine.
  test.setTimeout(240_000);
  await signIn(page, 'corp', 'corp');
  await page.goto('/ui/corp/customers');
  await page.getByRole('main').getByRole('link', { name: 'Create customer' }).click();
  await expect(page).toHaveURL(/\/ui\/framework\/customer\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create customer' })).toBeVisible();

  const name = `E2E Prairie ${Date.now() % 100000}`;
  await page.getByLabel('Customer name').fill(name);
  // Programme 94: multi-service receivable, pay day 7.
  await choose(page, 'Programme', 'Select');
  await expect(page.getByRole('combobox', { name: 'Receivable type' })).toHaveText('Multi-service');
  await expect(page.getByRole('combobox', { name: 'Funding cycle' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('combobox', { name: 'Pay days' })).toHaveText('7');
  // Daily billing resets pay day 7, which daily multi-service billing does not offer.
  await choose(page, 'Bill cycle', 'Daily');
  await expect(page.getByRole('combobox', { name: 'Pay days' })).not.toHaveText('7');
  await page.getByRole('combobox', { name: 'Pay days' }).click();
  await expect(page.getByRole('option')).toHaveText(['-- Select One --', '14', '27', '30', '37']);
  await page.getByRole('option', { name: '14', exact: true }).click();

  await choose(page, 'Sub-group key', 'Card determines location');
  // The link customer is a type-ahead searched by the server; each customer shows its number as sublabel.
  const link = page.getByRole('combobox', { name: 'Link customer' });
  await link.fill('lakes');
  await expect(page.getByRole('option')).toHaveText(['-- Select One --', /Lakeside Transport\s*10004/]);
  await page.getByRole('option', { name: /Lakeside Transport/ }).click();
  await expect(link).toHaveValue('Lakeside Transport');
  await choose(page, 'Product-support price level', 'National');
  await choose(page, 'Maintenance price level', 'National');
  await page.getByLabel('Credit limit').fill('25000');
  await choose(page, 'Payment type', 'EFT');
  await expect(page.getByText('EFT payment: all bank fields are required.')).toBeVisible();
  await page.getByLabel('Bank ABA number').fill('071000013');
  await page.getByLabel('Bank account number').fill('000123456789');
  await page.getByLabel('Bank name').fill('First Prairie Bank');
  await page.getByLabel('Bank account name').fill('Prairie Haulers LLC');

  // Canadian dollars for a US customer: the mismatch dialog; cancel clears both.
  await choose(page, 'Country', 'United States');
  await choose(page, 'Currency', 'Canadian dollars');
  const dialog = page.getByRole('dialog', { name: 'Currency and country do not match' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText('-- Select One --');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveText('-- Select One --');
  await choose(page, 'Currency', 'US dollars');
  await choose(page, 'Country', 'United States');

  await page.getByLabel('Address name').fill(name);
  await page.getByLabel('Contact').fill('Jamie Fox');
  await page.getByLabel('Address line 1').fill('1 Grain Rd');
  await page.getByLabel('City').fill('Omaha');
  await choose(page, 'State or province', 'Nebraska');
  await page.getByLabel('Zip or postal code').fill('68102');
  await page.getByLabel('Phone').fill('402 555 0123');
  await page.getByLabel('Fax').fill('1800');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The fax number must not start with 1')).toBeVisible();
  await page.getByLabel('Fax').fill('');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/ui\/corp\/customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer maintenance' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/ui\/corp\/customers\/\d+\/details$/);
  await expect(page.getByText('First Prairie Bank')).toBeVisible();
  // The server sends bank numbers masked to their last four digits.
  await expect(page.getByText('•••• 6789')).toBeVisible();
  await expect(page.getByText('000123456789')).toHaveCount(0);
  await expect(page.getByText('(402) 555-0123')).toBeVisible();
});

test.describe('purchase requirements', () => {
  test('a customer sees only its own purchase requirements', async ({ page }) => {
    await signIn(page, 'customer', 'cust');
    await page.goto('/ui/cust/purchase-requirements');
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase requirements' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Acme Freight Lines' })).toBeVisible();
    await expect(page.getByTestId('pr-cust-no')).toHaveText('10001');
    await expect(page.getByTestId('pr-phone')).toHaveText('(630) 555-0100');
    await expect(page.getByTestId('pr-card-no')).toHaveText('7083 0512 3456 0001');
    await expect(page.getByTestId('location-block')).toBeVisible();
    await expect(page.getByTestId('location-block').getByRole('checkbox', { name: 'Card determines location' })).toBeChecked();
    await expect(page.getByText('Prefix: PO')).toBeVisible();
    await expect(page.getByText('Maple Haulage')).toHaveCount(0);
  });

  test('another customer sees its own, with the call-customer text and no location block', async ({ page }) => {
    await signIn(page, 'customer2', 'cust');
    await page.goto('/ui/cust/purchase-requirements');
    await expect(page.getByRole('heading', { name: 'Maple Haulage Ltd' })).toBeVisible();
    await expect(page.getByTestId('pr-card-no')).toContainText('Call customer service');
    await expect(page.getByTestId('location-block')).toHaveCount(0);
    await expect(page.getByText('Acme Freight Lines')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Tax exemption' })).toBeChecked();
  });

  test('customer3 and customer4 show the unit and PO location blocks and the 6- and 12-month duplicate windows', async ({ page }) => {
    await signIn(page, 'customer3', 'cust');
    await page.goto('/ui/cust/purchase-requirements');
    await expect(page.getByRole('heading', { name: 'Desert Rigs Co' })).toBeVisible();
    await expect(page.getByTestId('location-block').getByRole('checkbox', { name: 'Unit contains location' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'On debits (within 6 months)' })).toBeChecked();
    await expect(page.getByText('Prefix: DR')).toBeVisible();

    await page.context().clearCookies();
    await signIn(page, 'customer4', 'cust');
    await page.goto('/ui/cust/purchase-requirements');
    await expect(page.getByRole('heading', { name: 'Lakeside Transport' })).toBeVisible();
    await expect(page.getByTestId('location-block').getByRole('checkbox', { name: 'PO contains location' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'On debits (within 12 months)' })).toBeChecked();
  });

  test('a corporate user is sent to 403', async ({ page }) => {
    await signIn(page, 'corp', 'corp');
    await page.goto('/ui/cust/purchase-requirements');
    await expect(page).toHaveURL(/\/ui\/error-403$/);
  });
});
