/**
 * The rebate engine's rules (LOY-34, LOY-35, LOY-06, LOY-33), as pure functions.
 * The server computes the same figures in SQL (apps/server/src/modules/loyalty-engine/sql.ts); a test runs
 * both on the same data. Money is exact: amounts are turned into integer cents (rates into millionths)
 * and multiplied as BigInt, then rounded half away from zero like PostgreSQL's round(numeric, 2).
 */

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

export interface Milestone {
  /** milestone_no, from 1. */
  number: number;
  /** Target spend. */
  amount: number;
  /** Rebate rate as a fraction (0.025 is 2.5 %); null for a cap milestone. */
  rate: number | null;
  /** Fixed rebate of a cap milestone; null for a rate milestone. */
  cap: number | null;
}

// ---------------------------------------------------------------------------------------------------------
// Exact decimal arithmetic

/** A decimal (number or numeric string) as an integer of 10^-scale units, rounded half away from zero. */
export function toScaled(value: number | string, scale: number): bigint {
  const s = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`not a decimal: ${String(value)}`);
  const negative = m[1] === '-';
  const whole = m[2] || '0';
  const frac = m[3] ?? '';
  const kept = (frac + '0'.repeat(scale)).slice(0, scale);
  let n = BigInt(whole + kept);
  const next = frac.length > scale ? Number(frac[scale]) : 0;
  if (next >= 5) n += 1n;
  return negative ? -n : n;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  // Shortest round-trip text; exponent forms only happen far outside money ranges.
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(12) : s;
}

export const toCents = (value: number | string) => toScaled(value, 2);
export const fromCents = (cents: bigint) => Number(cents) / 100;

/** a / b rounded half away from zero (b > 0). */
function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= b) return a < 0n ? q - 1n : q + 1n;
  return q;
}

// ---------------------------------------------------------------------------------------------------------
// Milestones

/** Milestones in ascending amount (then number), as the engine reads them. */
export function sortMilestones(milestones: readonly Milestone[]): Milestone[] {
  return [...milestones].sort((a, b) => a.amount - b.amount || a.number - b.number);
}

/** The highest milestone whose amount is at most the spend; null below the first. */
export function currentMilestone(milestones: readonly Milestone[], spend: number): Milestone | null {
  const s = toCents(spend);
  let found: Milestone | null = null;
  for (const m of sortMilestones(milestones)) if (toCents(m.amount) <= s) found = m;
  return found;
}

/** The first milestone whose amount is above the spend; null once the last is reached. */
export function nextMilestone(milestones: readonly Milestone[], spend: number): Milestone | null {
  const s = toCents(spend);
  return sortMilestones(milestones).find((m) => toCents(m.amount) > s) ?? null;
}

/** The largest milestone amount, 0 without milestones. */
export function largestMilestoneAmount(milestones: readonly Milestone[]): number {
  return milestones.reduce((max, m) => Math.max(max, m.amount), 0);
}

/** What a milestone pays at a spend: a rate milestone spend × rate (to the cent), a cap milestone its cap. */
export function milestonePayout(milestone: Milestone, spend: number): number {
  if (milestone.rate === null || milestone.rate === undefined) return milestone.cap ?? 0;
  return fromCents(divRound(toCents(spend) * toScaled(milestone.rate, 6), 1_000_000n));
}

/** The payout at a spend: the current milestone's, 0 below the first milestone. */
export function payoutFor(milestones: readonly Milestone[], spend: number): number {
  const m = currentMilestone(milestones, spend);
  return m ? milestonePayout(m, spend) : 0;
}

/** Spend over the largest milestone amount in percent, to two decimals, between 0 and 100; 0 if that amount is 0. */
export function spendProgression(milestones: readonly Milestone[], spend: number): number {
  const largest = toCents(largestMilestoneAmount(milestones));
  if (largest <= 0n) return 0;
  const hundredths = divRound(toCents(spend) * 10_000n, largest);
  if (hundredths <= 0n) return 0;
  if (hundredths >= 10_000n) return 100;
  return Number(hundredths) / 100;
}

// ---------------------------------------------------------------------------------------------------------
// Status and modes

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

/** A milestone counts as achieved when its amount is at most the spend. */
export const isAchieved = (milestone: Pick<Milestone, 'amount'>, spend: number) => toCents(milestone.amount) <= toCents(spend);

/**
 * The bar's milestones: a synthetic zero milestone first, then each milestone with its position as a
 * percent of the largest amount.
 */
