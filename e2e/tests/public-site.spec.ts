import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth';

const finderResult = (page: Page) => page.getByTestId('finder-result');

/** Fills the fleet-size finder and submits it. */
async function findProgramme(page: Page, units: string, country: 'United States' | 'Canada') {
  await page.getByLabel('Number of power units').fill(units);
  await page.getByRole('radio', { name: country }).check();
  await page.getByRole('button', { name: 'Find my programme' }).click();
}

/** Records the arguments of every window.open call of the page. */
async function recordWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __opened: string[][]; open: typeof window.open };
    w.__opened = [];
    const original = window.open.bind(window);
    w.open = (...args: Parameters<typeof window.open>) => {
      w.__opened.push(args.map((a) => String(a ?? '')));
      return original(...args);
    };
  });
}
const openedWindows = (page: Page) => page.evaluate(() => (window as unknown as { __opened: string[][] }).__opened);

test.describe('landing page hero carousel', () => {
  test('rotates every 5 s, wraps around, and stops for good after a manual click', async ({ page }) => {
    await page.clock.install();
    await page.goto('/ui/home');
    const slides = [page.getByTestId('hero-slide-0'), page.getByTestId('hero-slide-1')];
    await expect(slides[0]).toBeVisible();
    await expect(slides[1]).toBeHidden();
    await page.clock.pauseAt(Date.now() + 1000);

    // Find the moment of the first rotation (the timer started while the page rendered).
    for (let waited = 0; !(await slides[1].isVisible()); waited += 50) {
      expect(waited).toBeLessThanOrEqual(6000);
      await page.clock.runFor(50);
    }
    await expect(slides[0]).toBeHidden();
    // The next rotation comes 5 s after that one (within one 50 ms step), and wraps back to slide 0.
    await page.clock.runFor(4900);
    await expect(slides[1]).toBeVisible();
    await page.clock.runFor(150);
    await expect(slides[0]).toBeVisible();
    await expect(slides[1]).toBeHidden();
    await page.clock.runFor(5000);
    await expect(slides[1]).toBeVisible();

    // A manual click moves one slide, wrapping around, and rotation stops.
    await page.getByRole('button', { name: 'Next offer' }).click();
    await expect(slides[0]).toBeVisible();
    await page.getByRole('button', { name: 'Previous offer' }).click();
    await expect(slides[1]).toBeVisible();
    await page.getByRole('button', { name: 'Previous offer' }).click();
    await expect(slides[0]).toBeVisible();
    await page.clock.runFor(20_000);
    await expect(slides[0]).toBeVisible();
    await expect(slides[1]).toBeHidden();
  });

  test('slide 0 opens the credit-back page in a new tab; slide 1 applies in the 800x600 popup', async ({ page }) => {
    await recordWindowOpen(page);
    await page.goto('/ui/home');
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .getByTestId('hero-slide-0')
        .getByRole('link', { name: /Learn more/ })
        .click(),
    ]);
    await expect(tab).toHaveURL(/\/ui\/FleetriteCreditBack$/);
    await expect(tab.getByRole('heading', { level: 1 })).toContainText('Get 2% back on own-brand parts');
    await tab.close();

    await page.getByRole('button', { name: 'Next offer' }).click();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .getByTestId('hero-slide-1')
        .getByRole('link', { name: /Apply now/ })
        .click(),
    ]);
    expect(await openedWindows(page)).toEqual([['/apply/', '_blank', 'width=800,height=600,noopener,noreferrer']]);
    await expect(popup).toHaveURL(/\/ui\/cust\/request$/);
  });
});

