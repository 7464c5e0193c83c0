// Price-file import benchmark (issue 7): `npm run bench:import`.
//
// On both databases the portal runs on: a fresh PostgreSQL database (BENCH_DATABASE_URL's server, default
// postgres://postgres@127.0.0.1:5432/postgres) and the embedded PGlite (the default, which runs its queries
// on the server's own event loop), each with the portal server in a child process:
//  1. a 100,000-row price file from upload to processed (the status call answers a non-null osReturnCode):
//     wall time and rows per second; on PostgreSQL against `psql \copy` of the same rows into a staging
//     table plus the same merge statement (priceMergeSql), timed in the same run;
//  2. p99 latency of a list endpoint (GET /fc-common-api/mpp/index) under load (autocannon) while a
//     100,000-row file is processed, against the same load with no import;
//  3. the event loop's p99 delay inside the server (monitorEventLoopDelay) in both phases;
//  4. on each database, the job alone in this process: the event loop's delay between 5 ms ticks with no
//     HTTP load (and the process's CPU time between them, every thread's, the worker's included).
// BENCH_DATABASES=postgres,pglite (default both), BENCH_PORT (first of two ports, default 3320), BENCH_IMPORT_RUNS
// (runs of the import and of psql each on PostgreSQL, default 3).
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { signInThroughForm } from '../scripts/lib/form-sign-in.mjs';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import { inboundFiles } from '../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../apps/server/src/seed/index.ts';
import { priceFileJob, priceMergeSql } from '../apps/server/src/modules/files/price-job.ts';
import { admin as adminOn, databaseUrl } from './support/postgres.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Runs of the import and of psql each, alternating: the best of each is compared, as psql's own runs differ by
// up to 1.8x on this machine (docs/benchmarks.md).
const IMPORT_RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').filter(Boolean);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3320);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `fc_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
const dbUrl = databaseUrl(dbName, adminUrl);
const admin = (text) => adminOn(text, adminUrl);

const ms = (n) => `${n.toFixed(0)} ms`;
// The server rate-limits by client address (1,200 a minute) and trusts X-Forwarded-For: every benchmark
// request names its own address, so the load measures the server, not the limiter's 429s.
let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
const log = (...a) => console.log(...a);

/** Part numbers of the benchmark catalogue; 97% priced below the programme price, 2% above, 0.5% unknown, 0.5% invalid. */
function priceRows(rows, cents) {
  const out = [];
  for (let i = 0; i < rows; i++) {
    const partNo = `BP${String(i).padStart(6, '0')}`;
    const program = 1000 + (i % 5000);
    if (i % 200 === 7) out.push([`NOPE${i}`, ((program - 1) / 100).toFixed(2)]);
    else if (i % 200 === 11) out.push([partNo, 'n/a']);
    else if (i % 50 === 3) out.push([partNo, ((program + 100) / 100).toFixed(2)]);
    else out.push([partNo, ((program - 1 - cents) / 100).toFixed(2)]);
  }
  return out;
}

/** The portal in a child process on `database` ('postgres': the scratch database; 'pglite': `dataDir`). */
async function startChild(database, port, dataDir) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
    MFA_POLICY: 'optional', // the bench users sign in with their passwords alone, as in the demo
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
  };
  if (database === 'pglite') delete env.DATABASE_URL;
  const child = fork(path.join(here, 'support', 'server-child.mjs'), [], {
    execArgv: ['--import', 'tsx'],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (m) => m?.type === 'ready' && resolve(m));
  });
  if (ready.database !== database) throw new Error(`the server opened ${ready.database}, not ${database}`);
  port = ready.port;
  const ask = (type, answer) =>
    new Promise((resolve) => {
      const on = (m) => {
        if (m?.type === answer) {
          child.off('message', on);
          resolve(m);
        }
      };
      child.on('message', on);
      child.send({ type });
    });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.send({ type: 'stop' });
    });
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    reset: () => ask('reset', 'reset-done'),
    stats: () => ask('stats', 'stats'),
    stop,
  };
}

