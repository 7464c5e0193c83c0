import { divRound, fromCents, toCents, toScaled } from './engine-money';

/** A template's milestones and what they pay at a spend (LOY-34, LOY-35), and the customer card's bar (LOY-32). */

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