test.describe('programme cards and fleet-size finder', () => {
  test('shows the three programmes with their facts', async ({ page }) => {
    await page.goto('/ui/home');
    await expect(page.getByTestId('programme-product')).toContainText('500+ power units in the US, 300+ in Canada');
    await expect(page.getByTestId('programme-product')).toContainText('Billed every other week');
    await expect(page.getByTestId('programme-product')).toContainText('7 days to pay');
    await expect(page.getByTestId('programme-select')).toContainText('50+ power units');
    await expect(page.getByTestId('programme-select')).toContainText('20 days to pay');
    await expect(page.getByTestId('programme-advantage')).toContainText('1+ power units');
    await expect(page.getByTestId('programme-advantage')).toContainText('20 days to pay');
    for (const f of ['coverage', 'billing', 'inventory', 'transparency', 'ordering'])
      await expect(page.getByTestId(`feature-${f}`)).toBeVisible();
  });

  test('names the best programme at each boundary, with a link back to the form', async ({ page }) => {
    await page.goto('/ui/home');
    for (const [units, country, id] of [
      ['299', 'Canada', 'select'],
      ['300', 'Canada', 'product'],
      ['499', 'United States', 'select'],
      ['500', 'United States', 'product'],
      ['49', 'United States', 'advantage'],
      ['50', 'United States', 'select'],
      ['49', 'Canada', 'advantage'],
      ['50', 'Canada', 'select'],
      ['1', 'Canada', 'advantage'],
      ['1,200', 'United States', 'product'],
    ] as const) {
      await findProgramme(page, units, country);
      await expect(finderResult(page).getByTestId(`programme-${id}`), `${units} in ${country}`).toBeVisible();
      await expect(finderResult(page).locator('[data-testid^="programme-"]')).toHaveCount(1);
      await page.getByRole('button', { name: 'Back to the form' }).click();
      await expect(page.getByLabel('Number of power units')).toBeFocused();
    }
  });

  test('explains every bad count and keeps the form', async ({ page }) => {
    await page.goto('/ui/home');
    const input = page.getByLabel('Number of power units');
    for (const [units, message] of [
      ['', 'Enter the number of power units.'],
      ['0', 'Enter at least 1 power unit.'],
      ['-5', 'Enter at least 1 power unit.'],
      ['2.5', 'Enter a whole number of power units, without decimals.'],
      ['abc', 'Enter the number of power units as digits, for example 120.'],
      ['1e3', 'Enter the number of power units as digits, for example 120.'],
      ['100001', 'Enter at most 100,000 power units.'],
    ] as const) {
      await findProgramme(page, units, 'United States');
      await expect(page.getByTestId('finder-error'), `"${units}"`).toHaveText(message);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toBeFocused();
      await expect(finderResult(page)).toHaveCount(0);
    }
    await findProgramme(page, '75', 'United States');
    await expect(finderResult(page).getByTestId('programme-select')).toBeVisible();
  });
});

