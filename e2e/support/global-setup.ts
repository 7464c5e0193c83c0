import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from './smtp-sink';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MAIL_DIR = path.join(here, '..', '.tmp', 'mail');

export default async function globalSetup() {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  const stop = await startSmtpSink(Number(process.env.E2E_SMTP_PORT ?? 2526), MAIL_DIR);
  return async () => {
    await stop();
  };
}
