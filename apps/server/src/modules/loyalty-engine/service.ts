import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { AccountType, effectiveType } from '@fc/contract';
import { currencyCode, type BreakdownRow, type BreakdownTotals, type CustProgramsQuery } from '@fc/contract/loyalty';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { SessionPrincipal } from '../../http/access';
import { AppError, badRequest, notFound } from '../../http/errors';
import { rows, today } from './repo';
import { custPrograms, enrolmentOwner } from './customer-programs';
import { breakdown, spendDetails } from './spend-details';
import { runLifecycle, type LifecycleResult } from './lifecycle';

/**
 * Whose loyalty page a call reads (docs/decisions/0009-loyalty-engine.md): a customer always its own
 * (naming another customer is refused); a corporate user the customer it names in filter[cust_no].
 */
export function pageCustomer(p: SessionPrincipal, requested: number | undefined): number {
  if (effectiveType(p) === AccountType.Corporate) {
    if (requested === undefined) throw badRequest('required', 'filter[cust_no] is required for a corporate user', 'filter[cust_no]');
    return requested;
  }
  if (p.custNo === null) throw new AppError(403, '209', 'This login is not linked to a customer.');
  if (requested !== undefined && requested !== p.custNo) throw new AppError(403, '209', 'You may only view your own loyalty programmes.');
  return p.custNo;
}

/**
 * An enrolment the signed-in user may read: any for corporate users, only its own for a customer. Another
 * customer's enrolment answers 404 like a missing one, so its existence is not revealed.
 */
export async function readableEnrolment(db: Tx, p: SessionPrincipal, seq: number) {
  const owner = await enrolmentOwner(db, seq);
  const mayRead = owner && (effectiveType(p) === AccountType.Corporate || (p.custNo !== null && owner.custNo === p.custNo));
  if (!owner || !mayRead) throw notFound('not-found', 'No such loyalty enrolment.');
  return owner;
}

/** Totals of the breakdown, summed in cents. */
export function breakdownTotals(rows: readonly BreakdownRow[]): BreakdownTotals {
  let qualifying = 0;
  let excluded = 0;
  let other = 0;
  for (const r of rows) {
    const cents = Math.round(r.amount * 100);
    if (r.reason === 'other-currency') other += cents;
    else if (r.qualifying) qualifying += cents;
    else excluded += cents;
  }
  return { qualifyingAmount: qualifying / 100, excludedAmount: excluded / 100, otherCurrencyAmount: other / 100 };
}

/** The programme cards of the customer whose page the viewer reads (LOY-30, LOY-31). */
export async function customerCards(ctx: AppContext, viewer: SessionPrincipal, q: CustProgramsQuery) {
  const custNo = pageCustomer(viewer, q['filter[cust_no]']);
  return custPrograms(ctx.db, custNo, q['filter[for]'], today());
}

/** The lines of the spend-details export of an enrolment the viewer may read (its qualifying purchases). */
export async function spendDetailsLines(ctx: AppContext, viewer: SessionPrincipal, seq: number) {
  const owner = await readableEnrolment(ctx.db, viewer, seq);
  return (async function* () {
    for await (const r of spendDetails(ctx.db, seq)) {
      yield [
        r.trxDate,
        r.invoice,
        r.itemCode,
        r.description ?? '',
        r.amount,
        currencyCode(r.currency),
        owner.programName,
        owner.custNo,
      ] as const;
    }
  })();
}

/** The breakdown of an enrolment the viewer may read: its purchases by item code, and their totals. */
export async function spendBreakdown(ctx: AppContext, viewer: SessionPrincipal, seq: number) {
  await readableEnrolment(ctx.db, viewer, seq);
  const found = await breakdown(ctx.db, seq);
  return { rows: found, totals: breakdownTotals(found) };
}

/** The job whose runs loyalty_job_runs records. */
export const LIFECYCLE_JOB = 'loyalty-lifecycle';

/** Whether the daily lifecycle still has to run for `asOf`: no completed run yet, or the last one before that day. */
export async function lifecycleDue(db: Tx, asOf = today()): Promise<boolean> {
  const [row] = await rows<{ last_run_day: string | null }>(
    db,
    sql`select last_run_day::text as last_run_day from loyalty_job_runs where job = ${LIFECYCLE_JOB}`,
  );
  return !row?.last_run_day || row.last_run_day < asOf;
}

/**
 * One run of the daily lifecycle job, in one transaction, audited, recorded in loyalty_job_runs. A run for a
 * day already completed is skipped (answers null) unless forced: the start-up catch-up, the schedule and a
 * second process may each queue one. The row lock makes concurrent runs take turns.
 */
export async function runDailyLifecycle(
  ctx: AppContext,
  log: FastifyBaseLogger,
  asOf = today(),
  opts: { force?: boolean } = {},
): Promise<LifecycleResult | null> {
  const result = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`insert into loyalty_job_runs (job) values (${LIFECYCLE_JOB}) on conflict (job) do nothing`);
    const [state] = await rows<{ last_run_day: string | null }>(
      tx,
      sql`select last_run_day::text as last_run_day from loyalty_job_runs where job = ${LIFECYCLE_JOB} for update`,
    );
    if (!opts.force && state?.last_run_day && state.last_run_day >= asOf) return null;
    const r = await runLifecycle(tx, asOf);
    await tx.execute(
      sql`update loyalty_job_runs set last_run_day = greatest(last_run_day, ${asOf}::date), last_run_at = now() where job = ${LIFECYCLE_JOB}`,
    );
    if (r.moved.length > 0 || r.reconciled.length > 0) {
      await audit(tx, null, {
        entity: 'loyalty_enrolment',
        action: 'lifecycle',
        after: { asOf, moved: r.moved, reconciled: r.reconciled },
      });
    }
    return r;
  });
  if (result) log.info({ asOf, moved: result.moved.length, reconciled: result.reconciled.length }, 'loyalty lifecycle run');
  else log.debug({ asOf }, 'loyalty lifecycle already ran for this day');
  return result;
}
