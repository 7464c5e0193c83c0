import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseName, dropDatabase, quoteIdent, urlWithDatabase } from '../helpers/database';
import { FORM_TOKEN } from '../helpers/http';
import { freePorts, serverReady, startServerProcess, stopServerProcesses, type ServerProcess } from '../helpers/server-process';

/**
 * Several server processes on one PostgreSQL database (README, "Several processes behind a load
 * balancer"): two real `main.ts` processes started at once on an empty database (both migrate under the
 * advisory lock and seed once), a session made through one used through the other, a price file accepted
 * by one processed once by a worker of either, and a process killed (SIGKILL) in the middle of a file
 * whose work the other takes over. Needs PostgreSQL: PGlite is one process's embedded database.
 */
const ADMIN_URL = process.env.DATABASE_URL;
/** Short, so that the survivor takes the killed process's file over within the test's time box. */
const STALE_SECONDS = 6;
/** Catalogue parts for the big file; every row of it is accepted, so dealer_prices must end with exactly this many. */
const BIG_ROWS = 150_000;

describe.skipIf(!ADMIN_URL)('several server processes on one PostgreSQL database', () => {
  const scratch = databaseName('fc_multi');
  const scratchUrl = ADMIN_URL ? urlWithDatabase(ADMIN_URL, scratch) : '';
  let pool: pg.Pool;
  let dataRoot: string;
  const procs: ServerProcess[] = [];

  const url = (p: ServerProcess, pathname: string) => `http://127.0.0.1:${p.port}${pathname}`;
  const origin = (p: ServerProcess) => `http://localhost:${p.port}`;

  function start(name: string, port: number): ServerProcess {
    const u = new URL(scratchUrl);
    // The connections carry the process's name, so the test can tell which process runs a file.
    u.searchParams.set('application_name', name);
    const p = startServerProcess(name, port, {
      DATABASE_URL: u.toString(),
      DATA_DIR: path.join(dataRoot, name),
      SEED_DEMO: 'true',
      JOBS_ENABLED: 'true',
      JOB_STALE_SECONDS: String(STALE_SECONDS),
    });
    procs.push(p);
    return p;
  }

  async function signIn(p: ServerProcess, username: string, type: string): Promise<string> {
    const res = await fetch(url(p, `/framework/login/${type}`), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin(p), cookie: `fc_csrf=${FORM_TOKEN}` },
      body: new URLSearchParams({ USERNAME: username, PASSWORD: 'Demo2026', CSRF_TOKEN: FORM_TOKEN }).toString(),
    });
    expect(res.status).toBe(303);
    const cookie = res.headers.getSetCookie().find((c) => !/=;|Max-Age=0/i.test(c));
    expect(cookie, `no session cookie from ${p.name}: ${res.headers.get('location')}`).toBeTruthy();
    return cookie!.split(';')[0]!;
  }

  async function uploadPrice(p: ServerProcess, cookie: string, content: string, fileName: string) {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/csv' }), fileName);
    const res = await fetch(url(p, '/fc-common-api/mpp/price'), {
      method: 'POST',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest', origin: origin(p) },
      body: form,
    });
    const body = (await res.json()) as { data: { attributes: { job_id: string; sequence: number } }[] };
    expect(res.status, JSON.stringify(body)).toBe(202);
    return body.data[0]!.attributes;
  }

  async function fileRow(seq: number) {
    const { rows } = await pool.query<{
      state: string;
      attempts: number;
      rows_done: number;
      unit_status: number | null;
      message: string | null;
    }>('select state, attempts, rows_done, unit_status, message from inbound_files where seq = $1', [seq]);
    return rows[0]!;
  }

  /** The file's audit trail: its upload and its processing, once each, whichever process did them. */
  async function expectAuditedOnce(seq: number) {
    const { rows } = await pool.query<{ action: string; n: number }>(
      "select action, count(*)::int as n from audit_log where entity = 'inbound_file' and entity_id = $1 group by action order by action",
      [String(seq)],
    );
    expect(rows).toEqual([
      { action: 'processed', n: 1 },
      { action: 'upload', n: 1 },
    ]);
  }

  async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, everyMs = 100): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }

  beforeAll(async () => {
    dataRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-multi-'));
    await adminQuery(ADMIN_URL!, `CREATE DATABASE ${quoteIdent(scratch)}`);
    pool = new pg.Pool({ connectionString: scratchUrl, max: 2 });
    // Both at once on the empty database: migrations under the advisory lock, the demo seed once.
    const [portA, portB] = await freePorts(2);
    const a = start('fc_proc_a', portA!);
    const b = start('fc_proc_b', portB!);
    await Promise.all([serverReady(a), serverReady(b)]);
  }, 120_000);

  afterAll(async () => {
    await stopServerProcesses(procs, 'SIGKILL');
    await pool?.end();
    if (ADMIN_URL) await dropDatabase(ADMIN_URL, scratch);
    if (dataRoot) await fs.rm(dataRoot, { recursive: true, force: true });
  });

  it('starts both on one empty database: migrated once, seeded once', async () => {
    const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from users where username = 'dealer'");
    expect(rows[0]!.n).toBe(1);
  });

  it('a session made through one process works through the other', async () => {
    const [a, b] = procs;
    const cookie = await signIn(a!, 'corp', 'corp');
    for (const p of [a!, b!]) {
      const res = await fetch(url(p, '/fc-common-api/users/current'), { headers: { cookie } });
      expect(res.status, `${p.name}`).toBe(200);
      const body = (await res.json()) as { data: { attributes: Record<string, unknown> }[] };
      expect(JSON.stringify(body.data[0]!.attributes)).toContain('corp');
    }
    // Signing out through the other ends it everywhere.
    const out = await fetch(url(b!, '/framework/logout'), {
      method: 'POST',
      headers: { cookie: `${cookie}; fc_csrf=${FORM_TOKEN}`, 'content-type': 'application/x-www-form-urlencoded', origin: origin(b!) },
      body: new URLSearchParams({ CSRF_TOKEN: FORM_TOKEN }).toString(),
      redirect: 'manual',
    });
    expect(out.status).toBe(303);
    const after = await fetch(url(a!, '/fc-common-api/users/current'), { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('a price file accepted by one process is processed once, by a worker of either', async () => {
    const [a, b] = procs;
    const cookie = await signIn(b!, 'dealer', 'merc');
    const { rows: parts } = await pool.query<{ part_no: string; program_price: string }>(
      'select part_no, program_price::text from parts where program_price is not null order by part_no limit 3',
    );
    expect(parts.length).toBeGreaterThan(0);
    const content = ['part_no,price', ...parts.map((p) => `${p.part_no},${(Number(p.program_price) - 1).toFixed(2)}`)].join('\n');
    const { job_id, sequence } = await uploadPrice(a!, cookie, content, 'small.csv');
    // The status call answers through either process.
    const status = await waitFor(
      'the small file to be processed',
      async () => {
        const res = await fetch(url(b!, `/fc-common-api/mpp/status?job_id=${job_id}`), {
          headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
        });
        const body = (await res.json()) as { data: { attributes: { status: number; osReturnCode: number | null } }[] };
        return body.data[0]!.attributes.status === 26 ? undefined : body.data[0]!.attributes;
      },
      30_000,
      200,
    );
    expect(status).toMatchObject({ status: 19 });
    const row = await fileRow(sequence);
    expect(row).toMatchObject({ state: 'done', attempts: 1, unit_status: 0 });
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from dealer_prices where source_file_seq = $1', [sequence]);
    expect(rows[0]!.n).toBe(parts.length);
    await expectAuditedOnce(sequence);
  });

  it('a process killed in the middle of a file loses nothing: the other finishes it', async () => {
    const [a, b] = procs;
    await pool.query(
      `insert into parts (part_no, description, program_price)
       select 'MP' || lpad(g::text, 7, '0'), 'Multi-process part ' || g, 100.00 from generate_series(1, $1) g`,
      [BIG_ROWS],
    );
    const cookie = await signIn(a!, 'dealer', 'merc');
    const lines = ['part_no,price'];
    for (let g = 1; g <= BIG_ROWS; g++) lines.push(`MP${String(g).padStart(7, '0')},${(50 + (g % 50)).toFixed(2)}`);
    const { sequence } = await uploadPrice(b!, cookie, lines.join('\n'), 'big.csv');

    // Wait until some batches are committed, then find the process running the file: the one whose
    // connection ran the price merge last.
    await waitFor('the big file to be under way', async () => ((await fileRow(sequence)).rows_done > 0 ? true : undefined), 60_000, 50);
    // pg_stat_activity shows each connection's latest statement: between two batches the merge's connection
    // may show another one (a busy machine once caught it there), so look again until a merge shows.
    const runnerName = await waitFor(
      'a process running the price merge',
      async () => {
        const { rows } = await pool.query<{ application_name: string }>(
          `select application_name from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query ilike '%insert into dealer_prices%'
            order by query_start desc limit 1`,
        );
        return procs.some((p) => p.name === rows[0]?.application_name) ? rows[0]!.application_name : undefined;
      },
      60_000,
      20,
    );
    const runner = procs.find((p) => p.name === runnerName);
    expect(runner, 'no process runs the price merge').toBeTruthy();
    const survivor = runner === a ? b! : a!;
    runner!.child.kill('SIGKILL');
    await runner!.exited;
    const cut = await fileRow(sequence);
    expect(cut.state).toBe('running');
    expect(cut.rows_done).toBeLessThan(BIG_ROWS);

    // The survivor's sweep sends a job for the orphaned file once its heartbeat is stale; the claim then
    // counts a second attempt and the idempotent merge redoes the file without duplicates.
    const done = await waitFor(
      'the survivor to finish the file',
      async () => {
        const row = await fileRow(sequence);
        return row.state === 'running' || row.state === 'queued' ? undefined : row;
      },
      70_000,
      250,
    );
    expect(done, survivor.output.join('')).toMatchObject({ state: 'done', attempts: 2, unit_status: 0, rows_done: BIG_ROWS });
    const { rows } = await pool.query<{ n: number; distinct_parts: number; other: number }>(
      `select count(*)::int as n, count(distinct part_no)::int as distinct_parts,
              count(*) filter (where source_file_seq <> $1)::int as other
         from dealer_prices where merchant_no = 1001 and part_no like 'MP%'`,
      [sequence],
    );
    expect(rows[0]).toEqual({ n: BIG_ROWS, distinct_parts: BIG_ROWS, other: 0 });
    await expectAuditedOnce(sequence);
    // The survivor still serves.
    const res = await fetch(url(survivor, '/fc-common-api/users/current'), { headers: { cookie } });
    expect(res.status).toBe(200);
  });
});
