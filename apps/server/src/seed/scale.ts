import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/execute';

export interface ScaleSizes {
  customers: number;
  transactions: number;
  itemCodes: number;
  enrolments: number;
}

/** The sizes of `npm run seed -- --scale large` (issue 10: the benchmarks' data set). */
export const SCALE_LARGE: ScaleSizes = {
  customers: 100_000,
  transactions: 1_000_000,
  itemCodes: 100_000,
  enrolments: 10_000,
};

/** `--scale xlarge` (issue 22: ten times the large data set; PostgreSQL only). */
export const SCALE_XLARGE: ScaleSizes = {
  customers: 1_000_000,
  transactions: 10_000_000,
  itemCodes: 1_000_000,
  enrolments: 100_000,
};

export const SCALES = { large: SCALE_LARGE, xlarge: SCALE_XLARGE } as const;
export type ScaleName = keyof typeof SCALES;

/** Rows per INSERT of the big tables: one progress line each (a million rows take seconds, not minutes). */
export const SCALE_BATCH = 1_000_000;

/** Customer numbers of the scale seed start here, clear of the demo customers (10001-10004). */
export const SCALE_CUST_BASE = 2_000_000;
const BUNDLES = 100;
const TEMPLATES = 200;

/**
 * `count` loyalty templates named `<name> <n>`, three milestones each ($20,000 apart: 1% and 2% back, then a
 * $2,500 cap): a third with no bundle, a third Include and a third Exclude of one of `bundles` bundles named
 * like `bundleNames`, one in `cadEvery` in CAD. The scale seed's and the rebate engine benchmark's (bench/loyalty.mjs).
 */
export function templatesWithMilestones(o: { count: number; name: string; bundles: number; bundleNames: string; cadEvery: number }): SQL {
  return sql`with p as (
      insert into loyalty_programs (name, currency_config, bundle_seq, bundle_type)
      select ${o.name}::text || ' ' || g, (case when g % ${o.cadEvery} = 0 then 1 else 0 end)::smallint,
             case when g % 3 = 0 then null else (select min(bundle_seq) from loyalty_bundles where name like ${o.bundleNames}) + g % ${o.bundles} end,
             case g % 3 when 0 then null when 1 then 'Include' else 'Exclude' end
        from generate_series(1, ${o.count}) g
      returning loyalty_program_seq)
    insert into loyalty_milestones (loyalty_program_seq, milestone_no, amount, rate, cap)
    select p.loyalty_program_seq, m, m * 20000, case when m < 3 then m * 0.01 end, case when m = 3 then 2500 end
      from p cross join generate_series(1, 3) m`;
}

export interface ScaleStep {
  label: string;
  rows: number;
  ms: number;
  /** A batch of a table loaded in several (rows so far of `of`): a progress line, not a step of its own. */
  progress?: { done: number; of: number };
}

/**
 * Loads the large data set (or, with customersOnly, its customers: the embedded-database benchmark) with
 * set-based statements (generate_series), one table at a time, and answers the time of each. `sizes`
 * picks the scale (large by default, SCALE_XLARGE, or any smaller sizes: the test runs the xlarge code
 * path small). The customers, item codes and transactions go in by batches of `batch` rows with the
 * table's secondary indexes dropped and built again after the last batch (decision 0110), each batch
 * reported to onStep as progress. Transactions go in before the enrolments: the loyalty triggers then
 * count each enrolment's spend once, on its insert, instead of updating enrolments for every transaction.
 * Refuses a database that already holds scale rows (the customer numbers would collide).
 */
