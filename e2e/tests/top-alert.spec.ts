import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/auth';

/**
 * Issue 17 items 1 and 2: the top alert (?MESSAGE=) is readable in every layout, at a phone's width and a
 * desktop's, in each language: nothing covers it (the fixed app bar of the default layout, the public skip
 * link), and the public alert is drawn in the public font rather than the browser's serif.
 */

const LANGUAGES = [
  {
    lang: 'en-us',
    code: 0,
    html: 'en',
    text: { '219': 'You have been logged out.', '209': 'You do not have the privileges this requires.' },
  },
  { lang: 'es', code: 1, html: 'es', text: null },
  { lang: 'fr', code: 2, html: 'fr', text: null },
] as const;
const WIDTHS = [360, 1280] as const;

/** Points across the alert's text: each must hit the alert itself or something inside it. */
async function expectNothingCovers(alert: Locator) {
  await expect(alert).toBeVisible();
  // The MUI alert opens with a short collapse animation: measure once it has its full height.
  await expect.poll(async () => (await alert.boundingBox())?.height ?? 0).toBeGreaterThan(30);
  const hits = await alert.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const y = r.top + r.height / 2;
    return [0.1, 0.25, 0.5, 0.75].map((f) => {
      const hit = document.elementFromPoint(r.left + r.width * f, y);
      return hit !== null && (hit === el || el.contains(hit));
    });
  });
  expect(hits).toEqual([true, true, true, true]);
  // Playwright's own check: a click at the alert's centre would land on it (nothing intercepts it).
  await alert.click({ trial: true });
}

/** A font the browser would not fall back to: the public font stack or the portal's theme font. */
async function expectDesignedFont(alert: Locator) {
  const family = await alert.evaluate((el) => getComputedStyle(el.querySelector('p') ?? el).fontFamily);
  expect(family).toMatch(/system-ui|Roboto|Helvetica|Arial|sans-serif/);
  expect(family).not.toMatch(/^"?Times/);
}

/** Shows the signed-in pages in `code` (0, 1, 2): the user's session language, as the server would send it. */
async function sessionLanguage(page: Page, code: number) {
  await page.route('**/fc-common-api/users/current', async (route) => {
    const response = await route.fetch();
    const doc = (await response.json()) as { data: { attributes: Record<string, unknown> } | { attributes: Record<string, unknown> }[] };
    for (const r of Array.isArray(doc.data) ? doc.data : [doc.data]) r.attributes.language = code;
    await route.fulfill({ response, json: doc });
  });
}

for (const { lang, code, html, text } of LANGUAGES) {
  for (const width of WIDTHS) {
    test.describe(`${lang} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('public layouts: landing page (219) and login page (6) show the whole alert, in the public font', async ({ page }) => {
        await page.addInitScript((l) => localStorage.setItem('fc.language', l), lang);
        await page.goto('/ui/home?MESSAGE=219');
        await expect(page.locator('html')).toHaveAttribute('lang', html);
        const alert = page.getByTestId('top-alert');
        if (text) await expect(alert).toHaveText(text['219']);
        await expectNothingCovers(alert);
        await expectDesignedFont(alert);

        await page.goto('/ui/cust/login?MESSAGE=6');
        await expectNothingCovers(page.getByTestId('top-alert'));
        await expectDesignedFont(page.getByTestId('top-alert'));
        // The skip link still appears when focused, and then does not hide the alert either.
        await page.goto('/ui/home?MESSAGE=213');
        const skip = page.getByRole('link', { name: /skip to|ir al contenido|aller au contenu/i });
        await skip.focus();
        await expect(skip).toBeInViewport();
        await expectNothingCovers(page.getByTestId('top-alert'));
      });

      for (const { layout, user, type, path } of [
        // The customer layout (decision 0101); the customer's other pages are in the default layout.
        { layout: 'customer', user: 'customer', type: 'cust', path: '/ui/cust/purchase-requirements' },
        { layout: 'default (customer)', user: 'customer', type: 'cust', path: '/ui/cust/welcome' },
        { layout: 'dealer', user: 'dealer', type: 'merc', path: '/ui/merc/welcome' },
        { layout: 'corporate', user: 'corp', type: 'corp', path: '/ui/corp/core-management' },
        { layout: 'alternate-portal', user: 'intl', type: 'merc', path: '/intl/ui/merc/welcome' },
      ] as const) {
        test(`${layout} layout: the alert is under the app bar, not behind it`, async ({ page }) => {
          await signIn(page, user, type);
          await sessionLanguage(page, code);
          await page.goto(`${path}?MESSAGE=209`);
          await expect(page.locator('html')).toHaveAttribute('lang', html);
          // The whole page is there (its layout loads on its own): the app bar and the page's heading.
          await expect(page.getByRole('banner')).toBeVisible();
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          const alert = page.getByTestId('top-alert');
          if (text) await expect(alert).toHaveText(text['209']);
          await expectNothingCovers(alert);
          await expectDesignedFont(alert);
        });
      }
    });
  }
}
