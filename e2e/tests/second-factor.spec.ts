import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD } from '../support/auth';

/*
 * The second factor of issue 19 in a browser: a user enrols from the profile page by reading the secret's
 * text (as an authenticator app would after scanning the QR code), then signs in with the password and a
 * code, with a recovery code, sees a used recovery code refused, confirms a sensitive change in the step-up
 * dialog, and turns the second factor off again. All of it at 360 px wide. mfademo is a demo user of its own:
 * the specs that run beside this one never meet its code step.
 */
const USER = 'mfademo';
const PERIOD_MS = 30_000;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

async function expectNoAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    where,
  ).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

/**
 * The authenticator app: codes of strictly increasing time steps, since the server refuses a code of a step
 * it already accepted (a replay). A code of the next step is accepted (the server allows one step either
 * way); one beyond that waits until the clock gets there.
 */
class Authenticator {
  private lastStep = 0;
  constructor(private readonly totp: TOTP) {}
  async code(page: Page): Promise<string> {
    const step = Math.max(Math.floor(Date.now() / PERIOD_MS), this.lastStep + 1);
    const wait = (step - 1) * PERIOD_MS - Date.now();
    // The clock, not the page: nothing else tells when the next time step starts.
    if (wait > 0) await page.waitForTimeout(wait + 100);
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * PERIOD_MS });
  }
}

async function passwordStep(page: Page) {
  await page.goto('/ui/corp/login');
  await page.getByLabel(/username/i).fill(USER);
  await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/ui\/login\/second-factor$/);
  await expect(page.getByText(`Signing in as ${USER}.`)).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: USER, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/ui\/home\?MESSAGE=219$/);
}

const codeField = (page: Page) => page.getByRole('textbox', { name: 'Code from your authenticator app' });
const recoveryField = (page: Page) => page.getByRole('textbox', { name: 'Recovery code' });