test.describe('shared public header', () => {
  test('HOME, APPLY in an 800x600 popup, GET PARTS CREDIT and the LOG IN menu', async ({ page }) => {
    await recordWindowOpen(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ui/FleetriteCreditBack');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    const [popup] = await Promise.all([page.waitForEvent('popup'), nav.getByRole('link', { name: /^Apply/ }).click()]);
    expect(await openedWindows(page)).toEqual([['/apply/', '_blank', 'width=800,height=600,noopener,noreferrer']]);
    await expect(popup).toHaveURL(/\/ui\/cust\/request$/);
    await popup.close();
    await expect(page).toHaveURL(/\/ui\/FleetriteCreditBack$/);

    const login = nav.getByRole('button', { name: 'Log in' });
    await login.click();
    await expect(login).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/ui/cust/login');
    await expect(nav.getByRole('link', { name: 'Dealers and International Employees' })).toHaveAttribute('href', '/ui/merc/login');
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Customers' })).toBeHidden();
    await expect(login).toBeFocused();
    await login.click();
    await nav.getByRole('link', { name: 'Dealers and International Employees' }).click();
    await expect(page).toHaveURL(/\/ui\/merc\/login$/);

    await page.goto('/ui/home');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Get parts credit' }).click();
    await expect(page).toHaveURL(/\/ui\/FleetriteCreditBack$/);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/ui\/home$/);
  });

  test('at 360 px: an APPLY button and a drawer with the same items', async ({ page }) => {
    await recordWindowOpen(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/ui/home');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    const header = page.getByRole('banner');
    const [popup] = await Promise.all([page.waitForEvent('popup'), header.getByRole('link', { name: /^Apply/ }).click()]);
    expect((await openedWindows(page))[0]).toEqual(['/apply/', '_blank', 'width=800,height=600,noopener,noreferrer']);
    await popup.close();

    await header.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (const name of ['Home', /^Apply/, 'Get parts credit', 'Customers', 'Dealers and International Employees']) {
      await expect(drawer.getByRole('link', { name })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(header.getByRole('button', { name: 'Open the menu' })).toHaveAttribute('aria-expanded', 'false');

    await header.getByRole('button', { name: 'Open the menu' }).click();
    await drawer.getByRole('button', { name: 'Close the menu' }).click();
    await expect(drawer).toBeHidden();

    await header.getByRole('button', { name: 'Open the menu' }).click();
    await drawer.getByRole('link', { name: 'Customers' }).click();
    await expect(page).toHaveURL(/\/ui\/cust\/login$/);

    // Nothing is wider than the phone.
    await page.goto('/ui/home');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('works from the keyboard: skip link, LOG IN menu, and the drawer at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ui/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const login = nav.getByRole('button', { name: 'Log in' });
    await login.focus();
    await page.keyboard.press('Enter');
    await expect(login).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Customers' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Dealers and International Employees' })).toBeFocused();
    // The user menu's third entry (APP-19: Customer, Dealer and Corporate): the corporate sign-in.
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Corporate' })).toBeFocused();
    // Focus leaving the menu closes it.
    await page.keyboard.press('Tab');
    await expect(login).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Customers' })).toBeHidden();

    await page.setViewportSize({ width: 360, height: 740 });
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Open the menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('the role slides: previous and next on a wide screen, disabled on a phone, with a progress bar', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ui/home');
    const progress = page.getByRole('progressbar');
    const previous = page.getByRole('button', { name: 'Previous role' });
    const next = page.getByRole('button', { name: 'Next role' });
    await expect(progress).toHaveAttribute('aria-valuenow', '1');
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(progress).toHaveAttribute('aria-valuenow', '2');
    await next.click();
    await expect(progress).toHaveAttribute('aria-valuenow', '3');
    await expect(next).toBeDisabled();
    await expect(page.getByTestId('role-drivers')).toBeInViewport();
    await previous.click();
    await expect(progress).toHaveAttribute('aria-valuenow', '2');

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(previous).toBeDisabled();
    await expect(next).toBeDisabled();
  });
});

test.describe('credit-back, bonus and terms pages', () => {
  test('/FleetriteCreditBack leads to the credit-back page with every term of the offer', async ({ page }) => {
    await page.goto('/FleetriteCreditBack');
    await expect(page).toHaveURL(/\/ui\/FleetriteCreditBack$/);
    for (const n of [1, 2, 3, 4]) await expect(page.getByTestId(`credit-step-${n}`)).toBeVisible();
    await expect(page.getByTestId('credit-legal-1')).toContainText('April 1, 2025 through December 31, 2025');
    await expect(page.getByTestId('credit-legal-1')).toContainText('issued in January 2026 as unapplied payments');
    await expect(page.getByTestId('credit-legal-1')).toContainText('Only accounts in good standing');
    await expect(page.getByTestId('credit-legal-1')).toContainText('National accounts are excluded');
    await expect(page.getByTestId('credit-legal-2')).toContainText('does not expire and is paid in the currency of the account');
    await expect(page.getByTestId('credit-legal-3')).toContainText('18-month unlimited-mileage warranty');
    await expect(page.getByTestId('credit-legal-3')).toContainText('8:00 am - 5:00 pm CST');
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /Dealer log in/ }).click()]);
    await expect(tab).toHaveURL(/\/ui\/merc\/login$/);
    await tab.close();
    const [customerTab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /Customer log in/ }).click()]);
    await expect(customerTab).toHaveURL(/\/ui\/cust\/login$/);
    await customerTab.close();
    // Shop now and find a dealer: addresses from the translations.
    await expect(page.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', 'https://www.fleetrite.com');
    await expect(page.getByRole('link', { name: 'Find a dealer' })).toHaveAttribute(
      'href',
      'https://www.internationaltrucks.com/dealer-locator',
    );
    const [apply] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .getByRole('link', { name: /Apply now/ })
        .first()
        .click(),
    ]);
    await expect(apply).toHaveURL(/\/ui\/cust\/request$/);
  });

  test('the bonus page states both tiers and the total', async ({ page }) => {
    await page.goto('/ui/bonus');
    await expect(page.getByTestId('bonus-tier-1')).toContainText('$250');
    await expect(page.getByTestId('bonus-tier-1')).toContainText('$2,500 on select parts between August 1, 2024 and October 1, 2024');
    await expect(page.getByTestId('bonus-tier-2')).toContainText('$400');
    await expect(page.getByTestId('bonus-tier-2')).toContainText('$6,000 on select parts through December 31, 2024');
    await expect(page.getByTestId('bonus-total')).toHaveText('Up to $650 in credit in all.');
  });

  test('terms and conditions name US law and courts; the footer links to them', async ({ page }) => {
    await page.goto('/ui/home');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page).toHaveURL(/\/ui\/toc$/);
    for (const heading of ['Disclaimer', 'Terms of use', 'ID and password', 'Limitation of liability', 'Copyright', 'Governing laws'])
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(page.getByText('governed by the laws of the United States of America')).toBeVisible();
    await expect(page.getByText('courts of the United States')).toBeVisible();
    await expect(page.getByText(/^Last revised: /)).toBeVisible();
  });

  test('the apply path leads to the account request form', async ({ page }) => {
    await page.goto('/apply/');
    await expect(page).toHaveURL(/\/ui\/cust\/request$/);
  });

  test('a MESSAGE shows the top alert on the landing page', async ({ page }) => {
    await page.goto('/ui/home?MESSAGE=7');
    await expect(page.getByTestId('top-alert')).toContainText('Your password was changed successfully.');
    await page.getByTestId('top-alert').getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('top-alert')).toHaveCount(0);
  });
});

