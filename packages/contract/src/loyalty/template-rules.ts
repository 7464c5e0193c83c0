import { msg } from '../core/validation';
import { fromCents, milestonePayout, toCents, type Milestone } from './engine';

/**
 * The rules of programme templates and their milestones (LOY-10 to LOY-16) that the body schemas
 * (template.ts) and the browser's form (template-form.ts) both apply: limits, codes and the milestone order.
 */

export const TEMPLATE_NAME_MAX = 20;
/** Target spend and cap: 0.01 to 999999999999.99 (LOY-14). */
export const MONEY_MIN = 0.01;
export const MONEY_MAX = 999_999_999_999.99;
/** Rebate rate in percent as typed; sent as a fraction (percent / 100). */
export const RATE_PERCENT_MAX = 100;
/** Milestones per template: the specification gives no maximum; a programme of more is not a programme. */
export const MAX_MILESTONES = 20;

export const BUNDLE_TYPES = ['Include', 'Exclude'] as const;
export type BundleType = (typeof BUNDLE_TYPES)[number];

/** currency_config: 0 the system currency, 1 Canadian dollars (the same codes as a customer's currency). */
export const CURRENCY_CONFIGS = [0, 1] as const;
export type CurrencyConfig = (typeof CURRENCY_CONFIGS)[number];

/** Template status: stored 0 Active, 1 Inactive; the API answers the words. */
export const TemplateStatus = { Active: 'Active', Inactive: 'Inactive' } as const;
export type TemplateStatus = (typeof TemplateStatus)[keyof typeof TemplateStatus];
export const TEMPLATE_STATUSES = [TemplateStatus.Active, TemplateStatus.Inactive] as const;

/** Template codes (LOY-16). */
export const TemplateCode = {
  NotFound: 'ALP06',
  InvalidRateOrCap: 'ALP09',
  InvalidAmount: 'ALP10',
  DuplicateName: 'ALP18',
  HasActiveCustomers: 'ALP30',
  InvalidBundle: 'ALP33',
  /** Not in the specification's catalogue: only an active template can be changed or deactivated. */
  Inactive: 'program-inactive',
} as const;

/**
 * At most `places` decimals: the number is the double nearest to its own value rounded to `places` decimals.
 * Not checked as |n × 10^places - round(...)| < ε: above about 10^8 the product's binary error exceeds any
 * fixed ε, and 134288294.08 would be refused.
 */
export function hasAtMostDecimals(n: number, places: number): boolean {
  return Number.isFinite(n) && Math.abs(n) < 1e21 && Number(n.toFixed(places)) === n;
}
/** Two decimals at most (money). */
export const hasTwoDecimals = (n: number) => hasAtMostDecimals(n, 2);
/** A rate is stored with 6 decimals (numeric(7, 6)): a percent with 4. More would be rounded away, so it is refused. */
export const RATE_DECIMALS = 6;

/**
 * "Total spend must not exceed the cap" (LOY-15), read with the milestone rules
 * (docs/decisions/0073): a cap milestone pays its cap once the spend reaches its target, so the cap may not
 * be more than that target spend, as a rate may not be more than 100 %: no milestone pays back more than the
 * spend that earns it. ALP09 (invalid cap) on the cap, with the reason for the form's row.
 */
export const capAboveTarget = (cap: number, amount: number) => toCents(cap) > toCents(amount);
export const CAP_ABOVE_TARGET = msg(TemplateCode.InvalidRateOrCap, { reason: 'cap-above-target' });

export interface MilestoneValues {
  amount: number;
  rate: number | null;
  cap: number | null;
}

export interface MilestoneOrderIssue {
  code: 'ALP10' | 'ALP09';
  /** Position of the offending milestone in the order given (milestone number - 1). */
  index: number;
  field: 'amount' | 'rate' | 'cap';
  /** ALP09: what the milestone pays at its target spend, and what the one before pays a cent below it. */
  pays?: number;
  paidBelow?: number;
  /** ALP09: the rate or cap is not above the nearest earlier milestone of its kind (at `previousIndex`). */
  reason?: 'not-increasing';
  previousIndex?: number;
  /** That milestone's rate (a fraction) or cap. */
  previous?: number;
}