test('enrol from the profile page, sign in with a code and with a recovery code, confirm a change, turn it off', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });

  // Password only, as before: the second factor is optional for this user.
  await page.goto('/ui/corp/login');
  await page.getByLabel(/username/i).fill(USER);
  await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/ui\/corp\/welcome$/);

  // Enrolment: the QR code and the secret in text, confirmed by a first code.
  await page.goto('/ui/profile');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByTestId('second-factor-status')).toHaveText(/^Off/);
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await section.getByRole('button', { name: 'Start' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const grouped = await section.getByRole('textbox', { name: 'Secret key' }).inputValue();
  expect(grouped).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await expectNoAxeViolations(page, 'enrolment');
  await expectNoHorizontalScroll(page, 'enrolment');
  const app = new Authenticator(
    new TOTP({ secret: Secret.fromBase32(grouped.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }),
  );

  await codeField(page).fill('123');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('Enter the 6 digits your authenticator app shows')).toBeVisible();
  await codeField(page).fill(await app.code(page));
  await section.getByRole('button', { name: 'Turn on' }).click();

  // The ten recovery codes, shown once: downloaded as a text file, then put away.
  const shown = section.getByTestId('recovery-code');
  await expect(shown).toHaveCount(10);
  const codes = await shown.allTextContents();
  for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download (.txt)' }).click();
  expect((await download).suggestedFilename()).toBe(`recovery-codes-${USER}.txt`);
  await expectNoAxeViolations(page, 'recovery codes');
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByTestId('second-factor-status')).toHaveText(/^On since/);
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  await signOut(page);

  // Password, then a code from the app, typed by keyboard alone (the field has the focus) and sent with Enter.
  await passwordStep(page);
  await expectNoAxeViolations(page, 'code step');
  await expectNoHorizontalScroll(page, 'code step');
  await expect(codeField(page)).toBeFocused();
  await page.keyboard.type(await app.code(page));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ui\/corp\/welcome$/);
  await signOut(page);

  // A wrong code is refused on the page; a recovery code signs in.
  await passwordStep(page);
  await codeField(page).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/ui\/login\/second-factor\?MESSAGE=mfa-invalid$/);
  await expect(page.getByTestId('top-alert')).toContainText('The code is wrong or was already used.');
  await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('switch', { name: 'Use a recovery code' }).check();
  await recoveryField(page).fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/ui\/corp\/welcome$/);
  await signOut(page);

  // The same recovery code a second time: refused; another one works.
  await passwordStep(page);
  await page.getByRole('switch', { name: 'Use a recovery code' }).check();
  await recoveryField(page).fill(codes[0]!.toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/MESSAGE=mfa-invalid$/);
  await page.getByRole('switch', { name: 'Use a recovery code' }).check();
  await recoveryField(page).fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/ui\/corp\/welcome$/);

  // Step-up: the session's last check is fresh after a sign-in, so the server's 403 step-up-required is played
  // once here for new recovery codes (a sensitive change); the check itself and the repeated call are real.
  let askedAgain = false;
  await page.route('**/fc-common-api/users/second-factor/recovery-codes', async (route) => {
    if (askedAgain) return route.continue();
    askedAgain = true;
    return route.fulfill({
      status: 403,
      contentType: 'application/vnd.api+json',
      body: JSON.stringify({ errors: [{ status: '403', code: 'step-up-required', title: 'Forbidden' }] }),
    });
  });
  await page.goto('/ui/profile');
  await section.getByRole('button', { name: 'New recovery codes' }).click();
  const renew = page.getByRole('dialog', { name: 'New recovery codes' });
  await renew.getByRole('switch', { name: 'Use a recovery code' }).check();
  await renew.getByRole('textbox', { name: 'Recovery code' }).fill(codes[2]!);
  await renew.getByRole('button', { name: 'Create new codes' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await expectNoAxeViolations(page, 'step-up dialog');
  await stepUp.getByRole('textbox', { name: 'Code from your authenticator app' }).fill('111111');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp.getByText('The code is wrong or was already used')).toBeVisible();
  const verified = page.waitForResponse((r) => r.url().endsWith('/fc-common-api/session/verify') && r.ok());
  await stepUp.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(await app.code(page));
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await verified;
  await expect(shown).toHaveCount(10);
  const fresh = await shown.allTextContents();
  expect(fresh).not.toContain(codes[3]);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await page.unroute('**/fc-common-api/users/second-factor/recovery-codes');

  await signOut(page);

  // The code step in French (picked on the login page, kept for the session that starts), then off again with
  // the password and one of the new recovery codes (the old ones stopped working).
  await page.goto('/ui/corp/login');
  await page.getByLabel('Language').selectOption('fr');
  await page.getByLabel('Nom d’utilisateur').fill(USER);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/ui\/login\/second-factor$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion en deux étapes');
  await expect(page.getByText(`Connexion en tant que ${USER}.`)).toBeVisible();
  await expectNoAxeViolations(page, 'code step in French');
  await page.getByRole('switch', { name: 'Utiliser un code de secours' }).check();
  await page.getByRole('textbox', { name: 'Code de secours' }).fill(fresh[1]!);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/ui\/corp\/welcome$/);

  await page.goto('/ui/profile');
  const sectionFr = page.getByRole('region', { name: 'Connexion en deux étapes' });
  await sectionFr.getByRole('button', { name: 'Désactiver' }).click();
  const off = page.getByRole('dialog', { name: 'Désactiver la connexion en deux étapes' });
  await off.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await off.getByRole('switch', { name: 'Utiliser un code de secours' }).check();
  await off.getByRole('textbox', { name: 'Code de secours' }).fill(codes[3]!);
  await off.getByRole('button', { name: 'Désactiver' }).click();
  await expect(off.getByText('Le code est faux ou a déjà servi')).toBeVisible();
  await off.getByRole('textbox', { name: 'Code de secours' }).fill(fresh[2]!);
  await off.getByRole('button', { name: 'Désactiver' }).click();
  await expect(sectionFr.getByTestId('second-factor-status')).toHaveText(/^Désactivée/);
  await page.getByRole('button', { name: USER, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/ui\/home\?MESSAGE=219$/);

  // Password alone again.
  await page.goto('/ui/corp/login');
  await page.getByLabel('Nom d’utilisateur').fill(USER);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/ui\/corp\/welcome$/);
});

test('the code step without a sign-in waiting for it: only the way back to a login page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/ui/login/second-factor');
  await expect(page.getByTestId('second-factor-expired')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in again' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectNoAxeViolations(page, 'expired');
  await expectNoHorizontalScroll(page, 'expired');
  await page.getByRole('link', { name: 'Log in again' }).click();
  await expect(page).toHaveURL(/\/ui\/cust\/login$/);
});
