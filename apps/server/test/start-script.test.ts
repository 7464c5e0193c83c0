import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` in production runs the build and never builds (issue 21, decision 0500): in a tree without the
 * build it stops with a message naming `npm run build`, and without the web build it does not call Vite.
 * The start script is copied into a scratch tree (no node_modules, so no tsx, as after npm ci --omit=dev).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-start-'));
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));
fs.cpSync(path.join(root, 'scripts/start.mjs'), path.join(tree, 'scripts/start.mjs'));
fs.cpSync(path.join(root, 'scripts/lib/server-entry.mjs'), path.join(tree, 'scripts/lib/server-entry.mjs'));
fs.writeFileSync(path.join(tree, 'package.json'), '{ "type": "module" }\n');

const start = (env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(tree, 'scripts/start.mjs')], {
    cwd: tree,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm start in production', () => {
  it('refuses without the compiled server, naming npm run build', () => {
    const run = start();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/apps\/server\/dist\/main\.mjs is missing: run "npm run build"/);
  });

  it('refuses without the web build instead of building it', () => {
    fs.mkdirSync(path.join(tree, 'apps/server/dist'), { recursive: true });
    fs.writeFileSync(path.join(tree, 'apps/server/dist/main.mjs'), 'console.log("started")\n');
    const run = start();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/apps\/web\/dist\/index\.html is missing: run "npm run build"/);
    expect(run.stdout).not.toContain('Building the web app');
  });

  it('runs the compiled server when both builds are there, with settings from --env-file', () => {
    fs.mkdirSync(path.join(tree, 'apps/web/dist'), { recursive: true });
    fs.writeFileSync(path.join(tree, 'apps/web/dist/index.html'), '<!doctype html>\n');
    fs.writeFileSync(path.join(tree, 'apps/server/dist/main.mjs'), 'console.log("started with", process.env.BRAND_NAME)\n');
    fs.writeFileSync(path.join(tree, 'portal.env'), 'BRAND_NAME=From the file\n');
    const run = spawnSync(process.execPath, [path.join(tree, 'scripts/start.mjs'), '--env-file=portal.env'], {
      cwd: tree,
      env: { PATH: process.env.PATH, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('started with From the file');
    expect(run.status).toBe(0);
  });
});
