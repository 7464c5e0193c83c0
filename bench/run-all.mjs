#!/usr/bin/env node
/**
 * npm run bench — the portal against peers measured in the same run (issue 10); writes docs/benchmarks.md
 * and docs/benchmarks.json. Targets are ratios, because absolute figures drift on a shared machine; each
 * pair runs back to back.
 *
 *   1. /healthz through the production app vs a minimal Fastify 5 app sending the same security headers:
 *      >= 0.85 of its req/s (issue 22; a bare app without the headers is measured beside them).
 *   2. The customer list (25 rows, filtered, sorted, JSON:API) over 100,000 customers on PostgreSQL vs a raw
 *      Fastify + pg handler running the same SQL: >= 0.7 of its req/s, p99 <= 1.5x.
 *   3. Benchmark 2 on PGlite vs on PostgreSQL: >= 0.5.
 *   4. The audit CSV export of 100,000 rows vs psql \copy of the same SELECT: <= 1.3x the time, RSS growth < 50 MB.
 *   8. The customer list at 1,000,000 customers (`npm run seed -- --scale xlarge`, issue 22) vs the raw Fastify
 *      + pg handler running only the page statement: >= 0.9 of its req/s, p99 <= 1.5x.
 *   9. The same for page 2,000, reached as a browser pages: through links.next (keyset, decision 0620).
 *   The xlarge data set is kept in its own database (BENCH_XLARGE_URL, default .../bench_xlarge): seeded once
 *   (about 2 minutes and 2 GB), then reused by every run; `loyalty-xlarge` runs the rebate engine's benchmark
 *   on it (the customer loyalty page at 10,000,000 transactions: median < 5x a plain indexed select).
 *   Then the other suites, each a child process whose last line `BENCH_JSON {...}` is its summary:
 *   the rebate engine (bench/loyalty.mjs), the price-file import (bench/import.mjs), the 1,000,000-row export
 *   downloaded by the server and by Chromium (bench/export.mjs, issue 22), and 5-7, the web bundle,
 *   Lighthouse, axe-core and interaction (bench/web.mjs).
 *
 * Environment: DATABASE_URL (maintenance connection; default postgres://postgres@127.0.0.1:5432/test),
 * BENCH_SECONDS (autocannon duration of one round, default 10), BENCH_ROUNDS (rounds per side, alternating,
 * default 3), BENCH_PORT (first of 5 ports, default 3110; bench:web gets
 * BENCH_PORT + 10; 8 and 9 use BENCH_PORT + 5 and + 6; the export suite BENCH_PORT + 20),
 * BENCH_SKIP=loyalty,loyalty-xlarge,import,export,web (leave suites out; BENCH_SKIP_WEB=1 still works),
 * BENCH_PORTAL_NODE_ARGS (node options of the portal's process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 * `node bench/run-all.mjs --render` writes docs/benchmarks.md again from docs/benchmarks.json and bench/notes.md.
 * `--only=1,4` runs only those benchmarks (1-4, loyalty, import, export, web; to measure a fix without the rest) and
 * replaces only their figures in docs/benchmarks.json and .md, keeping the others' from the earlier run;
 * `--print` writes nothing (figures on the console only).
 */
import { execFile, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import * as prettier from 'prettier';
import pg from 'pg';
import { FORM_TOKEN_COOKIE, signInThroughForm } from '../scripts/lib/form-sign-in.mjs';
import { ADMIN_URL, admin, databaseUrl } from './support/postgres.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3110);
const run = promisify(execFile);
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
/** The benchmarks this run measures: all of them, or the ones named by --only. */
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',').filter(Boolean)) : null;
const wanted = (id) => !only || only.has(String(id));
const printOnly = process.argv.includes('--print');
/** The xlarge data set's database, kept between runs (benchmarks 8, 9 and loyalty-xlarge). */
const XLARGE_URL = process.env.BENCH_XLARGE_URL ?? databaseUrl('bench_xlarge');
const wantXlarge = () =>
  wanted(8) || wanted(9) || (wanted('loyalty-xlarge') && !(process.env.BENCH_SKIP ?? '').split(',').includes('loyalty-xlarge'));

const scratch = `fc_bench_all_${process.pid}`;
const scratchUrl = databaseUrl(scratch);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-all-'));
const children = [];
const results = [];
let listSql = [];
let seed;
let xlargeSeed = null;
let postgresVersion = 'PostgreSQL';

