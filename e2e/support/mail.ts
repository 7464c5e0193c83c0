import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { MAIL_DIR } from './global-setup';

/** Waits for a message to `to` that arrived after `since` and returns its raw text. */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        if (!fs.existsSync(MAIL_DIR)) return false;
        for (const f of fs.readdirSync(MAIL_DIR).sort()) {
          const file = path.join(MAIL_DIR, f);
          if (fs.statSync(file).mtimeMs < since) continue;
          const text = fs.readFileSync(file, 'utf8');
          if (text.toLowerCase().includes(to.toLowerCase())) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: timeoutMs },
    )
    .toBe(true);
  return found;
}