export async function seedScale(
  db: Db,
  onStep: (step: ScaleStep) => void = () => {},
  opts: { customersOnly?: boolean; sizes?: ScaleSizes; batch?: number } = {},
): Promise<ScaleStep[]> {
  const n = opts.sizes ?? SCALE_LARGE;
  const batch = Math.max(1, opts.batch ?? SCALE_BATCH);
  if (n.itemCodes % BUNDLES !== 0 || n.itemCodes > 1_000_000)
    throw new Error(`The scale seed's item codes must be a multiple of ${BUNDLES} up to 1,000,000 (got ${n.itemCodes}).`);
  const steps: ScaleStep[] = [];
  const [existing] = await rows<{ n: number }>(db, sql`select count(*)::int as n from customers where cust_no >= ${SCALE_CUST_BASE}`);
  if (existing && existing.n > 0)
    throw new Error(`The database already holds the scale data set (${existing.n} customers from ${SCALE_CUST_BASE}).`);
  const today = new Date().toISOString().slice(0, 10);

  const step = async (label: string, count: number, query: SQL) => {
    const t0 = performance.now();
    await db.execute(query);
    const s = { label, rows: count, ms: Math.round(performance.now() - t0) };
    steps.push(s);
    onStep(s);
  };
  /**
   * `count` rows by batches: `query(from, to)` inserts the rows numbered from..to (inclusive), all in one
   * transaction with the table's plain secondary indexes dropped and built again from their definitions.
   */
  const batched = async (label: string, table: string, count: number, query: (from: number, to: number) => SQL) => {
    const t0 = performance.now();
    await withoutSecondaryIndexes(db, table, async (tx) => {
      for (let from = 0; from < count; from += batch) {
        const to = Math.min(count, from + batch) - 1;
        await tx.execute(query(from, to));
        if (count > batch) onStep({ label, rows: to + 1, ms: Math.round(performance.now() - t0), progress: { done: to + 1, of: count } });
      }
    });
    const s = { label, rows: count, ms: Math.round(performance.now() - t0) };
    steps.push(s);
    onStep(s);
  };

  await batched(
    'customers',
    'customers',
    n.customers,
    (
      from,
      to,
    ) => sql`insert into customers (cust_no, cust_name, program, currency, status, language, country, city, state, zip, phone, email)
        select ${SCALE_CUST_BASE} + g,
               (array['Acme', 'Northern', 'Blue Ridge', 'Pacific', 'Lone Star', 'Great Lakes', 'Summit', 'Prairie'])[1 + g % 8]
                 || ' ' || (array['Freight', 'Haulage', 'Transport', 'Logistics', 'Carriers'])[1 + (g / 8) % 5] || ' ' || g,
               -- Programmes the list names (PROGRAMS): Brand, Advantage, Select.
               (array[96, 97, 94])[1 + g % 3]::smallint,
               (case when g % 5 = 0 then 1 else 0 end)::smallint,
               (case when g % 50 = 0 then 1 else 0 end)::smallint,
               0, (case when g % 5 = 0 then 1 else 0 end)::smallint,
               (array['Chicago', 'Dallas', 'Denver', 'Toronto', 'Atlanta', 'Phoenix'])[1 + g % 6],
               (array['IL', 'TX', 'CO', 'ON', 'GA', 'AZ'])[1 + g % 6],
               lpad((g % 99999)::text, 5, '0'),
               '555-' || lpad((g % 10000)::text, 4, '0'),
               'fleet' || g || '@example.com'
          from generate_series(${from}::int, ${to}::int) g`,
  );

  if (opts.customersOnly) {
    await step('analyze', 0, sql`analyze customers`);
    return steps;
  }

  // The bundles first, then their item codes by batches (each bundle holds itemCodes / BUNDLES codes).
  const perBundle = n.itemCodes / BUNDLES;
  await step('bundles', BUNDLES, sql`insert into loyalty_bundles (name) select 'Scale bundle ' || g from generate_series(1, ${BUNDLES}) g`);
  await batched(
    'item codes',
    'loyalty_item_codes',
    n.itemCodes,
    (from, to) => sql`with b as (
          select bundle_seq, row_number() over (order by bundle_seq) - 1 as i from loyalty_bundles where name like 'Scale bundle %')
        insert into loyalty_item_codes (bundle_seq, item_code, description)
        select b.bundle_seq, 'S' || lpad(((b.bundle_seq % ${BUNDLES}) * ${perBundle} + g % ${perBundle})::text, 6, '0'), 'Scale item code'
          from generate_series(${from}::int, ${to}::int) g join b on b.i = g / ${perBundle}`,
  );

  await step(
    `loyalty templates (${TEMPLATES}, 3 milestones each)`,
    TEMPLATES,
    templatesWithMilestones({ count: TEMPLATES, name: 'Scale template', bundles: BUNDLES, bundleNames: 'Scale bundle %', cadEvery: 5 }),
  );

  // Two years of purchases, spread over every customer and item code, in the customer's currency. The
  // secondary indexes are dropped for the insert and built again after it, in the same transaction:
  // building an index from a sort is several times faster than a million scattered index insertions.
  await batched(
    'transactions (indexes rebuilt after the insert)',
    'transactions',
    n.transactions,
    (from, to) => sql`insert into transactions (cust_no, trx_date, invoice, item_code, amount, currency)
        select ${SCALE_CUST_BASE} + (g * 7919) % ${n.customers},
               ${today}::date - ((g * 104729) % 730)::int,
               'S' || g,
               'S' || lpad(((g * 31) % ${n.itemCodes})::text, 6, '0'),
               (5 + (g * 2654435761) % 50000 / 100.0)::numeric(14, 2),
               (case when (g * 7919) % ${n.customers} % 5 = 0 then 1 else 0 end)::smallint
          from generate_series(${from + 1}::bigint, ${to + 1}::bigint) g`,
  );

  await step(
    'enrolments (the triggers count their spend)',
    n.enrolments,
    sql`insert into loyalty_enrolments (cust_no, loyalty_program_seq, start_date, end_date, status)
        select c.cust_no, p.loyalty_program_seq, s.start_date, s.start_date + 364,
               case when s.start_date > ${today}::date then 'Pre Enrolled' else 'Enrolled' end
          from generate_series(0, ${n.enrolments - 1}) g
          join customers c on c.cust_no = ${SCALE_CUST_BASE} + (g * 10) % ${n.customers}
          cross join lateral (select ${today}::date - 700 + (g * 37) % 760 as start_date) s
          cross join lateral (
            select lp.loyalty_program_seq from loyalty_programs lp
             where lp.currency_config = c.currency and lp.name like 'Scale template %'
             order by (lp.loyalty_program_seq * 7 + g) % ${TEMPLATES} limit 1) p`,
  );

  await step('analyze', 0, sql`analyze`);
  return steps;
}

/**
 * Runs `load` with the table's plain secondary indexes (not primary keys, not unique ones) dropped, then
 * creates them again from their own definitions (pg_get_indexdef), all in one transaction: a failure
 * leaves the indexes as they were.
 */
async function withoutSecondaryIndexes(db: Db, table: string, load: (tx: Db) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const indexes = await rows<{ name: string; def: string }>(
      tx as unknown as Db,
      sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
            from pg_index i
           where i.indrelid = ${table}::regclass and not i.indisprimary and not i.indisunique`,
    );
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const ix of indexes) await tx.execute(sql.raw(`drop index ${ix.name}`));
    await load(tx as unknown as Db);
    for (const ix of indexes) await tx.execute(sql.raw(ix.def));
  });
}

const rows = rowsOf;