export function progressMarkers(
  milestones: readonly Milestone[],
  spend: number,
): { milestone: Milestone | null; amount: number; position: number; achieved: boolean }[] {
  const largest = largestMilestoneAmount(milestones);
  const pos = (amount: number) => (largest > 0 ? Math.min(100, (amount / largest) * 100) : 0);
  return [
    { milestone: null, amount: 0, position: 0, achieved: true },
    ...sortMilestones(milestones).map((m) => ({ milestone: m, amount: m.amount, position: pos(m.amount), achieved: isAchieved(m, spend) })),
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Figures of one enrolment and of one template

export interface EnrolmentInput {
  status: string;
  startDate: string;
  endDate: string;
  /** The spend the engine holds (the qualifying purchases in the window, or the fixed spend once closed). */
  spend: number;
  finalPayout?: number | null;
  milestones: readonly Milestone[];
}

export interface EnrolmentFigures {
  status: EnrolmentStatus;
  currentSpend: number;
  currentMilestone: Milestone | null;
  currentMilestoneRate: number | null;
  currentMilestoneCap: number | null;
  nextMilestoneAmount: number | null;
  spendProgression: number;
  payout: number;
  availableCredit: number;
}

/** Every computed column of an enrolment, as the SQL of the engine returns them. */
export function enrolmentFigures(e: EnrolmentInput, asOf: string): EnrolmentFigures {
  const status = effectiveStatus(e.status, e.startDate, e.endDate, asOf);
  const current = currentMilestone(e.milestones, e.spend);
  const payout = payoutForStatus(status, payoutFor(e.milestones, e.spend), e.finalPayout ?? null);
  // An Unenrolled or Not Reconciled enrolment earns at no rate: no current rate or cap (decision 0345).
  const earning = status !== EnrolmentStatus.Unenrolled && status !== EnrolmentStatus.NotReconciled;
  return {
    status,
    currentSpend: e.spend,
    currentMilestone: current,
    currentMilestoneRate: earning ? (current?.rate ?? null) : null,
    currentMilestoneCap: earning ? (current?.cap ?? null) : null,
    nextMilestoneAmount: nextMilestone(e.milestones, e.spend)?.amount ?? null,
    spendProgression: spendProgression(e.milestones, e.spend),
    payout,
    availableCredit: availableCredit(status, payout),
  };
}

export interface TemplateFigures {
  milestoneCount: number;
  totalProgramSpending: number;
  templateGoalSpend: number;
  totalPayout: number;
  activeEnrollees: number;
}

/**
 * A template's figures (docs/decisions/0009-loyalty-engine.md): spending summed over its enrolments except
 * Unenrolled ones; the total payout is the sum of its enrolments' available credit, so Not Reconciled (on
 * hold) counts 0 there as on its row (decision 0345); active enrollees are the Pre Enrolled and Enrolled ones; the goal is
 * the largest milestone amount for each active enrollee.
 */
export function templateFigures(milestones: readonly Milestone[], enrolments: readonly EnrolmentInput[], asOf: string): TemplateFigures {
  let spend = 0n;
  let payout = 0n;
  let active = 0;
  for (const e of enrolments) {
    const f = enrolmentFigures({ ...e, milestones }, asOf);
    if (f.status === EnrolmentStatus.Unenrolled) continue;
    spend += toCents(f.currentSpend);
    payout += toCents(f.availableCredit);
    if (isEnrolled(f.status)) active++;
  }
  return {
    milestoneCount: milestones.length,
    totalProgramSpending: fromCents(spend),
    templateGoalSpend: fromCents(toCents(largestMilestoneAmount(milestones)) * BigInt(active)),
    totalPayout: fromCents(payout),
    activeEnrollees: active,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The explanation on the customer's card

export type MilestoneAdvice =
  /** Spend `remaining` more between `from` (today or the start date) and `by` to reach `milestone`, which pays at least `pays`. */
  | { kind: 'next'; remaining: number; from: string; by: string; milestone: Milestone; pays: number; earnedNow: number }
  /** Every milestone is reached; the payout still grows with spend when the last one is a rate. */
  | { kind: 'top-reached'; milestone: Milestone; earnedNow: number }
  /** The window is over: nothing more can be spent towards it. */
  | { kind: 'ended' }
  /** A template without milestones pays nothing. */
  | { kind: 'none' };

/**
 * What more qualifying spend, by which date, reaches the next milestone and what it pays: the card's
 * "why did I earn what I earned" line. Only an enrolment that still runs (Pre Enrolled or Enrolled) can
 * reach a milestone.
 */
export function milestoneAdvice(e: EnrolmentInput, asOf: string): MilestoneAdvice {
  const status = effectiveStatus(e.status, e.startDate, e.endDate, asOf);
  if (e.milestones.length === 0) return { kind: 'none' };
  if (!isEnrolled(status)) return { kind: 'ended' };
  const earnedNow = payoutFor(e.milestones, e.spend);
  const next = nextMilestone(e.milestones, e.spend);
  if (!next) return { kind: 'top-reached', milestone: currentMilestone(e.milestones, e.spend)!, earnedNow };
  return {
    kind: 'next',
    remaining: fromCents(toCents(next.amount) - toCents(e.spend)),
    from: asOf < e.startDate ? e.startDate : asOf,
    by: e.endDate,
    milestone: next,
    pays: milestonePayout(next, next.amount),
    earnedNow,
  };
}