/**
 * "Target spend and rate or cap must increase by milestone" (LOY-15), in milestone order
 * (docs/decisions/0341, which supersedes 0070's "at least"):
 * - Target spends strictly increase (else ALP10 on the amount).
 * - Rates and caps strictly increase: a rate milestone's rate is above the rate of the nearest earlier rate
 *   milestone, a cap milestone's cap above the cap of the nearest earlier cap milestone (else ALP09 with
 *   `reason: 'not-increasing'`). 2 % at 1,000 then 2 % at 2,000 is refused.
 * - Rate and cap are also read together, by what they pay: reaching a milestone pays at least what the
 *   milestone before it paid a cent below its target spend (else ALP09 with `pays` and `paidBelow`): 5 %
 *   from 2,500 then a 200 cap from 5,000 would pay 250.00 at 4,999.99 and 200 at 5,000. With the payout
 *   constant on a cap milestone and growing with spend on a rate milestone, the payout never decreases as
 *   spend grows.
 * Rates are fractions (0.025 is 2.5 %). Answers every offending milestone (one issue each): the ALP10
 * ones, or when the targets are in order, the ALP09 ones.
 */
export function milestoneOrderIssues(milestones: readonly MilestoneValues[]): MilestoneOrderIssue[] {
  const issues: MilestoneOrderIssue[] = [];
  for (let i = 1; i < milestones.length; i++) {
    if (!(toCents(milestones[i]!.amount) > toCents(milestones[i - 1]!.amount)))
      issues.push({ code: TemplateCode.InvalidAmount, index: i, field: 'amount' });
  }
  if (issues.length) return issues;
  const asMilestone = (m: MilestoneValues, i: number): Milestone => ({ number: i + 1, amount: m.amount, rate: m.rate, cap: m.cap });
  /** A rate in millionths (6 decimals, as stored) or a cap in cents: compared without binary noise. */
  const valueOf = (m: MilestoneValues) => (m.rate !== null ? BigInt(Math.round(m.rate * 1_000_000)) : toCents(m.cap ?? 0));
  for (let i = 1; i < milestones.length; i++) {
    const cur = milestones[i]!;
    const field = cur.rate === null ? 'cap' : 'rate';
    let j = i - 1;
    while (j >= 0 && (milestones[j]!.rate === null) !== (cur.rate === null)) j--;
    if (j >= 0 && !(valueOf(cur) > valueOf(milestones[j]!))) {
      const prev = milestones[j]!;
      issues.push({
        code: TemplateCode.InvalidRateOrCap,
        index: i,
        field,
        reason: 'not-increasing',
        previousIndex: j,
        previous: (field === 'rate' ? prev.rate : prev.cap) ?? 0,
      });
      continue;
    }
    const m = asMilestone(cur, i);
    const below = fromCents(toCents(m.amount) - 1n);
    const pays = milestonePayout(m, m.amount);
    const paidBelow = milestonePayout(asMilestone(milestones[i - 1]!, i - 1), below);
    if (toCents(pays) < toCents(paidBelow)) issues.push({ code: TemplateCode.InvalidRateOrCap, index: i, field, pays, paidBelow });
  }
  return issues;
}

/** The first of `milestoneOrderIssues`, or null when the milestones are in order. */
export function milestoneOrderIssue(milestones: readonly MilestoneValues[]): MilestoneOrderIssue | null {
  return milestoneOrderIssues(milestones)[0] ?? null;
}

/** A percent as typed (0 to 100, two decimals) to the fraction sent, without binary noise. */
export const percentToFraction = (percent: number) => Math.round(percent * 10_000) / 1_000_000;
/** A fraction as stored to the percent shown. */
export const fractionToPercent = (fraction: number) => Math.round(fraction * 1_000_000) / 10_000;

/**
 * ALP10; ALP09 with the earlier milestone whose rate (a fraction) or cap it does not exceed; or ALP09 with
 * what the milestone pays and what the one before paid just below it.
 */
export function orderIssueMessage(issue: MilestoneOrderIssue): string {
  if (issue.code !== TemplateCode.InvalidRateOrCap) return issue.code;
  if (issue.reason === 'not-increasing')
    return msg(issue.code, {
      milestone: issue.index + 1,
      reason: issue.reason,
      kind: issue.field,
      previousMilestone: (issue.previousIndex ?? 0) + 1,
      previous: issue.field === 'rate' ? String(issue.previous ?? 0) : (issue.previous ?? 0).toFixed(2),
    });
  return msg(issue.code, { milestone: issue.index + 1, pays: (issue.pays ?? 0).toFixed(2), paidBelow: (issue.paidBelow ?? 0).toFixed(2) });
}
