#!/usr/bin/env node
/**
 * The 1,000,000-row export (issue 22, decision 0630), a suite of `npm run bench` (bench/run-all.mjs); alone:
 * `node --import tsx bench/export.mjs`. On a dedicated PostgreSQL database (bench_export_<pid>, dropped at the
 * end) seeded with the demo users and BENCH_EXPORT_ROWS customers (default 1,000,000) by one generate_series:
 *
 *   - time: GET /framework/customers/csv (the customer maintenance export, COPY streamed by the server)
 *     read to its end, against `psql \copy` of the same statement (the portal's own customerCsvColumns and
 *     customerCsvFrom, inlined as the server inlines them); target <= 1.3x, the sides alternating.
 *   - server memory: the portal's RSS sampled every 50 ms during those exports, growth over its RSS before;
 *     target < 50 MB.
 *   - browser memory: Chromium (Playwright, the system Chromium) signed in on /ui/corp/customers, clicking
 *     Export CSV (the page's check call, then its link): the RSS of every Chromium process, sampled every
 *     50 ms until the download is saved, growth over the sum before the click; target < 50 MB.
 *
 * Needs the built web app (apps/web/dist: `npm run build`; built here when absent). Environment:
 * DATABASE_URL (maintenance connection, default postgres://postgres@127.0.0.1:5432/test), BENCH_PORT
 * (default 3130), BENCH_EXPORT_ROWS, BENCH_EXPORT_ROUNDS (default 5), CHROME_PATH (default /usr/bin/chromium).
 * Prints the figures and, last, `BENCH_JSON {...}`.
 */
import { execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { CHROMIUM_FLAGS } from '../scripts/lib/chromium-flags.mjs';
import { signInThroughForm, FORM_TOKEN } from '../scripts/lib/form-sign-in.mjs';
import { admin, databaseUrl } from './support/postgres.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 3130);
const ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.join(root, 'apps/web/dist');
const database = `bench_export_${process.pid}`;
const scratchUrl = databaseUrl(database);
const EXPORT_PATH = '/framework/customers/csv';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (kb) => Math.round(kb / 1024);

/** RSS in kB of one process (0 once it is gone). */
function rssKb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** A process and all its descendants (Chromium's browser, renderer, GPU and network processes). */
function processTree(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
  return out;
}

function isChromium(pid) {
  try {
    return /chrom/i.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]);
  } catch {
    return false;
  }
}

/** Samples a figure every 50 ms; stop() answers the peak. */
function sampler(read) {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}

/** The statement the export runs, built by the portal's own functions and inlined as COPY gets it. */
async function exportStatement() {
  const { customerCsvColumns, customerCsvFrom } = await import('../apps/server/src/modules/customers/service/customers.ts');
  const { inlineSql } = await import('../apps/server/src/db/copy.ts');
  const { customerListQuerySchema } = await import('@fc/contract/customers');
  const columns = customerCsvColumns();
  const list = sql.join(
    columns.map((c) => sql`${c.cell} as ${sql.identifier(c.header)}`),
    sql`, `,
  );
  return inlineSql(sql`select ${list} ${customerCsvFrom(customerListQuerySchema.parse({}))}`);
}

function startPortal() {
  const child = fork(path.join(here, 'support/server-child.mjs'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MFA_POLICY: 'optional', // the bench users sign in with their passwords alone, as in the demo
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: scratchUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-')),
      WEB_DIST,
      JOBS_ENABLED: 'false',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '10000000',
      RATE_LIMIT_STORE: 'memory',
    },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`portal exited with ${code}`)));
    child.on('message', (m) => m?.type === 'ready' && resolve(child));
  });
}

/**
 * The export read to its end by a plain HTTP client (node:http, as curl would: no body parsing), its bytes
 * counted as they arrive, as the psql side's are.
 */
