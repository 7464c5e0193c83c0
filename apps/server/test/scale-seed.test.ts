import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { PROGRAMS } from '@fc/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, postgresDatabase } from '../src/db/client';
import { SCALE_CUST_BASE, SCALE_LARGE, seedScale, type ScaleStep } from '../src/seed/scale';
import { adminQuery, databaseName, dropDatabase, quoteIdent, urlWithDatabase } from './helpers/database';

/**
 * `npm run seed -- --scale large` (issue 10: the benchmarks' data set, quick enough to run in CI) on a
 * scratch PostgreSQL database: the command a developer runs, timed, then the counts, the indexes it drops
 * and rebuilds around the million transactions, and the rebate triggers' spend. Needs PostgreSQL (the scale
 * seed is meant for it, and `npm test` on PostgreSQL is where CI covers it).
 */
const ADMIN_URL = process.env.DATABASE_URL;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The whole large data set within two minutes on the 2-CPU CI machine (about 10-15 s when it is idle). */
const LIMIT_SECONDS = 120;
const run = promisify(execFile);

describe.skipIf(!ADMIN_URL)('npm run seed -- --scale large on PostgreSQL', () => {
  const scratch = databaseName('fc_scale');
  const scratchUrl = ADMIN_URL ? urlWithDatabase(ADMIN_URL, scratch) : '';
  let pool: pg.Pool;
  let indexesBefore: string[];
  let seconds: number;
  let output: string;

  const seed = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/seed.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: scratchUrl },
      maxBuffer: 10 * 1024 * 1024,
    });
  const one = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as T;
  const transactionIndexes = async () =>
    (await pool.query<{ def: string }>("select indexdef as def from pg_indexes where tablename = 'transactions' order by 1")).rows.map(
      (r) => r.def,
    );

  beforeAll(async () => {
    await adminQuery(ADMIN_URL!, `CREATE DATABASE ${quoteIdent(scratch)}`);
    pool = new pg.Pool({ connectionString: scratchUrl, max: 2 });
    // The demo data first (migrations, users), so that the timed run is the large data set alone.
    await seed();
    indexesBefore = await transactionIndexes();
    const t0 = performance.now();
    ({ stdout: output } = await seed('--scale', 'large'));
    seconds = (performance.now() - t0) / 1000;
  }, 300_000);

  afterAll(async () => {
    await pool?.end();
    if (ADMIN_URL) await dropDatabase(ADMIN_URL, scratch);
  });

  it(`loads within ${LIMIT_SECONDS} s and prints the time of each table`, () => {
    expect(seconds).toBeLessThan(LIMIT_SECONDS);
    for (const table of ['customers', 'item codes', 'transactions', 'enrolments']) expect(output).toMatch(new RegExp(`${table}.* s\\n`));
    expect(output).toMatch(/total \d+\.\d s/);
  });

  it('holds 100,000 customers, 1,000,000 transactions, 100,000 item codes and 10,000 enrolments', async () => {
    const base = [SCALE_CUST_BASE];
    expect(await one('select count(*)::int as n from customers where cust_no >= $1', base)).toEqual({ n: SCALE_LARGE.customers });
    expect(await one('select count(*)::int as n from transactions where cust_no >= $1', base)).toEqual({ n: SCALE_LARGE.transactions });
    expect(
      await one(
        "select count(*)::int as n from loyalty_item_codes ic join loyalty_bundles b using (bundle_seq) where b.name like 'Scale bundle %'",
      ),
    ).toEqual({ n: SCALE_LARGE.itemCodes });
    expect(await one('select count(*)::int as n from loyalty_enrolments where cust_no >= $1', base)).toEqual({ n: SCALE_LARGE.enrolments });
    // Every customer in a programme the list and the filter name (the list showed a bare "98" before).
    expect(
      await one('select count(*)::int as n from customers where cust_no >= $1 and not (program = any($2::int[]))', [
        SCALE_CUST_BASE,
        PROGRAMS.map((p) => p.value),
      ]),
    ).toEqual({ n: 0 });
    // Every transaction belongs to a scale customer, in that customer's currency.
    expect(
      await one(
        `select count(*)::int as n from transactions t join customers c using (cust_no)
          where t.cust_no >= $1 and t.currency <> c.currency`,
        base,
      ),
    ).toEqual({ n: 0 });
  });

  it("leaves the transactions' indexes as the migration made them (dropped for the insert, built again)", async () => {
    expect(indexesBefore.length).toBeGreaterThan(1);
    expect(await transactionIndexes()).toEqual(indexesBefore);
  });

  it('counts each enrolment its spend: a recount by the rebate engine changes nothing', async () => {
    const sample = await pool.query<{ seq: string; spend: string }>(
      `select cust_loyalty_program_seq as seq, current_spend as spend from loyalty_enrolments
        where cust_no >= $1 and status not in ('Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled')
        order by cust_loyalty_program_seq limit 200`,
      [SCALE_CUST_BASE],
    );
    expect(sample.rows.length).toBe(200);
    expect(sample.rows.some((r) => Number(r.spend) > 0)).toBe(true);
    const seqs = sample.rows.map((r) => r.seq);
    await pool.query('select loyalty_refresh_spend($1::bigint[])', [seqs]);
    const after = await pool.query<{ seq: string; spend: string }>(
      'select cust_loyalty_program_seq as seq, current_spend as spend from loyalty_enrolments where cust_loyalty_program_seq = any($1::bigint[]) order by 1',
      [seqs],
    );
    expect(after.rows).toEqual(sample.rows);
  });

  it('refuses to load the data set a second time', async () => {
    const again = await seed('--scale', 'large').then(
      () => null,
      (err: { code: number; stderr: string; stdout: string }) => err,
    );
    expect(again?.code).toBe(1);
    expect(`${again?.stdout}${again?.stderr}`).toMatch(/already holds the scale data set/);
  });
});