/** Forks a benchmark process; env entries set to undefined are removed from the inherited environment. */
function startChild(script, args, env, execArgv = []) {
  const childEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const child = fork(script, args, {
    cwd: root,
    env: childEnv,
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.on('message', (m) => {
      if (m?.type !== 'ready') return;
      child.database = m.database;
      resolve(child);
    });
  });
}

/**
 * The compiled server (`npm run build`'s second half), built once per run: the portal is measured as
 * production runs it, the bundle under `node --enable-source-maps` with NODE_ENV=production, not the
 * TypeScript sources through tsx (decision 0940).
 */
let built = null;
function buildServer() {
  built ??= run(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root });
  return built;
}

async function startPortal(port, env) {
  await buildServer();
  return startChild(
    path.join(root, 'apps/server/dist/main.mjs'),
    [],
    {
      NODE_ENV: 'production',
      MFA_POLICY: 'optional', // the bench users sign in with their passwords alone, as in the demo
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      JOBS_ENABLED: 'false',
      SEED_DEMO: 'false',
      // The load generator is one address; the per-address limit would turn the benchmark into 429s.
      RATE_LIMIT_MAX: '10000000',
      // ...and counted in memory: the database store (the default on PostgreSQL since issue 21) would add one
      // upsert on a single hot row per request, a cost of the limit, not of what is measured here.
      RATE_LIMIT_STORE: 'memory',
      ...env,
    },
    [
      ...(process.env.BENCH_PORTAL_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--enable-source-maps',
      '--import',
      path.join(here, 'support/production-child.mjs'),
    ],
  );
}

/**
 * The cookies a browser holds after signing in as corp: the session and the form token, so that the list
 * requests are not each answered with a new form-token cookie, as no browser's are.
 */
async function signIn(port) {
  const session = await signInThroughForm(`http://127.0.0.1:${port}/framework/login/corp`, {
    origin: `http://localhost:${port}`,
    username: 'corp',
  });
  return `${session}; ${FORM_TOKEN_COOKIE}`;
}

/** One request before (and after) a load run: a refused request is reported with its body, not as a count. */
async function probe(url, headers) {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}\n${body.slice(0, 2000)}`);
  return body;
}

/** The 1-minute load average now: printed beside each pair of figures (the machine is shared). */
const load1 = () => Number(os.loadavg()[0].toFixed(2));

async function cannon(url, { connections = 100, headers = {} } = {}) {
  await probe(url, headers);
  // A slow side (PGlite under 100 connections) queues answers for seconds: late, not lost.
  const r = await autocannon({ url, connections, duration: SECONDS, headers, timeout: 60 });
  if (r.non2xx > 0 || r.errors > 0) {
    await probe(url, headers);
    throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors (a single request afterwards succeeded)`);
  }
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Load on each side in turn, ROUNDS times (A B A B A B), and the median of each side's rounds: the load of
 * a shared machine drifts over a minute, and alternating gives both sides the same share of it.
 */
async function alternate(sides) {
  const runs = sides.map(() => []);
  const loadBefore = load1();
  for (let round = 0; round < ROUNDS; round++) for (const [i, side] of sides.entries()) runs[i].push(await cannon(side.url, side.opts));
  lastLoad = [loadBefore, load1()];
  return runs.map((xs) => ({
    rps: median(xs.map((x) => x.rps)),
    p50: median(xs.map((x) => x.p50)),
    p99: median(xs.map((x) => x.p99)),
    rounds: xs.map((x) => x.rps).join('/'),
  }));
}

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
};

/** The 1-minute load average before and after the last alternate() run. */
let lastLoad = null;

function record(name, figure, peer, target, pass, note = '') {
  // The load average while the pair was measured (1-minute, before and after), beside its figures.
  if (lastLoad) note = `${note}; load average ${lastLoad[0]} -> ${lastLoad[1]}`;
  lastLoad = null;
  results.push({ name, figure, peer, target, pass, note });
  console.log(
    `\n${name}\n  portal: ${JSON.stringify(figure)}\n  peer:   ${JSON.stringify(peer)}\n  target: ${target} -> ${pass ? 'PASS' : 'MISS'} ${note}`,
  );
}

