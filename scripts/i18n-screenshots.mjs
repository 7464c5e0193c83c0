// Screenshots of the portal in Spanish and French (issue 20), written to docs/screenshots/:
//
//   npm run build && npm run mail:preview && npm run screenshots
//
// - three representative pages, a table (corporate customer maintenance), a form (create a customer) and the
//   customer's loyalty page, in es and fr, at 1280 and 360 px wide: <page>.<lng>.<width>.png;
// - each e-mail template's preview (the HTML files of `npm run mail:preview`, MAIL_PREVIEW_DIR, default
//   tmp/mail-preview/), 800 px wide, whole message: mail/<template>.<lng>.png. Without that folder the
//   e-mails are skipped with a message saying so.
//
// Without PORTAL_URL the script starts its own portal on a fresh embedded database (demo data seeded) in a
// temporary directory, on PORT (default 3291), and stops it when done. With PORTAL_URL it uses that portal,
// which must hold the demo data. It signs in as the users of the language walk (walkcorpes, walkcustfr, ...:
// apps/server/src/seed/auth.ts), whose saved language is the one shown. Chromium: CHROMIUM_PATH.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { demoPortal } from './lib/demo-portal.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs/screenshots');
const mailDir = path.resolve(root, process.env.MAIL_PREVIEW_DIR ?? 'tmp/mail-preview');
const PASSWORD = 'Demo2026';
const LANGUAGES = ['es', 'fr'];
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

/** Who is signed in (the walk user of that kind, in the language) and which page. */
const PAGES = [
  { name: 'customer-maintenance', kind: 'corp', type: 'corp', url: '/ui/corp/customers' },
  { name: 'customer-create', kind: 'corp', type: 'corp', url: '/ui/framework/customer/create' },
  { name: 'cust-loyalty', kind: 'cust', type: 'cust', url: '/ui/cust/loyalty' },
];

/** Caret and animations would make each run's picture differ. */
const STILL = '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}';

function written(file) {
  console.log(`${path.relative(root, file)}  ${fs.statSync(file).size} bytes`);
}

async function pages(browser, base) {
  for (const lng of LANGUAGES) {
    const sessions = new Map();
    for (const shot of PAGES) {
      const user = `walk${shot.kind}${lng}`;
      if (!sessions.has(user)) {
        // Signed in through the English login page; the user's saved language then shows.
        const context = await browser.newContext({ baseURL: base, viewport: WIDTHS[0], locale: 'en-US' });
        const page = await context.newPage();
        await page.goto(`/ui/${shot.type}/login`);
        await page.getByLabel(/username/i).fill(user);
        await page.getByLabel(/password/i).fill(PASSWORD);
        await page.getByRole('button', { name: /log in/i }).click();
        await page.waitForURL(/\/welcome$/);
        await page.close();
        sessions.set(user, context);
      }
      const context = sessions.get(user);
      for (const size of WIDTHS) {
        const page = await context.newPage();
        await page.setViewportSize(size);
        await page.goto(shot.url);
        await page.locator('h1').first().waitFor();
        await page.locator(`html[lang="${lng}"]`).waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        await page.addStyleTag({ content: STILL });
        const file = path.join(outDir, `${shot.name}.${lng}.${size.width}.png`);
        await page.screenshot({ path: file });
        written(file);
        await page.close();
      }
    }
    for (const context of sessions.values()) await context.close();
  }
}

async function mails(browser) {
  const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.html') && f !== 'index.html') : [];
  if (files.length === 0) {
    console.log(
      `e-mails skipped: no preview in ${path.relative(root, mailDir) || mailDir}/ (run \`npm run mail:preview\` first, or set MAIL_PREVIEW_DIR)`,
    );
    return;
  }
  fs.mkdirSync(path.join(outDir, 'mail'), { recursive: true });
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await context.newPage();
  for (const file of files.sort()) {
    await page.goto(pathToFileURL(path.join(mailDir, file)).href);
    await page.addStyleTag({ content: STILL });
    const out = path.join(outDir, 'mail', file.replace(/\.html$/, '.png'));
    await page.screenshot({ path: out, fullPage: true });
    written(out);
  }
  await context.close();
}

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    fs.mkdirSync(outDir, { recursive: true });
    await mails(browser);
    if (process.env.ONLY_MAIL) return;
    const portal = await demoPortal({ defaultPort: 3291, tmpPrefix: 'fc-screenshots-' });
    try {
      await pages(browser, portal.base);
    } finally {
      portal.stop();
    }
  } finally {
    await browser.close();
  }
}

await main();
