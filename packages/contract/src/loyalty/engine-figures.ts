import { fromCents, toCents } from './engine-money';
import {
  currentMilestone,
  largestMilestoneAmount,
  milestonePayout,
  nextMilestone,
  payoutFor,
  spendProgression,
  type Milestone,
} from './engine-milestones';
import { availableCredit, effectiveStatus, EnrolmentStatus, isEnrolled, payoutForStatus } from './engine-status';

/** The figures of one enrolment and of one template (LOY-34, LOY-35, LOY-06), and the card's advice (LOY-33). */

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