async function main() {
  const started = new Date();
  console.log(`Scratch database ${scratch}: the scale seed (npm run seed -- --scale large)`);
  await admin(`create database ${scratch}`);
  seed = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/seed.ts', '--scale', 'large'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: scratchUrl },
    maxBuffer: 10 * 1024 * 1024,
  });
  const seedLines = seed.stdout.split('\n').filter((l) => /^\s+\S.*\d+(\.\d+)? s$|total/.test(l));
  console.log(seedLines.join('\n'));
  seed = { lines: seedLines, totalSeconds: Number(/total ([\d.]+) s/.exec(seed.stdout)?.[1]) };
  // 100,000 audit records for the CSV export (benchmark 4), with the change text audit() writes with each
  // record (its CSV cell; js_json makes the same text from jsonb).
  const pool = new pg.Pool({ connectionString: scratchUrl, max: 2 });
  postgresVersion = `PostgreSQL ${(await pool.query('show server_version')).rows[0].server_version}`;
  await pool.query(`insert into audit_log (at, username, entity, entity_id, action, request_id, after, change)
    select at, 'corp', 'customer', (2000000 + g)::text, 'update', 'req-' || g, after,
           '{"before":null,"after":' || js_json(after, '{}', '') || '}'
      from generate_series(1, 100000) g,
           lateral (select now() - make_interval(secs => g) as at,
                           jsonb_build_object('cust_name', 'Fleet ' || g, 'status', g % 3) as after) r`);
  await pool.query('analyze audit_log');

  const pgliteDir = path.join(tmp, 'pglite');
  if (wanted(3)) {
    console.log('\nPGlite data directory for benchmark 3');
    await run(process.execPath, ['--import', 'tsx', path.join(here, 'support/seed-pglite.mjs'), pgliteDir], { cwd: root });
  }

  const [pPg, pPeer, pRaw, pLite, pHeaders] = [BASE_PORT, BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3, BASE_PORT + 4];
  const portal = await startPortal(pPg, { DATABASE_URL: scratchUrl, DATA_DIR: path.join(tmp, 'pg-data') });
  if (wanted(1)) await startChild(path.join(here, 'support/peer.mjs'), ['healthz', String(pPeer)], {});
  if (wanted(2)) await startChild(path.join(here, 'support/peer.mjs'), ['customers', String(pRaw), scratchUrl], {}, ['--import', 'tsx']);
  const cookie = await signIn(pPg);
  if (wanted(1)) await benchmark1(pPg, pPeer, pHeaders);
  if (wanted(2)) await benchmark2(pPg, pRaw, cookie);
  if (wanted(3)) await benchmark3(pPg, pLite, pgliteDir, portal, cookie);
  if (wanted(4)) await benchmark4(pPg, portal, cookie);
  await pool.end();

  // 8 and 9 (issue 22): the xlarge data set in its own, kept database; its own portal and peer.
  if (wantXlarge()) xlargeSeed = await ensureXlarge();
  if (wanted(8) || wanted(9)) {
    const [pXl, pXlPeer] = [BASE_PORT + 5, BASE_PORT + 6];
    const portalXl = await startPortal(pXl, { DATABASE_URL: XLARGE_URL, DATA_DIR: path.join(tmp, 'xl-data') });
    if (portalXl.database !== 'postgres') throw new Error(`the xlarge portal opened ${portalXl.database}, not PostgreSQL`);
    await startChild(path.join(here, 'support/peer.mjs'), ['customers', String(pXlPeer), XLARGE_URL], {}, ['--import', 'tsx']);
    const cookieXl = await signIn(pXl);
    if (wanted(8)) await benchmark8(pXl, pXlPeer, cookieXl);
    if (wanted(9)) await benchmark9(pXl, pXlPeer, cookieXl);
  }

  // Free the CPUs before the other suites: the servers of benchmarks 1-4 are done.
  await Promise.all(children.map(stopChild));

  // The other suites, each in its own process, one after another; each ends with a BENCH_JSON summary line.
  const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
  if (process.env.BENCH_SKIP_WEB === '1') skip.add('web');
  const suites = [];
  const suite = async (id, title, args, env) => {
    if (skip.has(id)) console.log(`\n${title}: left out (BENCH_SKIP)`);
    else if (wanted(id)) suites.push(await runSuite(id, title, args, env));
  };
  await suite('loyalty', 'Rebate engine (npm run bench:loyalty, issue 9)', ['--import', 'tsx', path.join(here, 'loyalty.mjs')], {
    DATABASE_URL: ADMIN_URL,
  });
  await suite(
    'loyalty-xlarge',
    'Rebate engine at 10,000,000 transactions (LOYALTY_DATABASE_URL=<xlarge database> npm run bench:loyalty, issue 22)',
    ['--import', 'tsx', path.join(here, 'loyalty.mjs')],
    { LOYALTY_DATABASE_URL: XLARGE_URL, DATABASE_URL: ADMIN_URL },
  );
  await suite('import', 'Price-file import (npm run bench:import, issue 7)', ['--import', 'tsx', path.join(here, 'import.mjs')], {
    BENCH_DATABASE_URL: ADMIN_URL,
    DATABASE_URL: undefined,
  });
  await suite(
    'export',
    'A 1,000,000-row export: server and browser downloads (bench/export.mjs, issue 22)',
    ['--import', 'tsx', path.join(here, 'export.mjs')],
    {
      DATABASE_URL: ADMIN_URL,
      BENCH_PORT: String(BASE_PORT + 20),
    },
  );
  await suite('web', '5-7. Web bundle, Lighthouse, axe-core and interaction (npm run bench:web)', [path.join(here, 'web.mjs')], {
    BENCH_PORT: String(BASE_PORT + 10),
    DATABASE_URL: undefined,
  });

  const machine = {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))),
    node: process.version,
    postgres: postgresVersion,
    date: started.toISOString(),
  };
  let report = { machine, seconds: SECONDS, rounds: ROUNDS, seed, xlargeSeed, results, listSql, suites, skipped: [...skip] };
  if (only) report = mergeInto(JSON.parse(fs.readFileSync(path.join(root, 'docs/benchmarks.json'), 'utf8')), report);
  const passed = report.results.every((r) => r.pass) && report.suites.every((x) => x.pass);
  if (printOnly) console.log(`\n--print: nothing written; ${passed ? 'every target met' : 'targets missed'}`);
  else {
    await writeFormatted(path.join(root, 'docs/benchmarks.json'), JSON.stringify({ ...report, passed }, null, 2) + '\n');
    await writeFormatted(path.join(root, 'docs/benchmarks.md'), markdown(report));
    console.log(`\nWrote docs/benchmarks.md and docs/benchmarks.json: ${passed ? 'every target met' : 'targets missed'}`);
  }
  process.exitCode = passed ? 0 : 1;
}

