import { z } from 'zod';
import { listQuerySchema } from '../core/list-query';
import { msg, requiredText } from '../core/validation';
import { fromCents, milestonePayout, toCents, type Milestone } from './engine';

/**
 * Programme templates and their milestones (LOY-10 to LOY-16): the request bodies of
 * program/add and program/update, the browser's form with the same rules, and the template list's query.
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

const seq = (field: string) =>
  z.coerce
    .number({ error: msg('required', { field }) })
    .int({ error: msg('integer', { field }) })
    .min(1, { error: msg('required', { field }) })
    .max(2_147_483_647, { error: msg('integer', { field }) });

/** Empty text and null both mean "not given". */
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

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

const money = (field: string) =>
  z.coerce
    .number({ error: msg('decimal', { field }) })
    .refine((n) => Number.isFinite(n), { error: msg('decimal', { field }) })
    .refine((n) => n >= MONEY_MIN && n <= MONEY_MAX, { error: msg('range', { field, min: MONEY_MIN, max: '999999999999.99' }) })
    .refine(hasTwoDecimals, { error: msg('two-decimals', { field }) });

export const milestoneBodySchema = z
  .object({
    milestone_no: seq('milestone_no'),
    /** A fraction from 0 to 1; null (or empty) for a cap milestone. */
    milestone_rate: z.preprocess(
      blankToNull,
      z.coerce
        .number({ error: msg('decimal', { field: 'milestone_rate' }) })
        .min(0, { error: msg('range', { field: 'milestone_rate', min: 0, max: RATE_PERCENT_MAX }) })
        .max(1, { error: msg('range', { field: 'milestone_rate', min: 0, max: RATE_PERCENT_MAX }) })
        .refine((n) => hasAtMostDecimals(n, RATE_DECIMALS), {
          error: msg('rate-decimals', { field: 'milestone_rate', max: RATE_DECIMALS, percent: RATE_DECIMALS - 2 }),
        })
        .nullable(),
    ),
    milestone_amount: money('milestone_amount'),
    /** Null (or empty) for a rate milestone. */
    milestone_cap: z.preprocess(blankToNull, money('milestone_cap').nullable()),
  })
  .superRefine((m, ctx) => {
    if ((m.milestone_rate === null) === (m.milestone_cap === null)) {
      ctx.addIssue({ code: 'custom', path: [m.milestone_rate === null ? 'milestone_rate' : 'milestone_cap'], message: msg('rate-or-cap') });
    } else if (m.milestone_cap !== null && capAboveTarget(m.milestone_cap, m.milestone_amount)) {
      ctx.addIssue({ code: 'custom', path: ['milestone_cap'], message: CAP_ABOVE_TARGET });
    }
  });
export type MilestoneBody = z.output<typeof milestoneBodySchema>;

export const fcLoyaltyProgramSchema = z
  .object({
    loyalty_program_seq: z.preprocess(blankToNull, seq('loyalty_program_seq').nullable()).optional(),
    loyalty_program_name: requiredText(TEMPLATE_NAME_MAX),
    bundle_seq: z.preprocess(blankToNull, seq('bundle_seq').nullable()).optional(),
    bundle_type: z.preprocess(blankToNull, z.enum(BUNDLE_TYPES, { error: msg('invalid', { field: 'bundle_type' }) }).nullable()).optional(),
    currency_config: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: msg('required', { field: 'currency_config' }) })
        .refine((n): n is CurrencyConfig => n === 0 || n === 1, { error: msg('invalid', { field: 'currency_config' }) }),
    ),
  })
  .superRefine((p, ctx) => {
    // Bundle and bundle type come together or not at all (LOY-13).
    if (p.bundle_seq && !p.bundle_type)
      ctx.addIssue({ code: 'custom', path: ['bundle_type'], message: msg('required', { field: 'bundle_type' }) });
    if (p.bundle_type && !p.bundle_seq)
      ctx.addIssue({ code: 'custom', path: ['bundle_seq'], message: msg('required', { field: 'bundle_seq' }) });
  });

const milestonesSchema = z
  .array(milestoneBodySchema, { error: msg('required', { field: 'fc_loyalty_program_milestones' }) })
  .min(1, { error: msg('required', { field: 'fc_loyalty_program_milestones' }) })
  .max(MAX_MILESTONES, { error: msg('max-milestones', { max: MAX_MILESTONES }) });

const BODY_FIELD = { amount: 'milestone_amount', rate: 'milestone_rate', cap: 'milestone_cap' } as const;

/**
 * The order rule (ALP10, ALP09) over the milestones of a body, taken in milestone_no order; each issue
 * names the offending milestone's position in the body. Repeated numbers are the server's to refuse.
 */
