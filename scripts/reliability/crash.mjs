#!/usr/bin/env node
/**
 * The crash harness (issue 11): the real server process is killed with SIGKILL at random moments and
 * started again, and nothing that was acknowledged may be lost or done twice.
 *
 *   1. PostgreSQL (a scratch database, dropped at the end): CRASH_KILLS kills (20; 3 with --short), in
 *      turn during an upload, right after its 202, and while its job runs, alternating price files
 *      (dealer) and transaction files (corporate). Then the server is started once more and left to
 *      finish. Figures: acknowledged uploads lost (0), acknowledged files not processed (0), jobs finished
 *      twice (0), duplicated rows (0), files left queued or running (0), restarts that failed (0).
 *   2. PGlite (a scratch data directory): PGLITE_KILLS kills (10; 3 with --short) while starting, right
 *      after an upload's 202 and while its job runs. The directory must open again after every kill (the
 *      lock file of the dead process must not block the restart), and no acknowledged upload may be lost.
 *   3. Only with RELIABILITY_PG_RESTART=1: the PostgreSQL server is stopped (immediate mode) and started
 *      again under traffic. The portal must keep running, answer 503 (never another 5xx) while the database
 *      is away, and recover by itself. RELIABILITY_PG_STOP and RELIABILITY_PG_START override the commands
 *      (default: pg_ctlcluster <version> main stop -m immediate / start). Never run it while others use
 *      that PostgreSQL server.
 *
 * Environment: DATABASE_URL (maintenance connection; default postgres://postgres@127.0.0.1:5432/test),
 * CRASH_SEED (replays the random moments), RELIABILITY_FIGURES_DIR (where the figures are written).
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { checker, freePorts, kill, recordFigures, scratchDatabase, signIn, sleep, startPortal, upload, waitReady } from './lib.mjs';

const SHORT = process.argv.includes('--short') || process.env.RELIABILITY_SHORT === '1';
const KILLS = Number(process.env.CRASH_KILLS ?? (SHORT ? 3 : 20));
const PGLITE_KILLS = Number(process.env.PGLITE_KILLS ?? (SHORT ? 3 : 10));
/** Rows of the files whose jobs are killed: long enough to be caught running. */
const BIG_ROWS = Number(process.env.CRASH_BIG_ROWS ?? (SHORT ? 20_000 : 30_000));
/** How long the restarted server gets to finish every file (a dead process's file waits for its heartbeat to go stale). */
const FINISH_MS = SHORT ? 60_000 : 180_000;
const SMALL_ROWS = 2_000;

// A small seeded generator, so that a run's random moments can be replayed (CRASH_SEED).
let seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
const SEED = seed;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const between = (lo, hi) => Math.round(lo + random() * (hi - lo));
const sha256 = (s) => createHash('sha256').update(s).digest('hex');

/** A price file of catalogue parts CK0000001..; prices differ per file (all under the programme price). */
function priceFile(i, rows) {
  const lines = ['part_no,price'];
  for (let g = 1; g <= rows; g++) lines.push(`CK${String(g).padStart(7, '0')},${(50 + ((g + i) % 49)).toFixed(2)}`);
  return lines.join('\n') + '\n';
}

/** A transaction file of customer 10001 whose invoices are this file's own, so any duplicate shows. */
function transactionFile(i, rows) {
  const lines = ['cust_no,date,invoice,item_code,amount,currency'];
  for (let g = 1; g <= rows; g++) lines.push(`10001,01/15/2026,CR${i}-${g},A${g % 7},${(1 + (g % 90)).toFixed(2)},USD`);
  return lines.join('\n') + '\n';
}

/** Waits until no file is queued or running; answers how many still are when the time is up. */
async function untilFilesFinished(pool, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query("select count(*)::int as n from inbound_files where state in ('queued', 'running')");
    if (rows[0].n === 0 || Date.now() > until) return rows[0].n;
    await sleep(500);
  }
}

// ---- 1. PostgreSQL ----------------------------------------------------------------------------------

