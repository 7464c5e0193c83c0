import { sql, type SQL } from 'drizzle-orm';
import {
  BREAKDOWN_REASONS,
  EnrolmentStatus,
  ENROLLED_STATUSES,
  ITEM_CODE_LENGTH,
  normaliseItemCode,
  RECONCILIATION_DAYS,
  type BreakdownReason,
  type BreakdownRow,
  type CustLoyaltyProgram,
  type CustMilestone,
  type CustProgramsFor,
  type EnrolmentStatus as Status,
  todayIso,
} from '@fc/contract/loyalty';
import type { Tx } from '../../db/client';
import { closedStatusesSql, enrolmentFiguresSql, milestonesOfSql, refreshSpendSql, transactionQualifiesSql } from './sql';
import { rowsOf } from '../../db/execute';

/**
 * Purchases stored before item codes had one form ("8" where the bundle holds "00008"): rewritten with
 * normaliseItemCode, the function every writer uses (docs/decisions/0340). The update trigger of
 * transactions recounts the open enrolments of the customers concerned; closed enrolments keep what they
 * closed with (decision 0072). Run by the daily lifecycle (and an operator's forced run) before its recount;
 * answers how many purchases changed.
 */
export async function normaliseStoredItemCodes(tx: Tx): Promise<number> {
  const found = await rows<{ item_code: string }>(
    tx,
    sql`select distinct item_code from transactions
         where length(item_code) < ${ITEM_CODE_LENGTH} or item_code <> upper(btrim(item_code))`,
  );
  const changes = found.map((r) => ({ from: r.item_code, to: normaliseItemCode(r.item_code) })).filter((c) => c.from !== c.to);
  if (changes.length === 0) return 0;
  const updated = await rows<{ n: number }>(
    tx,
    sql`with c as (select * from json_to_recordset(${JSON.stringify(changes)}::json) as c("from" text, "to" text)),
             u as (update transactions t set item_code = c."to" from c where t.item_code = c."from" returning 1)
        select count(*)::int as n from u`,
  );
  return Number(updated[0]?.n ?? 0);
}

/** The rows of db.execute on either driver. */
export const rows = rowsOf;

/** A numeric or bigint column (text on node-postgres) as a number; null stays null. */
export const toNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const num = (v: unknown) => toNumber(v) ?? 0;

/** The server's calendar day (YYYY-MM-DD, local time): the day every figure is computed for. */
export function today(now = new Date()): string {
  return todayIso(now);
}

/** One row of enrolmentFiguresSql, typed as it comes back (numerics as text). */
export interface EnrolmentFiguresRow {
  cust_loyalty_program_seq: number | string;
  cust_no: number;
  loyalty_program_seq: number;
  start_date: string;
  end_date: string;
  stored_status: string;
  loyalty_program_status: Status;
  current_spend: string;
  current_milestone_no: number | null;
  current_milestone_amount: string | null;
  current_milestone_rate: string | null;
  current_milestone_cap: string | null;
  next_milestone_amount: string | null;
  largest_milestone_amount: string;
  spend_progression: string;
  live_payout: string;
  total_payout: string;
  available_credit: string;
  final_spend: string | null;
  final_payout: string | null;
  currency: number;
  loyalty_program_name: string;
}