/**
 * A partial run (--only) over the last full one: the benchmarks it measured replace theirs, the others keep
 * their figures, and the report says which figures come from which run.
 */
function mergeInto(last, partial) {
  const idOf = (r) => r.name.split('.')[0];
  const measured = new Set([...partial.results.map(idOf), ...partial.suites.map((x) => x.id)]);
  const results = [...last.results.filter((r) => !measured.has(idOf(r))), ...partial.results].sort((a, b) => a.name.localeCompare(b.name));
  const suites = last.suites.map((x) => partial.suites.find((y) => y.id === x.id) ?? x);
  for (const x of partial.suites) if (!suites.includes(x)) suites.push(x);
  const earlier = last.earlier ?? { machine: last.machine, seed: last.seed };
  // Earlier partial runs whose figures this one keeps: the report names each with its date and load.
  const before = last.rerun ? [...(last.partials ?? []), { ids: last.rerun, machine: last.machine }] : (last.partials ?? []);
  const partials = before.map((p) => ({ ...p, ids: p.ids.filter((id) => !measured.has(id)) })).filter((p) => p.ids.length);
  return {
    ...partial,
    results,
    suites,
    listSql: partial.listSql.length ? partial.listSql : last.listSql,
    xlargeSeed: partial.xlargeSeed ?? last.xlargeSeed ?? null,
    skipped: last.skipped ?? [],
    rerun: [...measured],
    partials,
    earlier,
  };
}

const listPath = '/framework/customers?page[number]=1&page[size]=25&filter[sort]=cust_no|desc&filter[status]=0';