/**
 * `--scale xlarge` (issue 22) is the same seedScale with ten times the sizes, loaded by batches of a million
 * rows with a progress line each. Its ten million transactions are not loaded here: the same code path runs
 * at a thousandth of the size with batches small enough that every table takes several, then the counts,
 * the progress reports and the rebuilt indexes are checked. `npm run bench` loads the real one, once.
 */
describe.skipIf(!ADMIN_URL)('the xlarge seed code path, small', () => {
  const scratch = databaseName('fc_scale_xl');
  const scratchUrl = ADMIN_URL ? urlWithDatabase(ADMIN_URL, scratch) : '';
  const sizes = { customers: 1_000, transactions: 10_000, itemCodes: 1_000, enrolments: 100 };
  let pool: pg.Pool;
  let steps: ScaleStep[];
  let indexesBefore: string[];
  const indexes = async () =>
    (
      await pool.query<{ def: string }>(
        "select indexdef as def from pg_indexes where tablename in ('transactions', 'customers', 'loyalty_item_codes') order by 1",
      )
    ).rows.map((r) => r.def);

  beforeAll(async () => {
    await adminQuery(ADMIN_URL!, `CREATE DATABASE ${quoteIdent(scratch)}`);
    pool = new pg.Pool({ connectionString: scratchUrl, max: 2 });
    const database = postgresDatabase(pool);
    await migrateDatabase(database);
    indexesBefore = await indexes();
    steps = [];
    await seedScale(database.db, (s) => steps.push(s), { sizes, batch: 300 });
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    if (ADMIN_URL) await dropDatabase(ADMIN_URL, scratch);
  });

  it('loads the sizes asked, reporting each batch of the big tables as progress', async () => {
    const n = async (text: string) => (await pool.query<{ n: number }>(text)).rows[0]!.n;
    expect(await n('select count(*)::int as n from customers')).toBe(sizes.customers);
    expect(await n('select count(*)::int as n from transactions')).toBe(sizes.transactions);
    expect(await n('select count(*)::int as n from loyalty_item_codes')).toBe(sizes.itemCodes);
    expect(await n('select count(*)::int as n from loyalty_enrolments')).toBe(sizes.enrolments);
    const progress = steps.filter((s) => s.progress && s.label.startsWith('transactions')).map((s) => s.progress!.done);
    expect(progress).toEqual(
      Array.from({ length: Math.ceil(sizes.transactions / 300) }, (_, i) => Math.min(sizes.transactions, (i + 1) * 300)),
    );
    expect(steps.filter((s) => s.progress && s.label === 'customers')).toHaveLength(Math.ceil(sizes.customers / 300));
    expect(steps.filter((s) => !s.progress).map((s) => s.label)).toEqual([
      'customers',
      'bundles',
      'item codes',
      'loyalty templates (200, 3 milestones each)',
      'transactions (indexes rebuilt after the insert)',
      'enrolments (the triggers count their spend)',
      'analyze',
    ]);
  });

  it('leaves the indexes of the tables it loaded by batches as the migrations made them', async () => {
    expect(await indexes()).toEqual(indexesBefore);
  });

  it('refuses item-code sizes that the codes S000000-S999999 cannot hold', async () => {
    const database = postgresDatabase(pool);
    await expect(seedScale(database.db, () => {}, { sizes: { ...sizes, itemCodes: 1_000_100 } })).rejects.toThrow(
      /item codes must be a multiple/,
    );
  });
});
