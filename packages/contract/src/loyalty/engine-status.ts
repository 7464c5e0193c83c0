import { sortMilestones, type Milestone } from './engine-milestones';
import { toCents } from './engine-money';

/** Enrolment statuses (LOY-06), spelt as the API sends them. */
export const EnrolmentStatus = {
  PreEnrolled: 'Pre Enrolled',
  Enrolled: 'Enrolled',
  PendingReconciliation: 'Pending Reconciliation',
  NotReconciled: 'Not Reconciled',
  Completed: 'Completed',
  BcCompleted: 'BC Completed',
  Unenrolled: 'Unenrolled',
} as const;
export type EnrolmentStatus = (typeof EnrolmentStatus)[keyof typeof EnrolmentStatus];
export const ENROLMENT_STATUSES: readonly EnrolmentStatus[] = Object.values(EnrolmentStatus);

/** Only these count as enrolled (LOY-06): they may be unenrolled and are "active enrollees". */
export const ENROLLED_STATUSES: readonly EnrolmentStatus[] = [EnrolmentStatus.PreEnrolled, EnrolmentStatus.Enrolled];

/**
 * Statuses whose figures are fixed (final_spend, final_payout): the engine no longer moves them.
 * Every other status follows the dates (docs/decisions/0009-loyalty-engine.md).
 */
export const CLOSED_STATUSES: readonly EnrolmentStatus[] = [
  EnrolmentStatus.Completed,
  EnrolmentStatus.BcCompleted,
  EnrolmentStatus.NotReconciled,
  EnrolmentStatus.Unenrolled,
];

/**
 * Days after the expiration date during which late transactions of the programme's window still count
 * (the daily transactions file lags the invoices); the enrolment is then reconciled and its figures fixed.
 */
export const RECONCILIATION_DAYS = 30;

/**
 * The status a reader sees on `asOf` (YYYY-MM-DD): a closed status as stored; otherwise the dates decide,
 * so an expired enrolment never reads as Enrolled even before the daily job has moved it.
 */
export function effectiveStatus(stored: string, startDate: string, endDate: string, asOf: string): EnrolmentStatus {
  if ((CLOSED_STATUSES as readonly string[]).includes(stored)) return stored as EnrolmentStatus;
  if (asOf < startDate) return EnrolmentStatus.PreEnrolled;
  if (asOf <= endDate) return EnrolmentStatus.Enrolled;
  return EnrolmentStatus.PendingReconciliation;
}

/** A calendar day (YYYY-MM-DD) in local time: the day figures are computed for. */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export const isEnrolled = (status: string) => (ENROLLED_STATUSES as readonly string[]).includes(status);
export const isClosed = (status: string) => (CLOSED_STATUSES as readonly string[]).includes(status);

/** The first day after the reconciliation window (YYYY-MM-DD): the daily job reconciles on or after it. */
export function reconciliationDate(endDate: string): string {
  const d = new Date(`${endDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + RECONCILIATION_DAYS + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The status an enrolment is reconciled to: Not Reconciled when its customer is inactive (no account to
 * credit), Completed when it earned a rebate, BC Completed ("below criteria": no milestone reached) when not.
 */
export function reconciledStatus(payout: number, customerActive: boolean): EnrolmentStatus {
  if (!customerActive) return EnrolmentStatus.NotReconciled;
  return payout > 0 ? EnrolmentStatus.Completed : EnrolmentStatus.BcCompleted;
}

/**
 * The payout shown for a status: the final payout once fixed (Unenrolled forfeits it: 0), otherwise the
 * live payout at the current spend.
 */
export function payoutForStatus(status: EnrolmentStatus, livePayout: number, finalPayout: number | null): number {
  if (status === EnrolmentStatus.Unenrolled) return 0;
  if (isClosed(status)) return finalPayout ?? livePayout;
  return livePayout;
}

/**
 * Available credit: the rebate the customer can count on today. While the enrolment runs (and while it
 * waits for reconciliation) it is the provisional payout at the current spend; once reconciled it is the
 * final payout of a Completed enrolment and 0 otherwise (BC Completed earned nothing, Not Reconciled is
 * on hold until corporate settles it, Unenrolled forfeited it).
 */
export function availableCredit(status: EnrolmentStatus, payout: number): number {
  if (status === EnrolmentStatus.Completed) return payout;
  if (isClosed(status)) return 0;
  return payout;
}

export type CardMode = 'active' | 'completed' | 'incomplete';

/**
 * The customer card's mode (LOY-32): active while Pre Enrolled or Enrolled; otherwise
 * completed when the last milestone's amount is at most the spend, else incomplete.
 */
export function cardMode(status: string, milestones: readonly Milestone[], spend: number): CardMode {
  if (isEnrolled(status)) return 'active';
  const sorted = sortMilestones(milestones);
  const last = sorted[sorted.length - 1];
  return last && toCents(last.amount) <= toCents(spend) ? 'completed' : 'incomplete';
}