async function benchmark1(pPg, pPeer, pHeaders) {
  // A second minimal peer sending the portal's own response headers (helmet's security headers): what the
  // headers cost, apart from the hooks.
  const portalHeaders = Object.fromEntries(
    [...(await fetch(`http://127.0.0.1:${pPg}/healthz`)).headers].filter(
      ([k]) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'x-request-id', 'transfer-encoding'].includes(k),
    ),
  );
  await startChild(path.join(here, 'support/peer.mjs'), ['healthz', String(pHeaders), JSON.stringify(portalHeaders)], {});

  // 1. Framework overhead.
  const [health, healthPeer, healthHeaders] = await alternate([
    { url: `http://127.0.0.1:${pPg}/healthz` },
    { url: `http://127.0.0.1:${pPeer}/healthz` },
    { url: `http://127.0.0.1:${pHeaders}/healthz` },
  ]);
  // Issue 22's target is against the fair peer: a minimal Fastify 5 app sending the same headers.
  const r1 = health.rps / healthHeaders.rps;
  record(
    '1. /healthz: production app vs a minimal Fastify 5 app sending the same headers (100 connections)',
    health,
    healthHeaders,
    'req/s >= 0.85 of peer',
    r1 >= 0.85,
    `ratio ${r1.toFixed(2)}; a bare Fastify 5 app without the portal's ${Object.keys(portalHeaders).length} security headers: ${healthPeer.rps} req/s, the portal ${(health.rps / healthPeer.rps).toFixed(2)} of it`,
  );
}

async function benchmark2(pPg, pRaw, cookie) {
  // 2. Paged list on PostgreSQL.
  const [list, listPeer] = await alternate([
    { url: `http://127.0.0.1:${pPg}${listPath}`, opts: { headers: { cookie, accept: 'application/vnd.api+json' } } },
    { url: `http://127.0.0.1:${pRaw}${listPath}` },
  ]);
  // The statements the peer took from the portal's listCustomers, printed so the comparison can be checked.
  listSql = Object.values(await (await fetch(`http://127.0.0.1:${pRaw}/statements`)).json())[0];
  for (const st of listSql) console.log(`  peer SQL: ${st.text}  -- ${JSON.stringify(st.values)}`);
  const r2 = list.rps / listPeer.rps;
  const p2 = list.p99 / Math.max(1, listPeer.p99);
  record(
    '2. customer list, 25 of 100,000 rows, filtered and sorted: portal vs Fastify + pg (100 connections)',
    list,
    listPeer,
    'req/s >= 0.7, p99 <= 1.5x',
    r2 >= 0.7 && p2 <= 1.5,
    `ratio ${r2.toFixed(2)}, p99 ${p2.toFixed(2)}x`,
  );
}

/**
 * The xlarge data set's database: seeded with `npm run seed -- --scale xlarge` when it does not hold it yet
 * (created if missing), else kept as it is. Answers the seed's lines, or the counts of the kept database.
 */
async function ensureXlarge() {
  const name = new URL(XLARGE_URL).pathname.slice(1);
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  const exists = (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  await c.end();
  if (!exists) await admin(`create database "${name}"`);
  const x = new pg.Client({ connectionString: XLARGE_URL });
  await x.connect();
  const count = async (text) => {
    try {
      return Number((await x.query(text)).rows[0].n);
    } catch {
      return 0; // not migrated yet
    }
  };
  const customers = await count('select count(*) as n from customers where cust_no >= 2000000');
  let out;
  if (customers < 1_000_000) {
    await x.end();
    console.log(`\nThe xlarge data set into ${name} (npm run seed -- --scale xlarge), kept for later runs`);
    const t0 = performance.now();
    const r = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/seed.ts', '--scale', 'xlarge'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: XLARGE_URL },
      maxBuffer: 10 * 1024 * 1024,
    });
    const lines = r.stdout.split('\n').filter((l) => /^\s+\S.*\d+(\.\d+)? s$|total/.test(l));
    console.log(lines.join('\n'));
    out = {
      database: name,
      seeded: true,
      lines,
      totalSeconds: Number(/total ([\d.]+) s/.exec(r.stdout)?.[1] ?? ((performance.now() - t0) / 1000).toFixed(1)),
    };
  } else {
    const counts = {
      customers,
      transactions: await count('select count(*) as n from transactions where cust_no >= 2000000'),
      enrolments: await count('select count(*) as n from loyalty_enrolments where cust_no >= 2000000'),
      sizeMb: await count(`select pg_database_size(current_database()) / 1048576 as n`),
    };
    await x.end();
    console.log(`\nThe xlarge data set kept in ${name}: ${JSON.stringify(counts)}`);
    out = { database: name, seeded: false, counts };
  }
  return out;
}

