import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS } from '../scripts/lib/chromium-flags.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
const dataDir = path.join(here, '.tmp', `data-${process.pid}`);

/**
 * The browser flows run against the real server on a fresh embedded database (or DATABASE_URL when set),
 * with e-mail going to an SMTP server the suite starts (support/smtp-sink.ts).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './.tmp/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node --import tsx ${path.join(here, '..', 'apps/server/src/main.ts')}`,
    url: `http://localhost:${E2E_PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // The second factor optional unless the run sets it (decision 0700).
      MFA_POLICY: process.env.MFA_POLICY ?? 'optional',
      // Single-sign-on and alternate-portal users go to this external login on a 401 or 403 (sign-in.spec.ts
      // stands in for its page with page.route).
      EXTERNAL_LOGIN_URL: 'https://sso.example.com/{directory}/login?type={type}',
      // The suite plays many users from one address; the per-address budget is tested by the API tests.
      RATE_LIMIT_MAX: '100000',
      // Likewise the account-request form's throttle (one e-mail address for every request of customers.spec.ts).
      ACCOUNT_REQUESTS_PER_ADDRESS: '10000',
      ACCOUNT_REQUESTS_PER_EMAIL: '10000',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      // A private build of the web app (several people testing at once), else apps/web/dist.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