/** The computed columns of a figures row as numbers, named as the enrolment list sends them. */
export function enrolmentFigures(r: EnrolmentFiguresRow) {
  return {
    custLoyaltyProgramSeq: num(r.cust_loyalty_program_seq),
    custNo: r.cust_no,
    loyaltyProgramSeq: num(r.loyalty_program_seq),
    startDate: r.start_date,
    endDate: r.end_date,
    loyaltyProgramStatus: r.loyalty_program_status,
    currentSpend: num(r.current_spend),
    currentMilestoneNo: toNumber(r.current_milestone_no),
    currentMilestoneRate: toNumber(r.current_milestone_rate),
    currentMilestoneCap: toNumber(r.current_milestone_cap),
    nextMilestoneAmount: toNumber(r.next_milestone_amount),
    spendProgression: num(r.spend_progression),
    totalPayout: num(r.total_payout),
    availableCredit: num(r.available_credit),
    finalSpend: toNumber(r.final_spend),
    finalPayout: toNumber(r.final_payout),
    currency: r.currency,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The customer page

interface CustProgramRow extends EnrolmentFiguresRow {
  bundle_type: 'Include' | 'Exclude' | null;
  bundle_name: string | null;
  milestones: CustMilestone[];
}

/**
 * The cards of one customer's loyalty page: active (Pre Enrolled, Enrolled; soonest end first) or history
 * (everything else; latest end first).
 */
export async function custPrograms(db: Tx, custNo: number, which: CustProgramsFor, asOf: string): Promise<CustLoyaltyProgram[]> {
  const enrolled = sql.join(
    ENROLLED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const found = await rows<CustProgramRow>(
    db,
    sql`
      select f.*,
        case when t.bundle_seq is null then null else t.bundle_type end as bundle_type,
        b.name as bundle_name,
        coalesce((
          select json_agg(json_build_object(
                   'number', m.milestone_no::text, 'amount', m.amount::text,
                   'rate', coalesce(m.rate::text, ''), 'cap', coalesce(m.cap::text, ''))
                 order by m.amount, m.milestone_no)
            from (${milestonesOfSql('e')}) m), '[]'::json) as milestones
      from (${enrolmentFiguresSql(asOf, sql`e.cust_no = ${custNo}`)}) f
      join loyalty_enrolments e on e.cust_loyalty_program_seq = f.cust_loyalty_program_seq
      join loyalty_programs p on p.loyalty_program_seq = f.loyalty_program_seq
      -- The bundle rule the enrolment counts with: the template's, or the one kept when it closed.
      cross join lateral (${bundleRuleSql('e', 'p')}) t
      left join loyalty_bundles b on b.bundle_seq = t.bundle_seq
      where f.loyalty_program_status ${which === 'active' ? sql`in` : sql`not in`} (${enrolled})
      order by ${which === 'active' ? sql`f.end_date asc` : sql`f.end_date desc`}, f.cust_loyalty_program_seq`,
  );
  return found.map((r) => {
    const f = enrolmentFigures(r);
    return {
      custLoyaltyProgramSeq: f.custLoyaltyProgramSeq,
      loyaltyProgramSeq: f.loyaltyProgramSeq,
      loyaltyProgramName: r.loyalty_program_name,
      loyaltyProgramStatus: f.loyaltyProgramStatus,
      startDate: f.startDate,
      endDate: f.endDate,
      currentSpend: f.currentSpend,
      totalPayout: f.totalPayout,
      currency: f.currency,
      custNo: f.custNo,
      milestones: typeof r.milestones === 'string' ? (JSON.parse(r.milestones) as CustMilestone[]) : r.milestones,
      bundleType: r.bundle_type,
      bundleName: r.bundle_name,
    };
  });
}

/** The enrolment's customer, or undefined when there is no such enrolment. */
export async function enrolmentOwner(db: Tx, seq: number): Promise<{ custNo: number; programName: string } | undefined> {
  const [row] = await rows<{ cust_no: number; name: string }>(
    db,
    sql`select e.cust_no, p.name from loyalty_enrolments e join loyalty_programs p on p.loyalty_program_seq = e.loyalty_program_seq
         where e.cust_loyalty_program_seq = ${seq}`,
  );
  return row ? { custNo: row.cust_no, programName: row.name } : undefined;
}

export interface SpendDetailRow {
  id: number;
  trxDate: string;
  invoice: string;
  itemCode: string;
  description: string | null;
  amount: string;
  currency: number;
}

const QUALIFYING: readonly BreakdownReason[] = ['in-bundle', 'all-codes', 'not-in-exclude-bundle'];
const qualifyingList = () =>
  sql.join(
    QUALIFYING.map((r) => sql`${r}`),
    sql`, `,
  );

/**
 * The bundle rule (bundle_seq, bundle_type) enrolment `e` of template `p` counts with: the one kept when it
 * closed, else the template's. One row, for a lateral join.
 */
function bundleRuleSql(e: string, p: string): SQL {
  const [E, P] = [e, p].map((x) => sql.raw(x)) as [SQL, SQL];
  return sql`select
      case when ${E}.closed_terms is null then ${P}.bundle_seq else (${E}.closed_terms ->> 'bundleSeq')::bigint end as bundle_seq,
      case when ${E}.closed_terms is null then ${P}.bundle_type else ${E}.closed_terms ->> 'bundleType' end as bundle_type`;
}

/**
 * Why a purchase `t` counts or not under template `p`, with `ic` its row in the template's bundle (if any):
 * a breakdown reason of @fc/contract/loyalty.
 */
const reasonSql = sql`case
    when t.currency <> p.currency_config then 'other-currency'
    when p.bundle_seq is null or p.bundle_type is null then 'all-codes'
    when p.bundle_type = 'Include' and ic.item_code is not null then 'in-bundle'
    when p.bundle_type = 'Include' then 'not-in-include-bundle'
    when ic.item_code is not null then 'in-exclude-bundle'
    else 'not-in-exclude-bundle' end`;

/** A code outside the programme's bundle is still described by any bundle that lists it. */
const anyDescriptionSql = (itemCode: SQL) =>
  sql`select a.description from loyalty_item_codes a
       where a.item_code = ${itemCode} and a.description is not null order by a.item_code_seq limit 1`;

/** Whether the enrolment's figures are the ones kept when it closed (its terms and counted purchases). */
async function isFrozen(db: Tx, seq: number): Promise<boolean> {
  const [row] = await rows<{ frozen: boolean }>(
    db,
    sql`select closed_terms is not null as frozen from loyalty_enrolments where cust_loyalty_program_seq = ${seq}`,
  );
  return row?.frozen === true;
}

/**
 * The qualifying transactions of one enrolment, oldest first, read in batches (keyset on date and id) so
 * an export of any size holds one batch in memory. A closed enrolment lists what it counted when it
 * closed: purchases of its window up to the last transaction then loaded, of the item codes and currencies
 * that counted (loyalty_closed_spend), whatever happened to the template or its bundle since.
 */
export async function* spendDetails(db: Tx, seq: number, batchSize = 2_000): AsyncGenerator<SpendDetailRow> {
  const frozen = await isFrozen(db, seq);
  const description = frozen ? sql`s.bundle_description` : sql`ic.description`;
  const counted: SQL = frozen
    ? sql`join loyalty_closed_spend s on s.cust_loyalty_program_seq = e.cust_loyalty_program_seq and s.reason in (${qualifyingList()})
          join transactions t on t.cust_no = e.cust_no and t.trx_date between e.start_date and e.end_date
           and t.id <= e.counted_through_trx_id and t.item_code = s.item_code and t.currency = s.currency`
    : sql`join transactions t on ${transactionQualifiesSql('e', 'p', 't')}
          left join loyalty_item_codes ic on ic.bundle_seq = p.bundle_seq and ic.item_code = t.item_code`;
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql`and (t.trx_date, t.id) > (${after.date}::date, ${after.id})` : sql``;
    const batch = await rows<{
      id: number | string;
      trx_date: string;
      invoice: string;
      item_code: string;
      description: string | null;
      amount: string;
      currency: number;
    }>(
      db,
      sql`
        select t.id, t.trx_date::text as trx_date, t.invoice, t.item_code, ${description} as description,
               t.amount::text as amount, t.currency
          from loyalty_enrolments e
          join loyalty_programs p on p.loyalty_program_seq = e.loyalty_program_seq
          ${counted}
         where e.cust_loyalty_program_seq = ${seq} ${cursor}
         order by t.trx_date, t.id
         limit ${batchSize}`,
    );
    for (const r of batch) {
      yield {
        id: Number(r.id),
        trxDate: r.trx_date,
        invoice: r.invoice,
        itemCode: r.item_code,
        description: r.description,
        amount: r.amount,
        currency: r.currency,
      };
    }
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    after = { date: last.trx_date, id: Number(last.id) };
  }
}

/**
 * The purchases of an enrolment's window by item code and why each counts or not: computed from the
 * transactions while it is open, read from what it counted when it closed (loyalty_closed_spend) after.
 */
export async function breakdown(db: Tx, seq: number): Promise<BreakdownRow[]> {
  const grouped: SQL = (await isFrozen(db, seq))
    ? sql`select s.item_code, s.currency, s.reason, s.description, s.purchases, s.amount as total
            from loyalty_closed_spend s where s.cust_loyalty_program_seq = ${seq}`
    : sql`select g.item_code, g.currency, g.reason, coalesce(g.bundle_description, (${anyDescriptionSql(sql`g.item_code`)})) as description,
            g.purchases, g.total
          from (
            select t.item_code, t.currency, ${reasonSql} as reason,
              max(ic.description) as bundle_description,
              count(*)::int as purchases,
              sum(t.amount) as total
            from loyalty_enrolments e
            join loyalty_programs p on p.loyalty_program_seq = e.loyalty_program_seq
            join transactions t on t.cust_no = e.cust_no and t.trx_date between e.start_date and e.end_date
            left join loyalty_item_codes ic on ic.bundle_seq = p.bundle_seq and ic.item_code = t.item_code
            where e.cust_loyalty_program_seq = ${seq}
            group by t.item_code, t.currency, 3) g`;
  const found = await rows<{
    item_code: string;
    description: string | null;
    reason: string;
    currency: number;
    purchases: number;
    total: string;
  }>(
    db,
    sql`
      select g.* from (${grouped}) g
      order by g.reason in (${qualifyingList()}) desc, g.total desc, g.item_code`,
  );
  return found.map((r) => {
    const reason = (BREAKDOWN_REASONS as readonly string[]).includes(r.reason) ? (r.reason as BreakdownReason) : 'other-currency';
    return {
      itemCode: r.item_code,
      description: r.description,
      qualifying: QUALIFYING.includes(reason),
      reason,
      currency: r.currency,
      purchases: Number(r.purchases),
      amount: Number(r.total),
    };
  });
}

/**
 * Keeps what enrolments that are about to close counted (docs/decisions/0072), in the closing
 * transaction: their purchases grouped by item code, currency and reason (loyalty_closed_spend), the last
 * transaction id counted, and the template's terms (milestones, currency, bundle rule) in closed_terms.
 * Their spend is set to the qualifying sum of those groups, a recount from the transactions, so the final
 * spend, the breakdown and the export agree by construction.
 */
export async function freezeEnrolments(tx: Tx, seqs: readonly number[]): Promise<void> {
  if (seqs.length === 0) return;
  const ids = sql`${`{${seqs.join(',')}}`}::bigint[]`;
  // One statement: the groups and the cut-off id are read from the same snapshot of transactions.
  const [cut] = await rows<{ cutoff: string }>(
    tx,
    sql`
      with cut as (select coalesce(max(id), 0) as cutoff from transactions),
      kept as (
        insert into loyalty_closed_spend
          (cust_loyalty_program_seq, item_code, currency, reason, purchases, amount, bundle_description, description)
        select e.cust_loyalty_program_seq, t.item_code, t.currency, ${reasonSql}, count(*)::int, sum(t.amount),
               max(ic.description), coalesce(max(ic.description), (${anyDescriptionSql(sql`t.item_code`)}))
          from loyalty_enrolments e
          join loyalty_programs p on p.loyalty_program_seq = e.loyalty_program_seq
          join transactions t on t.cust_no = e.cust_no and t.trx_date between e.start_date and e.end_date
          left join loyalty_item_codes ic on ic.bundle_seq = p.bundle_seq and ic.item_code = t.item_code
         where e.cust_loyalty_program_seq = any (${ids}) and e.closed_terms is null
         group by 1, 2, 3, 4
        on conflict do nothing)
      select cutoff::text as cutoff from cut`,
  );
  await tx.execute(sql`
    update loyalty_enrolments e
       set closed_terms = jsonb_build_object(
             'currency', p.currency_config,
             'bundleSeq', p.bundle_seq,
             'bundleType', case when p.bundle_seq is null then null else p.bundle_type end,
             'milestones', coalesce((
               select jsonb_agg(jsonb_build_object('number', m.milestone_no, 'amount', m.amount, 'rate', m.rate, 'cap', m.cap)
                                order by m.amount, m.milestone_no)
                 from loyalty_milestones m where m.loyalty_program_seq = p.loyalty_program_seq), '[]'::jsonb)),
           counted_through_trx_id = ${cut!.cutoff}::bigint,
           current_spend = coalesce((
             select sum(s.amount) from loyalty_closed_spend s
              where s.cust_loyalty_program_seq = e.cust_loyalty_program_seq and s.reason in (${qualifyingList()})), 0)
      from loyalty_programs p
     where p.loyalty_program_seq = e.loyalty_program_seq and e.cust_loyalty_program_seq = any (${ids}) and e.closed_terms is null`);
}

// ---------------------------------------------------------------------------------------------------------
// The lifecycle

export interface LifecycleResult {
  /** Stored statuses moved to what the dates say (Pre Enrolled → Enrolled → Pending Reconciliation). */
  moved: { seq: number; from: string; to: string }[];
  /** Enrolments reconciled: status closed, final spend and payout fixed. */
  reconciled: { seq: number; status: string; finalSpend: number; finalPayout: number }[];
}

/**
 * The daily move (docs/decisions/0009-loyalty-engine.md), set-based: recount the spend of every
 * open enrolment (heals a lost race between concurrent writers), store the status the dates give, then
 * reconcile the enrolments whose reconciliation window has passed, fixing final_spend and final_payout.
 */
export async function runLifecycle(tx: Tx, asOf: string): Promise<LifecycleResult> {
  await normaliseStoredItemCodes(tx);
  await tx.execute(refreshSpendSql());
  const moved = await rows<{ seq: number | string; from: string; to: string }>(
    tx,
    sql`
      with target as (
        select e.cust_loyalty_program_seq as seq, e.status as from_status,
          case when ${asOf}::date < e.start_date then ${EnrolmentStatus.PreEnrolled}
               when ${asOf}::date <= e.end_date then ${EnrolmentStatus.Enrolled}
               else ${EnrolmentStatus.PendingReconciliation} end as to_status
          from loyalty_enrolments e
         where e.status not in ${closedStatusesSql()})
      update loyalty_enrolments e set status = target.to_status
        from target
       where e.cust_loyalty_program_seq = target.seq and target.from_status is distinct from target.to_status
      returning e.cust_loyalty_program_seq as seq, target.from_status as "from", target.to_status as "to"`,
  );
  const due = (
    await rows<{ seq: number | string }>(
      tx,
      sql`select cust_loyalty_program_seq as seq from loyalty_enrolments
           where status not in ${closedStatusesSql()} and end_date + ${RECONCILIATION_DAYS}::int < ${asOf}::date
           order by cust_loyalty_program_seq for update`,
    )
  ).map((r) => Number(r.seq));
  if (due.length === 0) return { moved: movedOf(moved), reconciled: [] };
  // The final figures are computed with the terms and the purchases kept here.
  await freezeEnrolments(tx, due);
  const reconciled = await rows<{ seq: number | string; status: string; final_spend: string; final_payout: string }>(
    tx,
    sql`
      with due as (
        select f.cust_loyalty_program_seq as seq, f.current_spend, f.live_payout, c.status as customer_status
          from (${enrolmentFiguresSql(asOf, sql`e.cust_loyalty_program_seq = any (${`{${due.join(',')}}`}::bigint[])`)}) f
          join customers c on c.cust_no = f.cust_no)
      update loyalty_enrolments e
         set status = case
               when due.customer_status <> 0 then ${EnrolmentStatus.NotReconciled}
               when due.live_payout > 0 then ${EnrolmentStatus.Completed}
               else ${EnrolmentStatus.BcCompleted} end,
             final_spend = due.current_spend,
             final_payout = due.live_payout,
             closed_at = now()
        from due
       where e.cust_loyalty_program_seq = due.seq
      returning e.cust_loyalty_program_seq as seq, e.status, e.final_spend::text as final_spend, e.final_payout::text as final_payout`,
  );
  return {
    moved: movedOf(moved),
    reconciled: reconciled.map((r) => ({
      seq: Number(r.seq),
      status: r.status,
      finalSpend: Number(r.final_spend),
      finalPayout: Number(r.final_payout),
    })),
  };
}

const movedOf = (moved: { seq: number | string; from: string; to: string }[]) =>
  moved.map((m) => ({ seq: Number(m.seq), from: m.from, to: m.to }));

/**
 * Unenrols (custs_del of the back office): only an enrolment that is still Pre Enrolled or Enrolled on
 * `asOf`. Fixes final_spend at the current spend and final_payout at 0 (forfeited). Returns the rows
 * changed, before and after, for the caller's audit.
 */
export async function unenrolEnrolments(tx: Tx, seqs: readonly number[], modifiedBy: string | null, asOf = today()) {
  if (seqs.length === 0) return [];
  const target = await rows<{ seq: number | string; before_status: string }>(
    tx,
    sql`select cust_loyalty_program_seq as seq, status as before_status from loyalty_enrolments
         where cust_loyalty_program_seq = any (${`{${seqs.join(',')}}`}::bigint[])
           and status not in ${closedStatusesSql()} and ${asOf}::date <= end_date
         order by cust_loyalty_program_seq for update`,
  );
  if (target.length === 0) return [];
  const ids = target.map((r) => Number(r.seq));
  await freezeEnrolments(tx, ids);
  const before = new Map(target.map((r) => [Number(r.seq), r.before_status]));
  const done = await rows<{ seq: number | string; final_spend: string }>(
    tx,
    sql`
      update loyalty_enrolments e
         set status = ${EnrolmentStatus.Unenrolled}, final_spend = e.current_spend, final_payout = 0,
             closed_at = now(), modified_by = ${modifiedBy}
       where e.cust_loyalty_program_seq = any (${`{${ids.join(',')}}`}::bigint[])
      returning e.cust_loyalty_program_seq as seq, e.final_spend::text as final_spend`,
  );
  return done.map((r) => ({ seq: r.seq, before_status: before.get(Number(r.seq))!, final_spend: r.final_spend }));
}

/** The spend of enrolments recounted from the transactions (for checks and tests; the triggers keep it). */
export async function recountedSpend(db: Tx, seqs: readonly number[]): Promise<Map<number, number>> {
  const found = await rows<{ seq: number | string; spend: string }>(
    db,
    sql`
      select e.cust_loyalty_program_seq as seq,
        coalesce((select sum(t.amount) from transactions t where ${transactionQualifiesSql('e', 'p', 't')}), 0)::text as spend
        from loyalty_enrolments e join loyalty_programs p on p.loyalty_program_seq = e.loyalty_program_seq
       where e.cust_loyalty_program_seq in (${sql.join(
         seqs.map((s) => sql`${s}`),
         sql`, `,
       )})`,
  );
  return new Map(found.map((r) => [Number(r.seq), Number(r.spend)]));
}