const xlPath = (page) => `/framework/customers?page[number]=${page}&page[size]=25&filter[sort]=cust_no|desc&filter[status]=0`;

async function benchmark8(pXl, pXlPeer, cookie) {
  // 8. The customer list's first page at 1,000,000 customers against the page statement alone.
  const [list, peer] = await alternate([
    { url: `http://127.0.0.1:${pXl}${xlPath(1)}`, opts: { headers: { cookie, accept: 'application/vnd.api+json' } } },
    { url: `http://127.0.0.1:${pXlPeer}${xlPath(1)}` },
  ]);
  const r = list.rps / peer.rps;
  const p = list.p99 / Math.max(1, peer.p99);
  record(
    '8. customer list, page 1 of 1,000,000 customers (filtered, sorted): portal vs Fastify + pg page statement (100 connections)',
    list,
    peer,
    'req/s >= 0.9, p99 <= 1.5x',
    r >= 0.9 && p <= 1.5,
    `ratio ${r.toFixed(2)}, p99 ${p.toFixed(2)}x`,
  );
}

async function benchmark9(pXl, pXlPeer, cookie) {
  // 9. Page 2,000 as a browser reaches it: the links.next of page 1,999 (its page[after] cursor: the page is
  // read by seeking the sort key, decision 0620). The peer runs the statement the portal runs for that address.
  const headers = { cookie, accept: 'application/vnd.api+json' };
  const before = JSON.parse(await probe(`http://127.0.0.1:${pXl}${xlPath(1999)}`, headers));
  const next = before.links.next;
  if (!next?.includes('page%5Bafter%5D')) throw new Error(`page 1,999 has no cursor in its next link: ${next}`);
  // The same page by its number alone (OFFSET 49,975), timed one request at a time beside the cursor's.
  const sequential = async (url) => {
    const times = [];
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      await probe(url, headers);
      times.push(performance.now() - t0);
    }
    return Number(median(times).toFixed(1));
  };
  const byNumberMs = await sequential(`http://127.0.0.1:${pXl}${xlPath(2000)}`);
  const byCursorMs = await sequential(`http://127.0.0.1:${pXl}${next}`);
  const page1Ms = await sequential(`http://127.0.0.1:${pXl}${xlPath(1)}`);
  const [list, peer] = await alternate([
    { url: `http://127.0.0.1:${pXl}${next}`, opts: { headers } },
    { url: `http://127.0.0.1:${pXlPeer}${next}` },
  ]);
  const r = list.rps / peer.rps;
  const p = list.p99 / Math.max(1, peer.p99);
  record(
    '9. customer list, page 2,000 of 1,000,000 customers through links.next (keyset): portal vs Fastify + pg page statement (100 connections)',
    list,
    peer,
    'req/s >= 0.9, p99 <= 1.5x',
    r >= 0.9 && p <= 1.5,
    `ratio ${r.toFixed(2)}, p99 ${p.toFixed(2)}x; one request at a time, median of 15: page 1 ${page1Ms} ms, page 2,000 through the cursor ${byCursorMs} ms, by page[number] alone (OFFSET) ${byNumberMs} ms`,
  );
}

async function benchmark3(pPg, pLite, pgliteDir, portal, cookie) {
  // 3. The same app on PGlite (its own process) and on PostgreSQL, alternately.
  // DATABASE_URL removed, else the 'PGlite' server would open the PostgreSQL database; its own data directory.
  const lite = await startPortal(pLite, { DATABASE_URL: undefined, DATA_DIR: pgliteDir });
  if (lite.database !== 'pglite') throw new Error(`benchmark 3's server opened ${lite.database}, not PGlite`);
  if (portal.database !== 'postgres') throw new Error(`benchmark 2's server opened ${portal.database}, not PostgreSQL`);
  const liteCookie = await signIn(pLite);
  const [listLite, listPg] = await alternate([
    { url: `http://127.0.0.1:${pLite}${listPath}`, opts: { headers: { cookie: liteCookie } } },
    { url: `http://127.0.0.1:${pPg}${listPath}`, opts: { headers: { cookie } } },
  ]);
  lite.send({ type: 'stop' });
  const r3 = listLite.rps / listPg.rps;
  record('3. customer list on PGlite vs on PostgreSQL', listLite, listPg, 'req/s >= 0.5', r3 >= 0.5, `ratio ${r3.toFixed(2)}`);
}