function login(base, username) {
  return signInThroughForm(`${base}/framework/login/merc`, {
    origin: 'http://127.0.0.1',
    username,
    fields: { WEB_FORM_NAME: 'FLTCHG_USER_LOGIN_FORM', ACTION: 'SUBMIT_LOGIN', REFERRER_URL: '/ui/merc/login' },
    headers: { 'x-forwarded-for': nextIp() },
  });
}

/** Uploads a price file and polls its status every 20 ms until osReturnCode is not null; answers the wall time. */
async function importFile(base, cookie, csv, name) {
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest', origin: 'http://127.0.0.1', accept: 'application/vnd.api+json' };
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  const res = await fetch(`${base}/fc-common-api/mpp/price`, {
    method: 'POST',
    body: form,
    headers: { ...headers, 'x-forwarded-for': nextIp() },
  });
  const doc = await res.json();
  if (res.status !== 202) throw new Error(`upload failed: ${res.status} ${JSON.stringify(doc)}`);
  const jobId = doc.data[0].attributes.job_id;
  const accepted = performance.now();
  for (;;) {
    const s = await fetch(`${base}/fc-common-api/mpp/status?job_id=${jobId}`, { headers: { ...headers, 'x-forwarded-for': nextIp() } });
    const attrs = (await s.json()).data[0].attributes;
    if (attrs['os-return-code'] !== null) {
      if (attrs['os-return-code'] !== 0) throw new Error(`import failed: ${attrs.message}`);
      return { wall: performance.now() - started, upload: accepted - started, message: attrs.message };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function load(base, cookie, duration) {
  const instance = autocannon({
    url: `${base}/fc-common-api/mpp/index`,
    connections: CONNECTIONS,
    duration,
    headers: { cookie, accept: 'application/vnd.api+json' },
    requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': nextIp() } }) }],
  });
  const done = new Promise((resolve, reject) => {
    instance.on('done', resolve);
    instance.on('error', reject);
  });
  return { instance, done };
}

async function psqlBaseline(csvPath, merchantNo) {
  const merge = priceMergeSql('select * from staging')
    .replace(/\$1::int/g, `${merchantNo}::int`)
    .replace(/\$2::int/g, '0::int');
  const script = [
    '\\set ON_ERROR_STOP on',
    'create temp table staging (o int, part_no text, price numeric, effective_date date);',
    `\\copy staging from '${csvPath}' with (format csv, header true)`,
    '\\o /dev/null',
    `${merge};`,
  ].join('\n');
  const scriptPath = `${csvPath}.sql`;
  await writeFile(scriptPath, script);
  const started = performance.now();
  await new Promise((resolve, reject) => {
    const p = spawn('psql', [dbUrl, '-q', '-X', '-f', scriptPath], { stdio: ['ignore', 'ignore', 'inherit'] });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited with ${code}`))));
  });
  return performance.now() - started;
}

/** The benchmark catalogue: one part per price row, with its programme price. */
const PARTS_SQL = `insert into parts (part_no, description, program_price)
  select 'BP' || lpad(i::text, 6, '0'), 'Benchmark part ' || i, (1000 + i % 5000) / 100.0 from generate_series(0, ${ROWS - 1}) i
  on conflict do nothing`;

const csvOf = (rows) => ['part_no,price', ...rows.map((r) => r.join(','))].join('\n') + '\n';

/**
 * The list endpoint under load with no import, then the same load while `csv` is imported by `cookie2`'s
 * dealer; the event loop's delay inside the server in both phases.
 */
async function underLoad(server, cookie, cookie2, csv) {
  await load(server.base, cookie, 2).done; // warm-up
  await server.reset();
  const idle = await load(server.base, cookie, LOAD_SECONDS).done;
  const idleLoop = await server.stats();
  await server.reset();
  const busyLoad = load(server.base, cookie, 300);
  const during = await importFile(server.base, cookie2, csv, 'bench-prices-load.csv');
  const busyLoop = await server.stats();
  busyLoad.instance.stop();
  const busy = await busyLoad.done;
  // Let the answers of requests still in flight go out before the caller stops the server.
  await new Promise((r) => setTimeout(r, 1000));
  return { idle, idleLoop, busy, busyLoop, during, ratio: busy.latency.p99 / Math.max(1, idle.latency.p99) };
}

function printLoad(title, m) {
  log('');
  log(`${title}: GET /fc-common-api/mpp/index, ${CONNECTIONS} connections`);
  log(`   no import:     p99 ${busyFigure(m.idle)}; event loop p99 ${m.idleLoop.p99.toFixed(1)} ms (max ${m.idleLoop.max.toFixed(1)} ms)`);
  log(
    `   during import: p99 ${busyFigure(m.busy)}; event loop p99 ${m.busyLoop.p99.toFixed(1)} ms (max ${m.busyLoop.max.toFixed(1)} ms); import took ${ms(m.during.wall)}`,
  );
  log(`   p99 ratio:     ${m.ratio.toFixed(2)}x (target <= 1.5x) ${m.ratio <= 1.5 ? 'OK' : 'MISSED'}`);
  log(`   event loop:    p99 ${m.busyLoop.p99.toFixed(1)} ms during the import (target < 50 ms) ${m.busyLoop.p99 < 50 ? 'OK' : 'MISSED'}`);
}

async function benchPostgres(tmp, checks) {
  await admin(`CREATE DATABASE ${dbName}`);
  let server;
  try {
    server = await startChild('postgres', BASE_PORT, path.join(tmp, 'pg-data'));
    const db = new pg.Pool({ connectionString: dbUrl, max: 2 });
    await db.query(PARTS_SQL);
    await db.query('analyze parts');
    const dealer = await login(server.base, 'dealer');
    const dealer2 = await login(server.base, 'dealer2');
    log(`\nPostgreSQL (database ${dbName})`);

    // 1. Import alone against the psql baseline of the same rows. A small file warms both paths first; then
    // each runs IMPORT_RUNS times, alternately, every run pricing a dealer with no prices yet, so all of them insert.
    const rows = priceRows(ROWS, 0);
    const stagingPath = path.join(tmp, 'staging.csv');
    await writeFile(
      stagingPath,
      ['o,part_no,price,effective_date', ...rows.filter((r) => r[1] !== 'n/a').map((r, o) => `${o},${r[0]},${r[1]},`)].join('\n') + '\n',
    );
    await importFile(server.base, dealer2, csvOf(priceRows(1000, 5)), 'warm-up.csv');
    await psqlBaseline(stagingPath, 9999);
    const portalRuns = [];
    const psqlRuns = [];
    for (let run = 0; run < IMPORT_RUNS; run++) {
      // The dealer's prices are cleared between runs so that each run inserts every price again, and the
      // table vacuumed: psql's runs insert for merchants that never had prices, and the dead index entries of
      // the deleted ones would make each of the portal's inserts check them.
      await db.query('delete from dealer_prices where merchant_no = 1001');
      await db.query('vacuum analyze dealer_prices');
      portalRuns.push(await importFile(server.base, dealer, csvOf(rows), `bench-prices-${run}.csv`));
      psqlRuns.push(await psqlBaseline(stagingPath, 2000 + run));
    }
    const imported = portalRuns.reduce((a, b) => (b.wall < a.wall ? b : a));
    const psqlMs = Math.min(...psqlRuns);
    const ratio = imported.wall / psqlMs;
    log(`1. Upload to processed (best of ${IMPORT_RUNS} runs each, alternating, after a warm-up)`);
    log(
      `   portal:   ${ms(imported.wall)} (upload answered in ${ms(imported.upload)}), ${Math.round(ROWS / (imported.wall / 1000)).toLocaleString('en-US')} rows/s; runs ${portalRuns.map((r) => ms(r.wall)).join(', ')}`,
    );
    log(`             ${imported.message}`);
    log(`   psql:     ${ms(psqlMs)} (\\copy into a staging table + the same merge statement); runs ${psqlRuns.map(ms).join(', ')}`);
    log(`   ratio:    ${ratio.toFixed(2)}x (target <= 1.5x) ${ratio <= 1.5 ? 'OK' : 'MISSED'}`);
    checks.push({
      name: `PostgreSQL: ${ROWS.toLocaleString('en-US')}-row import, upload to processed`,
      figure: { ms: Math.round(imported.wall), rowsPerSecond: Math.round(ROWS / (imported.wall / 1000)) },
      peer: { psqlMs: Math.round(psqlMs) },
      target: '<= 1.5x psql',
      pass: ratio <= 1.5,
    });

    // 2-3. The list endpoint and the event loop, with no import and during one.
    const m = await underLoad(server, dealer, dealer2, csvOf(priceRows(ROWS, 1)));
    printLoad('2. PostgreSQL', m);
    pushLoadChecks(checks, 'PostgreSQL', m);
    await db.end();
    await server.stop();
    const held = await jobAlone({ databaseUrl: dbUrl, dataDir: path.join(tmp, 'pg-data') });
    printJobAlone('3. PostgreSQL', held, checks);
    return { importMs: imported.wall, psqlMs, importRatio: ratio, ...loadFigures(m), jobAlone: held };
  } finally {
    if (server) await server.stop();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

async function benchPglite(tmp, checks) {
  // The data directory is prepared here (migrated, demo data, the benchmark catalogue) and closed before the
  // server opens it: two processes on one PGlite directory are refused.
  const dataDir = path.join(tmp, 'pglite');
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    await seedDemo(database.db);
    await database.query(PARTS_SQL);
    await database.query('analyze parts');
  } finally {
    await database.close();
  }
  const server = await startChild('pglite', BASE_PORT + 1, dataDir);
  try {
    const dealer = await login(server.base, 'dealer');
    const dealer2 = await login(server.base, 'dealer2');
    log(`\nPGlite (embedded, the default database: its queries run on a thread of their own, decision 0998)`);
    await importFile(server.base, dealer2, csvOf(priceRows(1000, 5)), 'warm-up.csv');
    const alone = await importFile(server.base, dealer, csvOf(priceRows(ROWS, 0)), 'bench-prices-0.csv');
    log('1. Upload to processed');
    log(
      `   portal:   ${ms(alone.wall)} (upload answered in ${ms(alone.upload)}), ${Math.round(ROWS / (alone.wall / 1000)).toLocaleString('en-US')} rows/s`,
    );
    log(`             ${alone.message}`);
    checks.push({
      name: `PGlite: ${ROWS.toLocaleString('en-US')}-row import, upload to processed`,
      figure: { ms: Math.round(alone.wall), rowsPerSecond: Math.round(ROWS / (alone.wall / 1000)) },
      peer: null,
      target: 'no psql on PGlite: reported only',
      pass: true,
    });
    const m = await underLoad(server, dealer, dealer2, csvOf(priceRows(ROWS, 1)));
    printLoad('2. PGlite', m);
    pushLoadChecks(checks, 'PGlite', m);
    await server.stop();
    const held = await jobAlone({ dataDir });
    printJobAlone('3. PGlite', held, checks);
    return { importMs: alone.wall, ...loadFigures(m), jobAlone: held };
  } finally {
    await server.stop();
  }
}

function printJobAlone(title, held, checks) {
  const name = title.replace(/^\d+\. /, '');
  log(`${title}: the job alone, in this process (no HTTP load, after a 1,000-row warm-up job)`);
  log(
    `   ${ms(held.ms)}; event loop p99 ${held.loopP99.toFixed(1)} ms (max ${held.loopMax.toFixed(1)} ms); ` +
      `process CPU time between 5 ms ticks p50 ${held.cpuP50.toFixed(1)} ms, p99 ${held.cpuP99.toFixed(1)} ms (max ${held.cpuMax.toFixed(1)} ms)`,
  );
  log("   (the CPU time is every thread's: a large file is parsed in a worker thread beside the loop, so it is no longer");
  log("   the time the loop is held; the check is the loop's own delay with nothing else in this process)");
  checks.push({
    name: `${name}: event loop delay while the import runs alone (p99 between 5 ms ticks)`,
    figure: { p99Ms: Number(held.loopP99.toFixed(1)), maxMs: Number(held.loopMax.toFixed(1)) },
    peer: { processCpuP99Ms: Number(held.cpuP99.toFixed(1)) },
    target: '< 50 ms',
    pass: held.loopP99 < 50,
  });
}

/**
 * The price job in this process, with no other work, on PGlite (`{ dataDir }`) or PostgreSQL
 * (`{ databaseUrl, dataDir }`): the event loop's delay (wall time, which a busy machine inflates) and the
 * CPU time this process used between consecutive 5 ms ticks (how long the loop was really held; the
 * machine's other processes do not add to it). A 1,000-row job runs first, so the figure is that of a
 * server that has imported before (compiled code), as the HTTP phases' warm-up file gives them.
 */
async function jobAlone(where) {
  const database = await openDatabase(where);
  try {
    const ctx = {
      config: loadConfig({ ...process.env, DATA_DIR: where.dataDir }),
      database,
      db: database.db,
      mailer: { send: async () => {} },
    };
    const store = async (csv, rowCount) => {
      const content = Buffer.from(csv);
      const [row] = await database.db
        .insert(inboundFiles)
        .values({
          kind: 'price',
          fileName: 'bench-alone.csv',
          content,
          byteSize: content.length,
          sha256: '',
          merchantNo: 1002,
          params: { rowCount: rowCount + 1 },
          jobId: randomUUID(),
        })
        .returning({ seq: inboundFiles.seq });
      return row;
    };
    await priceFileJob.handle(ctx, { seq: (await store(csvOf(priceRows(1000, 3)), 1000)).seq }, pino({ level: 'silent' }));
    const row = await store(csvOf(priceRows(ROWS, 2)), ROWS);
    const walls = [];
    const cpus = [];
    let lastWall = performance.now();
    let lastCpu = process.cpuUsage();
    const tick = setInterval(() => {
      const now = performance.now();
      const cpu = process.cpuUsage();
      walls.push(now - lastWall);
      cpus.push((cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000);
      lastWall = now;
      lastCpu = cpu;
    }, 5);
    const started = performance.now();
    await priceFileJob.handle(ctx, { seq: row.seq }, pino({ level: 'silent' }));
    const took = performance.now() - started;
    clearInterval(tick);
    const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
    return {
      ms: took,
      loopP99: pct(walls, 0.99),
      loopMax: Math.max(...walls),
      cpuP50: pct(cpus, 0.5),
      cpuP99: pct(cpus, 0.99),
      cpuMax: Math.max(...cpus),
    };
  } finally {
    await database.close();
  }
}

function pushLoadChecks(checks, name, m) {
  checks.push(
    {
      name: `${name}: list p99 during a ${ROWS.toLocaleString('en-US')}-row import`,
      figure: { p99Ms: m.busy.latency.p99, rps: Math.round(m.busy.requests.average) },
      peer: { p99Ms: m.idle.latency.p99, rps: Math.round(m.idle.requests.average) },
      target: '<= 1.5x no import',
      pass: m.ratio <= 1.5,
    },
    {
      name: `${name}: event loop p99 during the import`,
      figure: { p99Ms: Number(m.busyLoop.p99.toFixed(1)), maxMs: Number(m.busyLoop.max.toFixed(1)) },
      peer: { p99Ms: Number(m.idleLoop.p99.toFixed(1)) },
      target: '< 50 ms',
      pass: m.busyLoop.p99 < 50,
    },
  );
}

const loadFigures = (m) => ({
  listP99Ms: { idle: m.idle.latency.p99, duringImport: m.busy.latency.p99 },
  listP99Ratio: Number(m.ratio.toFixed(2)),
  eventLoopP99Ms: { idle: Number(m.idleLoop.p99.toFixed(1)), duringImport: Number(m.busyLoop.p99.toFixed(1)) },
});

async function main() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-import-'));
  log(
    `Price-file import benchmark: ${ROWS.toLocaleString('en-US')} rows on ${DATABASES.join(' and ')}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}`,
  );
  const checks = [];
  const figures = {};
  try {
    if (DATABASES.includes('postgres')) figures.postgres = await benchPostgres(tmp, checks);
    if (DATABASES.includes('pglite')) figures.pglite = await benchPglite(tmp, checks);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  log(`\n(load average at the end: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`);
  // The summary `npm run bench` (bench/run-all.mjs) reads: the last line, after the BENCH_JSON tag.
  log(`BENCH_JSON ${JSON.stringify({ benchmark: 'import', pass: checks.every((c) => c.pass), rows: ROWS, checks, ...figures })}`);
}

function busyFigure(result) {
  return `${result.latency.p99} ms (p50 ${result.latency.p50} ms, ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx)`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