function refineMilestoneOrder(milestones: readonly MilestoneBody[], ctx: z.RefinementCtx) {
  if (new Set(milestones.map((m) => m.milestone_no)).size !== milestones.length) return;
  const order = milestones.map((m, i) => ({ m, i })).sort((a, b) => a.m.milestone_no - b.m.milestone_no);
  for (const issue of milestoneOrderIssues(
    order.map(({ m }) => ({ amount: m.milestone_amount, rate: m.milestone_rate, cap: m.milestone_cap })),
  )) {
    ctx.addIssue({
      code: 'custom',
      path: ['fc_loyalty_program_milestones', order[issue.index]!.i, BODY_FIELD[issue.field]],
      message: orderIssueMessage(issue),
    });
  }
}

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

/** POST /fc-common-api/loyalty/program/add. */
export const programAddBodySchema = z
  .strictObject({
    fc_loyalty_program: fcLoyaltyProgramSchema,
    fc_loyalty_program_milestones: milestonesSchema,
  })
  .superRefine((b, ctx) => refineMilestoneOrder(b.fc_loyalty_program_milestones, ctx));
/** POST /fc-common-api/loyalty/program/update: the same, naming the template. */
export const programUpdateBodySchema = z
  .strictObject({
    fc_loyalty_program: fcLoyaltyProgramSchema.refine((p) => !!p.loyalty_program_seq, {
      path: ['loyalty_program_seq'],
      error: msg('required', { field: 'loyalty_program_seq' }),
    }),
    fc_loyalty_program_milestones: milestonesSchema,
  })
  .superRefine((b, ctx) => refineMilestoneOrder(b.fc_loyalty_program_milestones, ctx));
export type ProgramBody = z.output<typeof programAddBodySchema>;

/** POST /fc-common-api/loyalty/program_deactivate and GET /fc-common-api/loyalty/program. */
export const programSeqBodySchema = z.strictObject({ loyalty_program_seq: seq('loyalty_program_seq') });
export const programDetailQuerySchema = programSeqBodySchema;

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

// ---------------------------------------------------------------------------------------------------------
// The template form in the browser (values as typed)

/** The two-decimal mask: digits, at most 12 before the point and 2 after. */
export const MONEY_INPUT_PATTERN = /^\d{0,12}(\.\d{0,2})?$/;
/** The rate mask: at most 3 digits before the point and 2 after. */
export const RATE_INPUT_PATTERN = /^\d{0,3}(\.\d{0,2})?$/;

const typedNumber = (s: string) => (s.trim() === '' || s.trim() === '.' ? NaN : Number(s));

export const milestoneFormSchema = z
  .object({
    isCap: z.boolean(),
    rate: z.string(),
    amount: z.string(),
    cap: z.string(),
  })
  .superRefine((m, ctx) => {
    const amount = typedNumber(m.amount);
    if (m.amount.trim() === '') ctx.addIssue({ code: 'custom', path: ['amount'], message: msg('required') });
    else if (!MONEY_INPUT_PATTERN.test(m.amount) || Number.isNaN(amount))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: msg('two-decimals') });
    else if (amount < MONEY_MIN || amount > MONEY_MAX)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: msg('range', { min: MONEY_MIN, max: '999999999999.99' }) });
    if (m.isCap) {
      const cap = typedNumber(m.cap);
      if (m.cap.trim() === '') ctx.addIssue({ code: 'custom', path: ['cap'], message: msg('required') });
      else if (!MONEY_INPUT_PATTERN.test(m.cap) || Number.isNaN(cap))
        ctx.addIssue({ code: 'custom', path: ['cap'], message: msg('two-decimals') });
      else if (cap < MONEY_MIN || cap > MONEY_MAX)
        ctx.addIssue({ code: 'custom', path: ['cap'], message: msg('range', { min: MONEY_MIN, max: '999999999999.99' }) });
      else if (!Number.isNaN(amount) && MONEY_INPUT_PATTERN.test(m.amount) && capAboveTarget(cap, amount))
        ctx.addIssue({ code: 'custom', path: ['cap'], message: CAP_ABOVE_TARGET });
    } else {
      const rate = typedNumber(m.rate);
      if (m.rate.trim() === '') ctx.addIssue({ code: 'custom', path: ['rate'], message: msg('required') });
      else if (!RATE_INPUT_PATTERN.test(m.rate) || Number.isNaN(rate))
        ctx.addIssue({ code: 'custom', path: ['rate'], message: msg('decimal') });
      else if (rate < 0 || rate > RATE_PERCENT_MAX)
        ctx.addIssue({ code: 'custom', path: ['rate'], message: msg('range', { min: 0, max: RATE_PERCENT_MAX }) });
    }
  });
export type MilestoneForm = z.input<typeof milestoneFormSchema>;

