// The production path, tried as an operator would (issue 21; .ci/run calls it):
//   1. a fresh clone of this repository's HEAD, `npm ci` and `npm run build` in it (the build tree);
//   2. a second fresh clone, `npm ci --omit=dev` in it, plus the build's output (apps/server/dist,
//      apps/web/dist) copied in (the production tree);
//   3. in the production tree, against a database of its own on the PostgreSQL server: `npm run db:migrate`,
//      `npm run seed` (the demo users), `npm start` (its script, node scripts/start.mjs) with NODE_ENV=production;
//   4. sign in as the demo dealer, upload a price file, wait for its result, download it;
//   5. stop with SIGTERM, which must end the portal cleanly (exit code 0).
// It fails when a development dependency is installed in the production tree, or when any process of the
// production run (the start script, the server, its worker thread, the commands) loads a development
// dependency or a TypeScript file: every process runs with a --import hook that writes the modules it loads.
// It prints figures: installed sizes, start-up time, memory at idle.
//
//   node scripts/prod-smoke.mjs [--keep] [--build-in-place]
// DATABASE_URL: the server to use (default the local one). --build-in-place builds in this checkout instead
// of a clone of its own (.ci/run: the checkout is itself a fresh clone, already installed by `npm ci`),
// which saves a full install; without it, commit first: the clones are of HEAD.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { signInThroughForm } from './lib/form-sign-in.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const buildInPlace = process.argv.includes('--build-in-place');
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = Number(process.env.PROD_SMOKE_PORT ?? 3290 + (process.pid % 9));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-prod-smoke-'));
const buildTree = buildInPlace ? root : path.join(work, 'build');
const prodTree = path.join(work, 'prod');
const loadedDir = path.join(work, 'loaded');
const dbName = `fc_prod_smoke_${process.pid}`;
const started = Date.now();
const figures = {};

const log = (line) => console.log(`[prod-smoke ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
function fail(message) {
  throw new Error(message);
}

/** Runs a command to its end, its output shown; throws on a non-zero exit. */
function sh(cmd, args, opts = {}) {
  log(`$ ${[cmd, ...args].join(' ')}${opts.cwd ? `   (in ${path.relative(work, opts.cwd) || '.'})` : ''}`);
  execFileSync(cmd, args, { stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
}

const du = (dir) => Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) * 1024;
const mib = (bytes) => Math.round(bytes / 1024 / 1024);

async function admin(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The hook every production process runs with: writes each module it loads (ESM and CommonJS) to loadedDir. */
function writeLoadHook() {
  fs.mkdirSync(loadedDir, { recursive: true });
  const hooks = path.join(work, 'loaded-hooks.mjs');
  const hook = path.join(work, 'loaded-hook.mjs');
  fs.writeFileSync(
    hooks,
    `import fs from 'node:fs';
const file = ${JSON.stringify(loadedDir)} + '/esm-' + process.pid + '-' + Math.random().toString(36).slice(2) + '.txt';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  fs.appendFileSync(file, r.url + '\\n');
  return r;
}
`,
  );
  fs.writeFileSync(
    hook,
    `import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import { isMainThread, threadId } from 'node:worker_threads';
if (isMainThread) register(${JSON.stringify(new URL(`file://${hooks}`).href)});
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  fs.writeFileSync(${JSON.stringify(loadedDir)} + '/cjs-' + process.pid + '-' + threadId + '.txt', Object.keys(cache).join('\\n') + '\\n');
});
`,
  );
  return hook;
}

/**
 * The packages the lockfile marks as development dependencies, by their node_modules path: `dev` ones are
 * never installed by --omit=dev; `devOptional` ones (optional peers of a production package, such as
 * drizzle-orm's @types/pg) may be installed but must not be loaded.
 */
function devPackages(tree) {
  const lock = JSON.parse(fs.readFileSync(path.join(tree, 'package-lock.json'), 'utf8'));
  const entries = Object.entries(lock.packages).filter(([key]) => key.includes('node_modules/'));
  return {
    dev: new Set(entries.filter(([, p]) => p.dev).map(([key]) => key)),
    loadable: new Set(entries.filter(([, p]) => p.dev || p.devOptional).map(([key]) => key)),
  };
}

/** The node_modules path of the package a file belongs to (node_modules/a/node_modules/@b/c), or undefined. */
function packageKey(relative) {
  const parts = relative.split('/');
  let key;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] !== 'node_modules') continue;
    const scoped = parts[i + 1]?.startsWith('@');
    const end = i + (scoped ? 3 : 2);
    key = parts.slice(0, end).join('/');
    i = end - 1;
  }
  return key;
}

function waitExit(child) {
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
}

async function waitReady(child, output) {
  let exited;
  waitExit(child).then((e) => (exited = e));
  const t0 = Date.now();
  while (Date.now() - t0 < 180_000) {
    if (exited) fail(`the portal exited before it was ready (${JSON.stringify(exited)}):\n${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return Date.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  fail(`the portal was not ready in 180 s:\n${output.join('')}`);
}