async function postgresCrashes(check) {
  const db = await scratchDatabase('fc_crash');
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => {});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-crash-pg-'));
  const [port] = await freePorts(1);
  const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, JOB_STALE_SECONDS: '4' };
  const figures = {
    database: 'postgresql',
    kills: 0,
    killsDuringUpload: 0,
    killsAfterAcknowledgement: 0,
    killsDuringJob: 0,
    jobsCaughtRunning: 0,
    restarts: 0,
    failedRestarts: 0,
    restartMsMax: 0,
    acknowledgedUploads: 0,
    unacknowledgedButStored: 0,
    acknowledgedUploadsLost: 0,
    acknowledgedNotProcessed: 0,
    jobsFinishedTwice: 0,
    duplicatedRows: 0,
    transactionRowsMissing: 0,
    filesLeftUnfinished: 0,
  };
  let p;
  try {
    p = startPortal({ port, env, name: 'portal on PostgreSQL' });
    await waitReady(p);
    await pool.query(
      `insert into parts (part_no, description, program_price)
       select 'CK' || lpad(g::text, 7, '0'), 'Crash harness part ' || g, 100.00 from generate_series(1, $1::int) g
       on conflict do nothing`,
      [BIG_ROWS],
    );
    // Sessions live in the database: the cookies stay valid across restarts.
    const cookies = { price: await signIn(p, 'dealer', 'merc'), transactions: await signIn(p, 'corp', 'corp') };
    const urls = { price: '/fc-common-api/mpp/price', transactions: '/fc-common-api/transactions/file' };
    const acks = [];
    const sent = [];

    for (let i = 0; i < KILLS; i++) {
      const scenario = ['during-upload', 'after-acknowledgement', 'during-job'][i % 3];
      const kind = Math.floor(i / 3) % 2 === 0 ? 'price' : 'transactions';
      const rows = scenario === 'after-acknowledgement' ? SMALL_ROWS : BIG_ROWS;
      const content = kind === 'price' ? priceFile(i, rows) : transactionFile(i, rows);
      const fileName = `crash-${i}-${scenario}.csv`;
      sent.push({ fileName, sha: sha256(content) });
      const acknowledge = async (res) => {
        const body = await res.json().catch(() => ({}));
        if (res.status !== 202) throw new Error(`upload ${fileName} answered ${res.status} ${JSON.stringify(body)}`);
        const a = body.data[0].attributes;
        const ack = { seq: a.sequence, jobId: a.job_id, sha: sha256(content), kind, rows, fileName };
        acks.push(ack);
        return ack;
      };

      if (scenario === 'during-upload') {
        const pending = upload(p, cookies[kind], urls[kind], content, fileName).then(acknowledge, () => undefined);
        await sleep(between(0, 120));
        await kill(p);
        await pending.catch(() => undefined);
        figures.killsDuringUpload++;
      } else if (scenario === 'after-acknowledgement') {
        await acknowledge(await upload(p, cookies[kind], urls[kind], content, fileName));
        await kill(p);
        figures.killsAfterAcknowledgement++;
      } else {
        const ack = await acknowledge(await upload(p, cookies[kind], urls[kind], content, fileName));
        // Wait for the job to be under way, then kill it at a random moment of its run.
        const until = Date.now() + 30_000;
        for (;;) {
          const { rows: r } = await pool.query('select state, rows_done from inbound_files where seq = $1', [ack.seq]);
          if ((r[0]?.state === 'running' && r[0].rows_done > 0) || r[0]?.state === 'done' || Date.now() > until) {
            if (r[0]?.state === 'running') figures.jobsCaughtRunning++;
            break;
          }
          await sleep(20);
        }
        await sleep(between(0, 400));
        await kill(p);
        figures.killsDuringJob++;
      }
      figures.kills++;

      // Start again.
      p = startPortal({ port, env, name: 'portal on PostgreSQL' });
      figures.restarts++;
      try {
        figures.restartMsMax = Math.max(figures.restartMsMax, await waitReady(p));
      } catch (err) {
        figures.failedRestarts++;
        console.error(String(err));
        p = startPortal({ port, env, name: 'portal on PostgreSQL' });
        await waitReady(p);
      }
    }

    // Left to finish: a file whose process died is taken over once its heartbeat is stale.
    figures.filesLeftUnfinished = await untilFilesFinished(pool, FINISH_MS);

    figures.acknowledgedUploads = acks.length;
    for (const a of acks) {
      const { rows } = await pool.query('select state, job_id, sha256 from inbound_files where seq = $1', [a.seq]);
      const row = rows[0];
      if (!row || row.job_id !== a.jobId || row.sha256 !== a.sha) {
        figures.acknowledgedUploadsLost++;
        check.expect(false, `acknowledged upload ${a.fileName} (seq ${a.seq}) is not stored as sent`);
        continue;
      }
      if (row.state !== 'done') {
        figures.acknowledgedNotProcessed++;
        const { rows: job } = await pool.query('select state, started_on from pgboss.job where id = $1', [a.jobId]);
        check.expect(
          false,
          `acknowledged upload ${a.fileName} (seq ${a.seq}) is still ${row.state} ${FINISH_MS / 1000} s after the last restart; ` +
            `its pg-boss job ${a.jobId} is ${job[0] ? `${job[0].state} since ${job[0].started_on?.toISOString()}` : 'gone'}`,
        );
      }
      if (a.kind === 'transactions') {
        const { rows: n } = await pool.query('select count(*)::int as n from transactions where source_file_seq = $1', [a.seq]);
        figures.transactionRowsMissing += a.rows - n[0].n;
      }
    }
    const { rows: stored } = await pool.query('select sha256 from inbound_files');
    const ackedShas = new Set(acks.map((a) => a.sha));
    figures.unacknowledgedButStored = stored.filter((r) => !ackedShas.has(r.sha256) && sent.some((s) => s.sha === r.sha256)).length;
    const one = async (sql) => (await pool.query(sql)).rows[0].n;
    figures.jobsFinishedTwice = await one(
      `select count(*)::int as n from (select entity_id from audit_log where entity = 'inbound_file' and action in ('processed', 'failed')
        group by entity_id having count(*) > 1) d`,
    );
    figures.duplicatedRows =
      (await one('select count(*)::int as n from (select 1 from dealer_prices group by merchant_no, part_no having count(*) > 1) d')) +
      (await one(
        'select count(*)::int as n from (select 1 from transactions group by cust_no, invoice, item_code having count(*) > 1) d',
      )) +
      (await one(
        "select count(*)::int as n from (select 1 from audit_log where entity = 'inbound_file' and action = 'upload' group by entity_id having count(*) > 1) d",
      ));
  } finally {
    if (p) await kill(p, 'SIGTERM');
    await pool.end();
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  check.expect(figures.acknowledgedUploadsLost === 0, `PostgreSQL: ${figures.acknowledgedUploadsLost} acknowledged uploads lost`);
  check.expect(figures.jobsFinishedTwice === 0, `PostgreSQL: ${figures.jobsFinishedTwice} jobs finished twice`);
  check.expect(figures.duplicatedRows === 0, `PostgreSQL: ${figures.duplicatedRows} duplicated rows`);
  check.expect(figures.transactionRowsMissing === 0, `PostgreSQL: ${figures.transactionRowsMissing} transaction rows missing`);
  check.expect(figures.filesLeftUnfinished === 0, `PostgreSQL: ${figures.filesLeftUnfinished} files left queued or running`);
  check.expect(figures.failedRestarts === 0, `PostgreSQL: ${figures.failedRestarts} restarts failed`);
  check.expect(figures.kills === KILLS, `PostgreSQL: ${figures.kills} of ${KILLS} kills`);
  return figures;
}

