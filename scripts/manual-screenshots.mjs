// The screenshots of the dealer and customer manuals (apps/web/public/manual-images/*.png), taken from a
// running portal with the demo data, in English, 800 x 500 CSS pixels:
//
//   npm run build && npm run manuals:screenshots
//
// Without PORTAL_URL the script starts its own portal on a fresh embedded database (demo data seeded) in a
// temporary directory, on PORT (default 3290), and stops it when done. With PORTAL_URL it uses that portal,
// which must hold the demo users (README "Demo sign-ins"). Chromium: CHROMIUM_PATH, default /usr/bin/chromium.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { demoPortal } from './lib/demo-portal.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/manual-images');
const PASSWORD = 'Demo2026';

/** What each screenshot shows: who is signed in (or nobody) and which page. */
const SHOTS = [
  { name: 'merc-login', user: null, url: '/ui/merc/login' },
  { name: 'cust-login', user: null, url: '/ui/cust/login' },
  { name: 'cust-request', user: null, url: '/ui/cust/request' },
  { name: 'merc-welcome', user: ['dealer', 'merc'], url: '/ui/merc/welcome' },
  { name: 'price-report', user: ['dealer', 'merc'], url: '/ui/price-report' },
  { name: 'file-status', user: ['dealer', 'merc'], url: '/ui/file-status' },
  { name: 'tax-configuration', user: ['dealer', 'merc'], url: '/ui/merc/tax-configuration' },
  { name: 'cust-welcome', user: ['customer', 'cust'], url: '/ui/cust/welcome' },
  { name: 'purchase-requirements', user: ['customer', 'cust'], url: '/ui/cust/purchase-requirements' },
  { name: 'cust-loyalty', user: ['customer', 'cust'], url: '/ui/cust/loyalty' },
];

async function main() {
  const portal = await demoPortal({ defaultPort: 3290, tmpPrefix: 'fc-manuals-' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    fs.mkdirSync(outDir, { recursive: true });
    const contexts = new Map();
    for (const shot of SHOTS) {
      const key = shot.user?.[0] ?? '';
      if (!contexts.has(key)) {
        const context = await browser.newContext({ baseURL: portal.base, viewport: { width: 800, height: 500 }, locale: 'en-US' });
        await context.addInitScript(() => localStorage.setItem('fc.language', 'en-us'));
        if (shot.user) {
          const page = await context.newPage();
          await page.goto(`/ui/${shot.user[1]}/login`);
          await page.getByLabel(/username/i).fill(shot.user[0]);
          await page.getByLabel(/password/i).fill(PASSWORD);
          await page.getByRole('button', { name: /log in/i }).click();
          await page.waitForURL(/\/welcome$/);
          await page.close();
        }
        contexts.set(key, context);
      }
      const page = await contexts.get(key).newPage();
      await page.goto(shot.url);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      // Caret and animations would make each run's picture differ.
      await page.addStyleTag({
        content: '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}',
      });
      await page.screenshot({ path: path.join(outDir, `${shot.name}.png`) });
      await page.close();
      console.log(`${shot.name}.png  ${fs.statSync(path.join(outDir, `${shot.name}.png`)).size} bytes`);
    }
  } finally {
    await browser.close();
    portal.stop();
  }
}

await main();