async function benchmark4(pPg, portal, cookie) {
  // 4. CSV export of 100,000 rows vs psql \copy of the same SELECT.
  // What the export reads (the columns of its file, in the list's default order), in one statement.
  const select = `select at, username, entity, entity_id, action, request_id, change from audit_log where entity = 'customer' order by at desc, id asc`;
  const exportOnce = async () => {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${pPg}/fc-common-api/audit/csv?filter[entity]=customer`, { headers: { cookie } });
    if (!res.ok) throw new Error(`audit CSV: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    return { ms: performance.now() - t0, bytes };
  };
  const psqlOnce = async () => {
    const t0 = performance.now();
    const { stdout } = await run('psql', [scratchUrl, '-Xqc', `\\copy (${select}) to stdout csv header`], { maxBuffer: 512 * 1024 * 1024 });
    return { ms: performance.now() - t0, bytes: stdout.length };
  };
  await exportOnce(); // warm-up (JIT, plan cache)
  const rssBefore = rssMb(portal.pid);
  const app = [];
  const peer = [];
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(portal.pid))), 50);
  for (let i = 0; i < 3; i++) {
    app.push(await exportOnce());
    peer.push(await psqlOnce());
  }
  clearInterval(sampler);
  const csv = { ms: Math.round(median(app.map((x) => x.ms))), bytes: app[0].bytes, rssGrowthMb: Math.round(peakRss - rssBefore) };
  const csvPeer = { ms: Math.round(median(peer.map((x) => x.ms))), bytes: peer[0].bytes };
  const r4 = csv.ms / csvPeer.ms;
  record(
    '4. audit CSV export, 100,000 rows, vs psql \\copy',
    csv,
    csvPeer,
    'time <= 1.3x, RSS growth < 50 MB',
    r4 <= 1.3 && csv.rssGrowthMb < 50,
    `ratio ${r4.toFixed(2)}`,
  );
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * Runs another benchmark script, echoing its output, and reads the summary it prints last as
 * `BENCH_JSON {...}`. The suite passes when it exits with 0 and its summary says pass.
 */
function runSuite(id, title, args, env) {
  console.log(`\n${title}`);
  const childEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const echo = (b) => {
      out += b;
      process.stdout.write(b);
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    child.on('exit', (code, signal) => {
      const line = out
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('BENCH_JSON '));
      let summary = null;
      try {
        summary = line ? JSON.parse(line.slice('BENCH_JSON '.length)) : null;
      } catch (err) {
        console.error(`${id}: unreadable BENCH_JSON line: ${err.message}`);
      }
      resolve({
        id,
        title,
        exitCode: code ?? signal,
        seconds: Math.round((performance.now() - t0) / 1000),
        pass: code === 0 && summary?.pass === true,
        summary,
        // Without a summary (the suite failed before its end) the last lines say why.
        ...(summary ? {} : { outputTail: out.trim().split('\n').slice(-30) }),
      });
    });
  });
}

/** Writes a generated file in the repository's Prettier style, so that `npm run lint` passes on it. */
async function writeFormatted(file, text) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

/** An earlier partial run whose figures the report keeps. */
const partialRun = (p) => `; ${p.ids.join(', ')} on ${p.machine.date} (load average ${p.machine.loadAverage.join(' / ')} at its end)`;