/** The resident memory of the process running dist/main.mjs in the production tree, in bytes. */
function serverRss() {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmdline;
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmdline.includes(path.join(prodTree, 'apps/server/dist/main.mjs'))) {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      return rss ? Number(rss[1]) * 1024 : undefined;
    }
  }
  return undefined;
}

async function main() {
  log(`working in ${work}`);
  const npmEnv = { npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

  // 1. The build tree.
  let t = Date.now();
  if (!buildInPlace) {
    sh('git', ['clone', '--quiet', '--no-hardlinks', root, buildTree]);
    sh('npm', ['ci', '--prefer-offline', '--loglevel=error'], { cwd: buildTree, env: npmEnv });
    figures.fullInstallSeconds = Math.round((Date.now() - t) / 1000);
  }
  figures.fullNodeModulesMiB = mib(du(path.join(buildTree, 'node_modules')));
  t = Date.now();
  sh('npm', ['run', 'build'], { cwd: buildTree });
  figures.buildSeconds = Math.round((Date.now() - t) / 1000);

  // 2. The production tree: its own clone, production dependencies only, the build's output.
  sh('git', ['clone', '--quiet', '--no-hardlinks', root, prodTree]);
  t = Date.now();
  sh('npm', ['ci', '--omit=dev', '--prefer-offline', '--loglevel=error'], { cwd: prodTree, env: { ...npmEnv, NODE_ENV: 'production' } });
  figures.productionInstallSeconds = Math.round((Date.now() - t) / 1000);
  figures.productionNodeModulesMiB = mib(du(path.join(prodTree, 'node_modules')));
  for (const out of ['apps/server/dist', 'apps/web/dist']) {
    fs.cpSync(path.join(buildTree, out), path.join(prodTree, out), { recursive: true });
  }
  const dev = devPackages(prodTree);
  const installedDev = [...dev.dev].filter((key) => fs.existsSync(path.join(prodTree, key)));
  if (installedDev.length) fail(`development dependencies are installed in the production tree: ${installedDev.slice(0, 20).join(', ')}`);
  for (const tool of ['typescript', 'tsx', 'esbuild', 'vite', 'vitest', '@playwright/test', 'drizzle-kit']) {
    if (fs.existsSync(path.join(prodTree, 'node_modules', tool))) fail(`${tool} is installed in the production tree`);
  }
  log(`production tree: no development dependency installed (${dev.dev.size} in the lockfile)`);

  // 3. Migrate, seed and start against a database of its own.
  await admin(`drop database if exists "${dbName}" with (force)`);
  await admin(`create database "${dbName}"`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const hook = writeLoadHook();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    NODE_OPTIONS: `--import ${hook}`,
    DATABASE_URL: u.toString(),
    DATA_DIR: path.join(work, 'data'),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    // Every price file goes through the worker thread, so that its entry is checked too.
    PRICE_WORKER_MIN_ROWS: '0',
  };
  for (const k of ['WEB_DIST', 'SEED_DEMO', 'npm_config_prefix']) delete env[k];
  sh('npm', ['run', '--silent', 'db:migrate'], { cwd: prodTree, env });
  sh('npm', ['run', '--silent', 'seed'], { cwd: prodTree, env });

  // What `npm start` runs, without npm between: npm answers a SIGTERM by ending itself with that signal,
  // which would hide the portal's own exit code (a systemd unit runs node directly too).
  log('$ node scripts/start.mjs   (npm start, NODE_ENV=production)');
  const output = [];
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: prodTree, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (b) => output.push(b.toString()));
  child.stderr.on('data', (b) => output.push(b.toString()));
  const exited = waitExit(child);
  try {
    figures.startToReadyMs = await waitReady(child, output);
    log(`ready in ${figures.startToReadyMs} ms`);

    // The web app is served from the build.
    const page = await fetch(`http://127.0.0.1:${port}/ui/merc/login`);
    if (!page.ok || !(await page.text()).includes('<div id="root"')) fail(`the web app is not served: ${page.status}`);

    // 4. Sign in, upload a price file, download its result.
    const origin = `http://localhost:${port}`;
    const cookie = await signInThroughForm(`http://127.0.0.1:${port}/framework/login/merc`, { origin, username: 'dealer' });
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows: parts } = await client
      .query('select part_no, program_price from parts where program_price is not null order by part_no limit 3')
      .finally(() => client.end());
    if (parts.length === 0) fail('the seeded catalogue has no priced part');
    const csv = ['part_no,price', ...parts.map((p) => `${p.part_no},${(Number(p.program_price) - 1).toFixed(2)}`)].join('\n') + '\n';
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'prod-smoke.csv');
    const headers = { cookie, 'x-requested-with': 'XMLHttpRequest', origin };
    const accepted = await fetch(`http://127.0.0.1:${port}/fc-common-api/mpp/price`, { method: 'POST', headers, body: form });
    if (accepted.status !== 202) fail(`the upload answered ${accepted.status}: ${await accepted.text()}`);
    const { job_id: jobId, sequence } = (await accepted.json()).data[0].attributes;
    log(`uploaded price file ${sequence} (job ${jobId})`);
    let status;
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const res = await fetch(`http://127.0.0.1:${port}/fc-common-api/mpp/status?job_id=${encodeURIComponent(jobId)}`, { headers });
      status = (await res.json()).data?.[0]?.attributes;
      if (status && status.status !== 26) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    if (status?.status !== 19) fail(`the price file was not processed: ${JSON.stringify(status)}\n${output.join('')}`);
    const download = await fetch(`http://127.0.0.1:${port}/fc-common-api/mpp/download?data_seq=${sequence}`, { headers });
    const result = await download.text();
    if (!download.ok || !result.includes(parts[0].part_no))
      fail(`the result download answered ${download.status}: ${result.slice(0, 300)}`);
    log(`downloaded the result (${result.split('\n').filter(Boolean).length} lines)`);

    await new Promise((r) => setTimeout(r, 3000));
    const rss = serverRss();
    if (rss) figures.idleRssMiB = mib(rss);
  } finally {
    // 5. SIGTERM, as systemd stops the service.
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  const end = await Promise.race([exited, new Promise((r) => setTimeout(() => r({ timeout: true }), 30_000))]);
  if (end.timeout) fail('the portal did not stop within 30 s of SIGTERM');
  if (end.code !== 0) fail(`the portal ended with ${JSON.stringify(end)} after SIGTERM:\n${output.join('')}`);
  log('stopped cleanly on SIGTERM (exit code 0)');

  // What the production processes loaded.
  const loaded = new Set();
  for (const f of fs.readdirSync(loadedDir)) {
    for (const line of fs.readFileSync(path.join(loadedDir, f), 'utf8').split('\n')) {
      if (!line) continue;
      if (line.startsWith('node:')) continue;
      loaded.add(line.startsWith('file:') ? fileURLToPath(line) : line);
    }
  }
  const offending = [];
  let fromModules = 0;
  for (const file of loaded) {
    if (!path.isAbsolute(file)) continue;
    if (/\.(c|m)?tsx?$/.test(file) && !file.endsWith('.d.ts')) offending.push(`${file} (TypeScript source)`);
    if (!file.startsWith(prodTree + path.sep)) continue;
    const key = packageKey(path.relative(prodTree, file));
    if (!key) continue;
    fromModules++;
    if (dev.loadable.has(key)) offending.push(`${file} (${key} is a development dependency)`);
  }
  if (fromModules === 0) fail('the load hook recorded no module from node_modules: the check did not run');
  if (offending.length) fail(`the production run loaded development code:\n  ${offending.slice(0, 30).join('\n  ')}`);
  figures.modulesLoaded = loaded.size;
  log(`${loaded.size} modules loaded by the production processes, none of them a development dependency or TypeScript`);
}

try {
  await main();
  figures.totalSeconds = Math.round((Date.now() - started) / 1000);
  log(`figures ${JSON.stringify(figures)}`);
  log('PASSED');
} catch (err) {
  console.error(`[prod-smoke] FAILED: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  await admin(`drop database if exists "${dbName}" with (force)`).catch(() => {});
  log('dropped the database');
  if (keep) log(`kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
  log('cleaned up');
}
