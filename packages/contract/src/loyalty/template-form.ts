import { z } from 'zod';
import { msg, requiredText } from '../core/validation';
import { type ProgramBody } from './template';
import {
  BUNDLE_TYPES,
  CAP_ABOVE_TARGET,
  capAboveTarget,
  MAX_MILESTONES,
  milestoneOrderIssues,
  MONEY_MAX,
  MONEY_MIN,
  orderIssueMessage,
  percentToFraction,
  RATE_PERCENT_MAX,
  TEMPLATE_NAME_MAX,
  type BundleType,
  type CurrencyConfig,
} from './template-rules';

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
