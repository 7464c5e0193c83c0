import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * NODE_ENV=production on the embedded database (no DATABASE_URL) starts, but says loudly that it should not
 * (issue 21): the warning is in the log, before the database is even opened.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string | undefined;
afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('production on the embedded database', () => {
  it('logs a warning naming DATABASE_URL at start', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-prod-warning-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], { cwd: serverDir, env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // The warning comes before the database is opened: no need to wait for the (slow) embedded start.
      const until = Date.now() + 150_000;
      while (!/EMBEDDED database[^\n]*\n/.test(out) && child.exitCode === null && Date.now() < until)
        await new Promise((r) => setTimeout(r, 200));
      const warning = out.split('\n').find((l) => l.includes('EMBEDDED database'));
      expect(warning, out).toBeDefined();
      const line = JSON.parse(warning!) as { level: number; msg: string };
      expect(line.level).toBe(40);
      expect(line.msg).toMatch(/NODE_ENV=production.*Set DATABASE_URL/);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