function portalExport(cookie) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get({ host: '127.0.0.1', port: PORT, path: EXPORT_PATH, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`export: ${res.statusCode}`));
        return;
      }
      let bytes = 0;
      res.on('data', (b) => (bytes += b.length));
      res.on('end', () => resolve({ ms: performance.now() - t0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** psql \copy of the same statement, its output counted as it arrives. */
function psqlCopy(statement) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('psql', [scratchUrl, '-Xqc', `\\copy (${statement}) to stdout with (format csv, header)`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let bytes = 0;
    child.stdout.on('data', (b) => (bytes += b.length));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve({ ms: performance.now() - t0, bytes }) : reject(new Error(`psql exited with ${code}`)),
    );
  });
}

async function browserDownload(cookie) {
  const { chromium } = await import('@playwright/test');
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-downloads-'));
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    downloadsPath: downloads,
    args: CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split('=');
    await context.addCookies([
      { name, value, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' },
      { name: 'fc_csrf', value: FORM_TOKEN, domain: '127.0.0.1', path: '/', sameSite: 'Strict' },
    ]);
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/ui/corp/customers`);
    const button = page.getByRole('button', { name: 'Export CSV' });
    await button.waitFor({ timeout: 120_000 }).catch(async (err) => {
      await page.screenshot({ path: path.join(os.tmpdir(), 'bench-export-page.png') });
      throw new Error(`${page.url()}: no Export CSV button (screenshot in ${os.tmpdir()}/bench-export-page.png): ${err.message}`);
    });
    await page.getByRole('row').nth(1).waitFor({ timeout: 120_000 });
    // The browser's processes settled on the page: the figure before the click.
    await new Promise((r) => setTimeout(r, 2000));
    // Every Chromium process under this one (browser, renderers, network and GPU processes); the portal
    // server is under this process too, and is left out.
    const chromiumPids = () => processTree(process.pid).filter((p) => p !== process.pid && isChromium(p));
    if (chromiumPids().length === 0) throw new Error('no Chromium process found');
    const treeRss = () => chromiumPids().reduce((sum, p) => sum + rssKb(p), 0);
    const before = treeRss();
    const watch = sampler(treeRss);
    const t0 = performance.now();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 300_000 }), button.click()]);
    const file = await download.path();
    const ms = performance.now() - t0;
    const peak = watch.stop();
    const bytes = fs.statSync(file).size;
    const firstLine = fs.readFileSync(file, { encoding: 'utf8', flag: 'r' }).slice(0, 200).split('\n')[0];
    return {
      ms: Math.round(ms),
      bytes,
      file: download.suggestedFilename(),
      header: firstLine,
      rssBeforeMb: mb(before),
      rssGrowthMb: mb(peak - before),
    };
  } finally {
    await browser.close();
    fs.rmSync(downloads, { recursive: true, force: true });
  }
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log('Building the web app (apps/web/dist)');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  }
  await admin(`drop database if exists ${database} with (force)`);
  await admin(`create database ${database}`);
  let portal;
  try {
    const t0 = performance.now();
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/seed.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: scratchUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const pool = new pg.Pool({ connectionString: scratchUrl, max: 1 });
    await pool.query(`insert into customers (cust_no, cust_name, program, city, state, country, status, currency, created_at)
      select 5000000 + g, 'Fleet ' || g || case when g % 10 = 0 then ', Inc' else '' end, 96, 'City ' || (g % 1000), 'IL', g % 2, g % 3 / 2, 0,
             timestamptz '2026-01-01' + make_interval(secs => g)
        from generate_series(1, ${ROWS}) g`);
    await pool.query('vacuum analyze customers');
    const { rows } = await pool.query(
      "select count(*)::int as n, pg_size_pretty(pg_total_relation_size('customers')) as size from customers",
    );
    await pool.end();
    console.log(
      `Seeded ${rows[0].n.toLocaleString('en-US')} customers (${rows[0].size}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const statement = await exportStatement();
    console.log(`Statement of both sides: ${statement}`);
    portal = await startPortal();
    const cookie = await signInThroughForm(`http://127.0.0.1:${PORT}/framework/login/corp`, {
      origin: `http://localhost:${PORT}`,
      username: 'corp',
    });

    await portalExport(cookie); // warm-up: plan, JIT, the first connection
    await psqlCopy(statement);
    const rssBefore = rssKb(portal.pid);
    const watch = sampler(() => rssKb(portal.pid));
    const app = [];
    const peer = [];
    for (let i = 0; i < ROUNDS; i++) {
      app.push(await portalExport(cookie));
      peer.push(await psqlCopy(statement));
    }
    const rssPeak = watch.stop();
    const server = {
      ms: Math.round(median(app.map((x) => x.ms))),
      rounds: app.map((x) => Math.round(x.ms)).join('/'),
      bytes: app[0].bytes,
      rssBeforeMb: mb(rssBefore),
      rssGrowthMb: mb(rssPeak - rssBefore),
    };
    const psql = {
      ms: Math.round(median(peer.map((x) => x.ms))),
      rounds: peer.map((x) => Math.round(x.ms)).join('/'),
      bytes: peer[0].bytes,
    };
    const ratio = server.ms / psql.ms;
    console.log(`\nServer export: ${JSON.stringify(server)}\npsql \\copy:    ${JSON.stringify(psql)}\nratio ${ratio.toFixed(2)}`);

    const browser = await browserDownload(cookie);
    console.log(`Browser download: ${JSON.stringify(browser)}`);

    const checks = [
      {
        name: `${ROWS.toLocaleString('en-US')}-row customer export (GET ${EXPORT_PATH}) vs psql \\copy of the same statement`,
        figure: server,
        peer: psql,
        target: 'time <= 1.3x',
        pass: ratio <= 1.3 && server.bytes === psql.bytes,
        ratio: Number(ratio.toFixed(2)),
      },
      {
        name: 'server RSS growth during the exports',
        figure: { rssGrowthMb: server.rssGrowthMb },
        target: '< 50 MB',
        pass: server.rssGrowthMb < 50,
      },
      {
        name: 'Chromium (Playwright) downloading it through the page (Export CSV on /ui/corp/customers)',
        figure: browser,
        target: 'RSS growth < 50 MB, the whole file saved',
        pass: browser.rssGrowthMb < 50 && browser.bytes === server.bytes,
      },
    ];
    const summary = {
      benchmark: 'export',
      rows: ROWS,
      loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))),
      checks,
      pass: checks.every((c) => c.pass),
    };
    console.log(`BENCH_JSON ${JSON.stringify(summary)}`);
    process.exitCode = summary.pass ? 0 : 1;
  } finally {
    if (portal && portal.exitCode === null) {
      portal.send({ type: 'stop' });
      await new Promise((r) => {
        portal.once('exit', r);
        setTimeout(() => portal.kill('SIGKILL'), 15_000).unref();
      });
    }
    await admin(`drop database if exists ${database} with (force)`).catch(() => {});
  }
}

await main();