// ---- 2. PGlite --------------------------------------------------------------------------------------

async function pgliteCrashes(check) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-crash-pglite-'));
  const [port] = await freePorts(1);
  const env = { DATABASE_URL: undefined, DATA_DIR: dataDir, JOB_STALE_SECONDS: '4' };
  const figures = {
    database: 'pglite',
    kills: 0,
    killsWhileStarting: 0,
    killsAfterAcknowledgement: 0,
    killsDuringJob: 0,
    reopened: 0,
    blockedByLock: 0,
    failedToOpen: 0,
    restartMsMax: 0,
    acknowledgedUploads: 0,
    acknowledgedUploadsLost: 0,
    acknowledgedNotProcessed: 0,
  };
  let p;
  const acks = [];
  const reopen = async () => {
    p = startPortal({ port, env, name: 'portal on PGlite' });
    try {
      figures.restartMsMax = Math.max(figures.restartMsMax, await waitReady(p, 180_000));
      figures.reopened++;
      return true;
    } catch (err) {
      const exit = await Promise.race([p.exited, sleep(100).then(() => undefined)]);
      if (exit?.code === 3) figures.blockedByLock++;
      else figures.failedToOpen++;
      console.error(String(err).slice(0, 2000));
      return false;
    }
  };
  try {
    if (!(await reopen())) throw new Error('the portal did not start on a fresh PGlite directory');
    for (let i = 0; i < PGLITE_KILLS; i++) {
      const scenario = ['while-starting', 'after-acknowledgement', 'during-job'][i % 3];
      if (scenario === 'while-starting') {
        await kill(p);
        p = startPortal({ port, env, name: 'portal on PGlite' });
        // Somewhere between opening the directory and answering.
        await sleep(between(200, 2500));
        await kill(p);
        figures.killsWhileStarting++;
      } else {
        const cookie = await signIn(p, 'dealer', 'merc');
        const rows = scenario === 'during-job' ? 5_000 : 200;
        const content = priceFile(i, rows);
        const res = await upload(p, cookie, '/fc-common-api/mpp/price', content, `pglite-${i}.csv`);
        const body = await res.json();
        if (res.status !== 202) throw new Error(`PGlite upload answered ${res.status} ${JSON.stringify(body)}`);
        acks.push({ jobId: body.data[0].attributes.job_id, seq: body.data[0].attributes.sequence });
        if (scenario === 'during-job') await sleep(between(0, 1500));
        await kill(p);
        figures[scenario === 'during-job' ? 'killsDuringJob' : 'killsAfterAcknowledgement']++;
      }
      figures.kills++;
      if (!(await reopen())) {
        check.expect(false, `PGlite: the data directory did not open after kill ${i + 1}`);
        // Carry on from a clean start is impossible on this directory; stop here.
        break;
      }
    }
    // Every acknowledged file is there, and processed, through the API (PGlite is this process's alone).
    figures.acknowledgedUploads = acks.length;
    if (p.child.exitCode === null) {
      const cookie = await signIn(p, 'dealer', 'merc');
      const until = Date.now() + FINISH_MS;
      for (const a of acks) {
        let status;
        for (;;) {
          const res = await fetch(`${p.base}/fc-common-api/mpp/status?job_id=${a.jobId}`, {
            headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
          });
          // Attribute names are kebab-case; os-return-code stays null until the file is processed.
          status = res.status === 200 ? (await res.json()).data[0].attributes : { missing: res.status };
          if (status.missing || status['os-return-code'] !== null || Date.now() > until) break;
          await sleep(500);
        }
        if (status.missing) figures.acknowledgedUploadsLost++;
        else if (status['os-return-code'] !== 0) {
          figures.acknowledgedNotProcessed++;
          check.expect(false, `PGlite: acknowledged upload ${a.seq} ended with ${JSON.stringify(status)}`);
        }
      }
    }
  } finally {
    if (p) await kill(p, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  check.expect(figures.blockedByLock === 0, `PGlite: ${figures.blockedByLock} restarts blocked by the lock file`);
  check.expect(figures.failedToOpen === 0, `PGlite: ${figures.failedToOpen} restarts failed to open the directory`);
  check.expect(figures.acknowledgedUploadsLost === 0, `PGlite: ${figures.acknowledgedUploadsLost} acknowledged uploads lost`);
  check.expect(figures.acknowledgedNotProcessed === 0, `PGlite: ${figures.acknowledgedNotProcessed} acknowledged uploads not processed`);
  return figures;
}

// ---- 3. PostgreSQL restart under traffic (RELIABILITY_PG_RESTART=1) --------------------------------------

function pgCommands() {
  const version = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql').sort().at(-1) : undefined;
  return {
    stop: process.env.RELIABILITY_PG_STOP ?? `pg_ctlcluster ${version} main stop -m immediate`,
    start: process.env.RELIABILITY_PG_START ?? `pg_ctlcluster ${version} main start`,
  };
}

async function postgresRestart(check) {
  const commands = pgCommands();
  const db = await scratchDatabase('fc_pgrestart');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-pgrestart-'));
  const [port] = await freePorts(1);
  const env = { DATABASE_URL: db.url, DATA_DIR: dataDir };
  const figures = {
    database: 'postgresql',
    outageSeconds: 0,
    requests: 0,
    answersWhileAway: {},
    otherServerErrors: 0,
    connectionFailures: 0,
    serverExited: false,
    recoverySeconds: null,
  };
  const p = startPortal({ port, env, name: 'portal on PostgreSQL (restart)' });
  let stopTraffic = false;
  let phase = 'before';
  let databaseBackAt = 0;
  try {
    await waitReady(p);
    const cookie = await signIn(p, 'corp', 'corp');
    const traffic = (async () => {
      while (!stopTraffic) {
        for (const url of ['/fc-common-api/audit?page[size]=5', '/readyz', '/fc-common-api/users/current']) {
          try {
            const res = await fetch(`${p.base}${url}`, { headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
            await res.arrayBuffer();
            figures.requests++;
            if (phase === 'away') figures.answersWhileAway[res.status] = (figures.answersWhileAway[res.status] ?? 0) + 1;
            if (res.status >= 500 && res.status !== 503) {
              figures.otherServerErrors++;
              console.error(`${url} answered ${res.status} (${phase})`);
            }
            if (phase === 'back' && res.status === 200 && url.startsWith('/fc-common-api/audit') && figures.recoverySeconds === null) {
              figures.recoverySeconds = Math.round((Date.now() - databaseBackAt) / 100) / 10;
            }
          } catch {
            figures.connectionFailures++;
          }
        }
        await sleep(50);
      }
    })();
    await sleep(3_000);
    const stoppedAt = Date.now();
    execSync(commands.stop, { stdio: 'inherit' });
    phase = 'away';
    await sleep(5_000);
    execSync(commands.start, { stdio: 'inherit' });
    figures.outageSeconds = Math.round((Date.now() - stoppedAt) / 100) / 10;
    phase = 'back';
    databaseBackAt = Date.now();
    const until = Date.now() + 60_000;
    while (figures.recoverySeconds === null && Date.now() < until) await sleep(200);
    await sleep(2_000);
    stopTraffic = true;
    await traffic;
    figures.serverExited = p.child.exitCode !== null || p.child.signalCode !== null;
  } finally {
    stopTraffic = true;
    await kill(p, 'SIGTERM');
    await db.drop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  check.expect(!figures.serverExited, 'PostgreSQL restart: the portal process exited');
  check.expect(figures.otherServerErrors === 0, `PostgreSQL restart: ${figures.otherServerErrors} answers 5xx other than 503`);
  check.expect(figures.connectionFailures === 0, `PostgreSQL restart: ${figures.connectionFailures} requests found no server`);
  check.expect((figures.answersWhileAway[503] ?? 0) > 0, 'PostgreSQL restart: no 503 while the database was away');
  check.expect(figures.recoverySeconds !== null, 'PostgreSQL restart: the portal did not recover within 60 s');
  return figures;
}

// ---- the run ----------------------------------------------------------------------------------------

const check = checker();
const started = Date.now();
console.log(`crash harness: ${KILLS} kills on PostgreSQL, ${PGLITE_KILLS} on PGlite, seed ${SEED}${SHORT ? ' (short form)' : ''}`);
const postgres = await postgresCrashes(check);
console.log(`figures crash (PostgreSQL): ${JSON.stringify(postgres)}`);
const pglite = await pgliteCrashes(check);
console.log(`figures crash (PGlite): ${JSON.stringify(pglite)}`);
let pgRestart = null;
if (process.env.RELIABILITY_PG_RESTART === '1') {
  pgRestart = await postgresRestart(check);
  console.log(`figures PostgreSQL restart: ${JSON.stringify(pgRestart)}`);
} else {
  console.log('PostgreSQL restart under traffic: not run (set RELIABILITY_PG_RESTART=1; it stops the shared PostgreSQL server)');
}
recordFigures('crash', {
  short: SHORT,
  seed: SEED,
  seconds: Math.round((Date.now() - started) / 1000),
  postgres,
  pglite,
  postgresRestart: pgRestart,
  failures: check.failures,
});
check.finish('crash harness');