/** docs/benchmarks.md from the figures of docs/benchmarks.json and the explanations of bench/notes.md. */
function markdown({ machine, seconds, rounds = 1, seed, xlargeSeed, results, listSql, suites, skipped, rerun, partials = [], earlier }) {
  const lines = [
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench` (bench/run-all.mjs) with the figures of docs/benchmarks.json; the notes at the end come from bench/notes.md. -->',
    '',
    `Run ${machine.date} on ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}, ${machine.postgres}; load average ${machine.loadAverage.join(' / ')} at the end; autocannon ${rounds} rounds of ${seconds} s per side, the sides alternating; figures are the medians of the rounds. Each figure is beside its peer, measured back to back in the same run.`,
    '',
    ...(rerun
      ? [
          `Only ${rerun.join(', ')} ran on that date (\`--only\`)${partials.map(partialRun).join('')}; the other figures are from the full run of ${earlier.machine.date} (load average ${earlier.machine.loadAverage.join(' / ')} at its end).`,
          '',
        ]
      : []),
    '## Server (benchmarks 1-4)',
    '',
    '| benchmark | portal | peer | target | result |',
    '| --- | --- | --- | --- | --- |',
    ...results.map((r) => `| ${r.name} | ${fmt(r.figure)} | ${fmt(r.peer)} | ${r.target} | ${r.pass ? 'pass' : '**miss**'} (${r.note}) |`),
    '',
  ];
  if (listSql.length)
    lines.push(
      "Benchmark 2's statements, taken from the portal's `listCustomers` and run by both sides:",
      '',
      '```sql',
      ...listSql.map((st) => `${st.text}; -- ${JSON.stringify(st.values)}`),
      '```',
      '',
    );
  if (xlargeSeed)
    lines.push(
      '## Scale seed xlarge (`npm run seed -- --scale xlarge`, PostgreSQL; benchmarks 8, 9 and loyalty-xlarge)',
      '',
      ...(xlargeSeed.seeded
        ? [`Seeded in this run into \`${xlargeSeed.database}\`: total ${xlargeSeed.totalSeconds} s.`, '', '```', ...xlargeSeed.lines, '```']
        : [
            `Kept in \`${xlargeSeed.database}\` from an earlier run (seeded once, reused): ${Object.entries(xlargeSeed.counts)
              .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
              .join(', ')}.`,
          ]),
      '',
    );
  lines.push(
    '## Scale seed (`npm run seed -- --scale large`, PostgreSQL)',
    '',
    `Total ${seed.totalSeconds} s.`,
    '',
    '```',
    ...seed.lines,
    '```',
    '',
  );
  for (const x of suites) {
    lines.push(`## ${x.title}`, '', `${x.pass ? 'Pass' : '**Miss**'}: exit code ${x.exitCode}, ${x.seconds} s.`, '');
    if (x.summary?.checks) {
      lines.push('| check | figure | peer | target | result |', '| --- | --- | --- | --- | --- |');
      for (const c of x.summary.checks)
        lines.push(`| ${c.name} | ${cell(c.figure)} | ${cell(c.peer)} | ${c.target} | ${c.pass ? 'pass' : '**miss**'} |`);
      lines.push('');
    } else if (x.summary) {
      if (x.summary.target) lines.push(`Target: ${x.summary.target}.`, '');
      for (const [k, v] of Object.entries(x.summary)) if (!['benchmark', 'pass', 'target'].includes(k)) lines.push(`- ${k}: ${cell(v)}`);
      lines.push('');
    } else {
      lines.push('No summary; the last lines of its output:', '', '```', ...x.outputTail, '```', '');
    }
    for (const extra of x.summary?.tables ?? []) lines.push(`### ${extra.title}`, '', ...extra.lines, '');
  }
  if (skipped.length) lines.push(`Left out of this run: ${skipped.join(', ')}.`, '');
  const notes = path.join(here, 'notes.md');
  if (fs.existsSync(notes)) lines.push(fs.readFileSync(notes, 'utf8'));
  return lines.join('\n');
}

const cell = (v) => (v === undefined || v === null ? '' : typeof v === 'object' ? (Array.isArray(v) ? v.join(', ') : fmt(v)) : String(v));

const fmt = (o) =>
  Object.entries(o)
    .map(([k, v]) => `${k} ${v !== null && typeof v === 'object' ? JSON.stringify(v) : v}`)
    .join(', ');

if (process.argv.includes('--render')) {
  // Only docs/benchmarks.md again, from the last run's docs/benchmarks.json (after editing bench/notes.md).
  const last = JSON.parse(fs.readFileSync(path.join(root, 'docs/benchmarks.json'), 'utf8'));
  await writeFormatted(path.join(root, 'docs/benchmarks.md'), markdown(last));
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log('Wrote docs/benchmarks.md from docs/benchmarks.json');
} else {
  try {
    await main();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await admin(`drop database if exists ${scratch} with (force)`).catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