export const templateFormSchema = z
  .object({
    loyaltyProgramName: requiredText(TEMPLATE_NAME_MAX),
    currencyConfig: z.string().refine((v) => v === '0' || v === '1', { error: msg('required') }),
    bundleSeq: z.string(),
    bundleType: z.string(),
    milestones: z
      .array(milestoneFormSchema)
      .min(1, { error: msg('required') })
      .max(MAX_MILESTONES, { error: msg('max-milestones', { max: MAX_MILESTONES }) }),
  })
  .superRefine((f, ctx) => {
    if (f.bundleSeq && !f.bundleType) ctx.addIssue({ code: 'custom', path: ['bundleType'], message: msg('required') });
    if (f.bundleType && !f.bundleSeq) ctx.addIssue({ code: 'custom', path: ['bundleSeq'], message: msg('required') });
    if (f.bundleType && !(BUNDLE_TYPES as readonly string[]).includes(f.bundleType))
      ctx.addIssue({ code: 'custom', path: ['bundleType'], message: msg('invalid') });
    // The rate is typed as a percent; the rule compares payouts, so it takes the fraction that is sent.
    const values = f.milestones.map((m) => ({
      amount: typedNumber(m.amount),
      rate: m.isCap ? null : typedNumber(m.rate),
      cap: m.isCap ? typedNumber(m.cap) : null,
    }));
    if (values.some((v) => Number.isNaN(v.amount) || Number.isNaN(v.rate ?? 0) || Number.isNaN(v.cap ?? 0))) return;
    const sent = values.map((v) => ({ ...v, rate: v.rate === null ? null : percentToFraction(v.rate) }));
    for (const issue of milestoneOrderIssues(sent))
      ctx.addIssue({ code: 'custom', path: ['milestones', issue.index, issue.field], message: orderIssueMessage(issue) });
  });
export type TemplateForm = z.input<typeof templateFormSchema>;

export const emptyMilestone = (): MilestoneForm => ({ isCap: false, rate: '', amount: '', cap: '' });

/** The body of program/add or program/update from the form's values (milestones numbered from 1). */
export function templateFormToBody(f: TemplateForm, loyaltyProgramSeq?: number): ProgramBody {
  return {
    fc_loyalty_program: {
      ...(loyaltyProgramSeq ? { loyalty_program_seq: loyaltyProgramSeq } : {}),
      loyalty_program_name: f.loyaltyProgramName.trim(),
      bundle_seq: f.bundleSeq ? Number(f.bundleSeq) : null,
      bundle_type: f.bundleType ? (f.bundleType as BundleType) : null,
      currency_config: Number(f.currencyConfig) as CurrencyConfig,
    },
    fc_loyalty_program_milestones: f.milestones.map((m, i) => ({
      milestone_no: i + 1,
      milestone_rate: m.isCap ? null : percentToFraction(Number(m.rate)),
      milestone_amount: Number(m.amount),
      milestone_cap: m.isCap ? Number(m.cap) : null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reads

/** A milestone as read back: number, rate (fraction), amount, cap. */
export interface TemplateMilestone {
  number: number;
  rate: number | null;
  amount: number;
  cap: number | null;
}

/** GET /fc-common-api/loyalty/program (camelCased). */
export interface TemplateDetails {
  loyaltyProgramSeq: number;
  loyaltyProgramName: string;
  loyaltyProgramStatus: TemplateStatus;
  currencyConfig: CurrencyConfig;
  loyaltyProgramBundleSeq: number | null;
  loyaltyProgramBundleType: BundleType | null;
  bundleName: string | null;
  milestones: TemplateMilestone[];
  activeEnrollees: number;
  /** The latest expiration date (YYYY-MM-DD) of its active enrolments: the programme runs until then. */
  latestEndDate: string | null;
  editAllowed: 'Y' | 'N';
}

/** A row of GET /fc-common-api/loyalty-programs (camelCased). */
export interface TemplateRow {
  loyaltyProgramSeq: number;
  loyaltyProgramName: string;
  loyaltyProgramStatus: TemplateStatus;
  milestoneCount: number;
  totalProgramSpending: number;
  templateGoalSpend: number;
  totalPayout: number;
  currencyConfig: CurrencyConfig;
  activeEnrollees: number;
  editAllowed: 'Y' | 'N';
}

export const TEMPLATE_SORT_FIELDS = [
  'loyalty_program_seq',
  'loyalty_program_name',
  'loyalty_program_status',
  'milestone_count',
  'total_program_spending',
  'template_goal_spend',
  'total_payout',
  'currency_config',
  'active_enrollees',
] as const;
export type TemplateSortField = (typeof TEMPLATE_SORT_FIELDS)[number];

/** GET /fc-common-api/loyalty-programs and its CSV (programs_csv). */
export const templateListQuerySchema = listQuerySchema({
  sortFields: TEMPLATE_SORT_FIELDS,
  defaultSort: [{ field: 'loyalty_program_name', direction: 'asc' }],
  filters: {
    loyalty_program_status: z.enum(TEMPLATE_STATUSES, { error: msg('invalid', { field: 'filter[loyalty_program_status]' }) }),
    currency_config: z.coerce.number().int().min(0).max(1),
  },
});

/** Edit is offered only for an active template, to a user who may modify, when editAllowed is Y (section 4). */
export function canEditTemplate(row: Pick<TemplateRow, 'loyaltyProgramStatus' | 'editAllowed'>, canModify: boolean): boolean {
  return canModify && row.loyaltyProgramStatus === TemplateStatus.Active && row.editAllowed === 'Y';
}