test.describe('phone layouts (PUB-04: 700 px for the landing and header, 768 px for credit-back)', () => {
  test('the header and the role slides switch to the phone layout at 700 px, not at 701 px', async ({ page }) => {
    await page.setViewportSize({ width: 701, height: 800 });
    await page.goto('/ui/home');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Open the menu' });
    await expect(nav).toBeVisible();
    await expect(menuButton).toBeHidden();
    await expect(page.getByRole('button', { name: 'Next role' })).toBeEnabled();
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(nav).toBeHidden();
    await expect(menuButton).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next role' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Previous role' })).toBeDisabled();
  });

  test('the credit-back steps stack in one column at 768 px, not at 769 px', async ({ page }) => {
    const columns = () =>
      page.getByTestId('credit-step-1').evaluate((el) => getComputedStyle(el.parentElement!).gridTemplateColumns.split(' ').length);
    await page.setViewportSize({ width: 769, height: 800 });
    await page.goto('/ui/FleetriteCreditBack');
    expect(await columns()).toBeGreaterThan(1);
    await page.setViewportSize({ width: 768, height: 800 });
    await expect.poll(columns).toBe(1);
  });

  test('no public page is wider than a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/ui/home', '/ui/FleetriteCreditBack', '/ui/bonus', '/ui/toc', '/ui/unsupported-browser']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });

  test('the home layout footer shows the configured support phone, e-mail and hours; the bonus footer does not', async ({ page }) => {
    await page.goto('/ui/home');
    const footer = page.getByRole('contentinfo');
    for (const text of ['1-800-555-0199', 'fleetcharge@example.com', '8:00 am - 5:00 pm CST']) await expect(footer).toContainText(text);
    await page.goto('/ui/bonus');
    await expect(page.getByRole('contentinfo')).not.toContainText('1-800-555-0199');
    await expect(page.getByRole('contentinfo')).toContainText('Fleetrite Fleet Charge');
  });
});

