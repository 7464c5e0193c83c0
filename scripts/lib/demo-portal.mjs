// The portal a screenshot script photographs (the manuals' and the translations' pictures): PORTAL_URL when
// set (it must hold the demo data), else a portal of its own on a fresh embedded database seeded with the demo
// data, in a temporary directory, on PORT (or the script's default port), stopped when the script is done.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './server-entry.mjs';

async function waitReady(base, server) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the portal stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} did not become ready`);
}

async function startPortal(defaultPort, tmpPrefix) {
  const port = Number(process.env.PORT ?? defaultPort);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      MFA_POLICY: 'optional', // the demo users sign in with their passwords alone, as in the demo
      LOG_LEVEL: 'warn',
    },
  });
  const base = `http://localhost:${port}`;
  try {
    await waitReady(base, server);
  } catch (err) {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    base,
    stop: () => {
      server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The portal to photograph: `{ base, stop }`. `defaultPort` and `tmpPrefix` (the temporary directory's name)
 * keep two scripts' own portals apart.
 * @param {{ defaultPort: number, tmpPrefix: string }} options
 */
export async function demoPortal({ defaultPort, tmpPrefix }) {
  if (process.env.PORTAL_URL) return { base: process.env.PORTAL_URL.replace(/\/$/, ''), stop: () => {} };
  return startPortal(defaultPort, tmpPrefix);
}
