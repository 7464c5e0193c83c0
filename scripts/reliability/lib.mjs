// What the reliability scripts share: free ports, the real server process (node --import tsx
// apps/server/src/main.ts), scratch PostgreSQL databases, sign-in and uploads over HTTP, and figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as prettier from 'prettier';
import { signInThroughForm } from '../lib/form-sign-in.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const DEMO_PASSWORD = 'Demo2026';
/** The login form's token (double submit: the server compares the form field with its cookie). */

/**
 * Ports nobody listens on, from the kernel's ephemeral range (fixed-port servers on this machine never use
 * it), all held open together so that none is handed out twice.
 */
export async function freePorts(n) {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise((resolve, reject) => {
          const server = net.createServer();
          server.on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function urlWithDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(text, url = ADMIN_URL) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A scratch database on the PostgreSQL server of ADMIN_URL; drop() removes it even with connections open. */
export async function scratchDatabase(prefix) {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(`create database "${name}"`);
  return {
    name,
    url: urlWithDatabase(ADMIN_URL, name),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * The portal as an operator runs it: its own process, listening on 127.0.0.1:port. `env` adds to the
 * defaults (jobs on, demo data seeded into an empty database, warnings only); a key set to undefined is
 * removed from the environment.
 */
export function startPortal({ port, env = {}, name = 'portal' }) {
  const childEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    JOBS_ENABLED: 'true',
    RATE_LIMIT_MAX: '10000000',
    // Counted in memory, as before issue 21 (the database store adds an upsert per request; the shared
    // budget itself is tested by apps/server/test/multi-process/shared-rate-limit.test.ts).
    RATE_LIMIT_STORE: 'memory',
    // The demo users sign in with their passwords alone, as in the demo (the code step has its own tests).
    MFA_POLICY: 'optional',
    ...env,
  };
  // A key given as undefined is removed (DATABASE_URL: undefined runs the portal on PGlite).
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (b) => {
    output.push(b.toString());
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { name, port, child, output, exited, base: `http://127.0.0.1:${port}`, origin: `http://localhost:${port}` };
}

/** Resolves when /healthz answers 200; rejects if the process exits first or the time runs out. */
export async function waitReady(p, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  const started = Date.now();
  let exitedWith;
  p.exited.then((e) => (exitedWith = e));
  while (Date.now() < until) {
    if (exitedWith) throw new Error(`${p.name} exited (${JSON.stringify(exitedWith)}):\n${p.output.join('')}`);
    try {
      const res = await fetch(`${p.base}/healthz`);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${p.name} did not answer /healthz in ${timeoutMs} ms:\n${p.output.join('')}`);
}

export async function kill(p, signal = 'SIGKILL') {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  return p.exited;
}

/** Signs in through the login form; answers the `name=value` of the session cookie. */
export function signIn(p, username, type, password = DEMO_PASSWORD) {
  return signInThroughForm(`${p.base}/framework/login/${type}`, { origin: p.origin, username, password });
}

/** Posts a CSV file as the web app does; answers the response (or throws when the connection dies). */
export function upload(p, cookie, url, content, fileName, fields = {}, signal) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([content], { type: 'text/csv' }), fileName);
  return fetch(`${p.base}${url}`, {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', origin: p.origin },
    body: form,
    signal,
  });
}

/** Prints one section's figures and writes them where `npm run test:reliability` gathers them. */
export function recordFigures(section, figures) {
  console.log(`figures ${section}: ${JSON.stringify(figures)}`);
  const dir = process.env.RELIABILITY_FIGURES_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${section}.json`), JSON.stringify({ section, ...figures }, null, 2));
}

/** A failed expectation of a script: collected, printed, and the exit code set. */
export function checker() {
  const failures = [];
  return {
    failures,
    expect(ok, message) {
      if (!ok) failures.push(message);
    },
    finish(name) {
      if (failures.length) {
        console.error(`${name}: ${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
        process.exitCode = 1;
      } else {
        console.log(`${name}: every check passed`);
      }
    },
  };
}

/** In a load summary ({ statuses, errors, timeouts }): answers other than the expected ones, connection errors and time-outs. */
export function unexpectedAnswers(summary, expected) {
  const other = Object.entries(summary.statuses)
    .filter(([code]) => !expected.includes(Number(code)))
    .reduce((n, [, count]) => n + count, 0);
  return other + summary.errors + summary.timeouts;
}

/** Writes a file of the repository as `npm run lint` wants it (prettier with the project's settings). */
export async function writeFormatted(file, text) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}
