import { z } from 'zod';
import { listQuerySchema } from '../core/list-query-schema';
import { msg, requiredText } from '../core/validation';
import {
  BUNDLE_TYPES,
  CAP_ABOVE_TARGET,
  capAboveTarget,
  hasAtMostDecimals,
  hasTwoDecimals,
  MAX_MILESTONES,
  milestoneOrderIssues,
  MONEY_MAX,
  MONEY_MIN,
  orderIssueMessage,
  RATE_DECIMALS,
  RATE_PERCENT_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_STATUSES,
  TemplateStatus,
  type CurrencyConfig,
} from './template-rules';

/**
 * Programme templates and their milestones (LOY-10 to LOY-16): the request bodies of
 * program/add and program/update, the browser's form with the same rules, and the template list's query.
 */

const seq = (field: string) =>
  z.coerce
    .number({ error: msg('required', { field }) })
    .int({ error: msg('integer', { field }) })
    .min(1, { error: msg('required', { field }) })
    .max(2_147_483_647, { error: msg('integer', { field }) });

/** Empty text and null both mean "not given". */
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

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
export function canEditTemplate(row: { loyaltyProgramStatus: string; editAllowed: string }, canModify: boolean): boolean {
  return canModify && row.loyaltyProgramStatus === TemplateStatus.Active && row.editAllowed === 'Y';
}