test.describe('logged-in redirect on landing pages', () => {
  for (const [username, type, welcome] of [
    ['customer', 'cust', '/ui/cust/welcome'],
    ['dealer', 'merc', '/ui/merc/welcome'],
    ['corp', 'corp', '/ui/corp/welcome'],
    ['intl', 'merc', '/intl/ui/merc/welcome'],
  ] as const) {
    test(`${username} opening the landing and bonus pages goes to ${welcome}`, async ({ page }) => {
      await signIn(page, username, type);
      await page.goto('/ui/home');
      await expect(page).toHaveURL(new RegExp(`${welcome.replaceAll('/', '\\/')}$`));
      await page.goto('/ui/bonus');
      await expect(page).toHaveURL(new RegExp(`${welcome.replaceAll('/', '\\/')}$`));
    });
  }
});

const AXE_PAGES = [
  '/ui/home',
  '/ui/FleetriteCreditBack',
  '/ui/bonus',
  '/ui/toc',
  '/ui/unsupported-browser',
  '/ui/error-404',
  '/ui/cust/login',
  '/ui/merc/login',
  '/ui/corp/login',
];

test.describe('accessibility of the public pages (axe-core)', () => {
  for (const language of ['en-us', 'es', 'fr']) {
    for (const width of [360, 1280]) {
      test(`no violation in ${language} at ${width} px`, async ({ page }) => {
        test.setTimeout(120_000);
        await page.addInitScript((lng) => localStorage.setItem('fc.language', lng), language);
        await page.setViewportSize({ width, height: 800 });
        for (const path of AXE_PAGES) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          // axe-core checks that the attribute is valid, not that it names the language the page is written in.
          await expect(page.locator('html'), path).toHaveAttribute('lang', language === 'en-us' ? 'en' : language);
          const results = await new AxeBuilder({ page }).analyze();
          expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        }
        // The open menu or drawer, and the finder showing a message.
        await page.goto('/ui/home');
        await page.locator('.pub-finder button[type="submit"]').click();
        await expect(page.getByTestId('finder-error')).toBeVisible();
        if (width === 360) {
          await page.getByRole('banner').locator('button[aria-haspopup="dialog"]').click();
          await expect(page.getByRole('dialog')).toBeVisible();
        } else {
          await page.getByRole('navigation').locator('button[aria-expanded]').click();
          await expect(page.getByRole('navigation').getByRole('link', { name: /Customers|Clientes|Clients/ })).toBeVisible();
        }
        const open = await new AxeBuilder({ page }).analyze();
        expect(open.violations.map((v) => `open menu: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }
});

test.describe('Content-Security-Policy', () => {
  test('the public pages and the forms that validate with zod raise no CSP violation (zod runs without eval)', async ({ page }) => {
    // zod probes `new Function` unless told not to (disableZodEval, set without loading zod on the landing page).
    await page.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    await page.goto('/ui/home');
    await page.getByRole('button', { name: 'Find my programme' }).click();
    await expect(page.getByTestId('finder-error')).toBeVisible();
    expect(await violations()).toEqual([]);
    // The login form loads its zod schema as soon as it shows; the password-reset page builds one too.
    for (const path of ['/ui/cust/login', '/ui/password/reset']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violations(), path).toEqual([]);
    }
  });
});

test.describe('unsupported browsers', () => {
  test('a browser lacking what the portal needs is sent to the unsupported-browser page, written without the portal’s code', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    // An old browser: no structuredClone (an API of the ES2022 generation the build targets).
    await page.addInitScript(() => {
      delete (window as { structuredClone?: unknown }).structuredClone;
    });
    await page.goto('/ui/cust/login');
    await expect(page).toHaveURL(/\/ui\/unsupported-browser$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your browser is not supported');
    await expect(page.getByText('Please use a current version of Chrome, Edge, Firefox or Safari to use the portal.')).toBeVisible();
    // The portal itself did not start (it would have asked for the app configuration), and the CSP allowed the check.
    await expect(page.locator('html')).toHaveAttribute('data-unsupported', 'true');
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  test('a current browser runs the portal as usual, and sees the page in React when it opens it', async ({ page }) => {
    await page.goto('/ui/unsupported-browser');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your browser is not supported');
    await expect(page.locator('html')).not.toHaveAttribute('data-unsupported', 'true');
    await page.goto('/ui/cust/login');
    await expect(page).toHaveURL(/\/ui\/cust\/login$/);
  });
});
