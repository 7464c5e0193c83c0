import { sql } from 'drizzle-orm';
import { EnrolmentStatus, RECONCILIATION_DAYS } from '@fc/contract/loyalty';
import type { Tx } from '../../db/client';
import { closedStatusesSql, enrolmentFiguresSql, refreshSpendSql, transactionQualifiesSql } from './sql';
import { normaliseStoredItemCodes, rows, today } from './repo';
import { freezeEnrolments } from './spend-details';

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
