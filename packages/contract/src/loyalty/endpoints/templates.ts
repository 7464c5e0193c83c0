import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer, type CamelKeys } from '../../core/endpoint';
import { writeAccess } from '../../core/writes';
import {
  programAddBodySchema,
  programDetailQuerySchema,
  programSeqBodySchema,
  programUpdateBodySchema,
  templateListQuerySchema,
} from '../template';
import { BUNDLE_TYPES, CURRENCY_CONFIGS, TEMPLATE_STATUSES } from '../template-rules';

const currencyConfig = z.union(CURRENCY_CONFIGS.map((c) => z.literal(c)) as [z.ZodLiteral<0>, z.ZodLiteral<1>]);
const yesNo = z.enum(['Y', 'N']);

/** A row of the template list (LOY-10): the template and the figures of its enrolments. */
export const templateRowAttributes = z.object({
  'loyalty-program-seq': z.number(),
  'loyalty-program-name': z.string(),
  'loyalty-program-status': z.enum(TEMPLATE_STATUSES),
  'milestone-count': z.number(),
  'total-program-spending': z.number(),
  'template-goal-spend': z.number(),
  'total-payout': z.number(),
  'currency-config': currencyConfig,
  'active-enrollees': z.number(),
  /** Y while no enrolment that still depends on the template is open (ALP30). */
  'edit-allowed': yesNo,
});
export type TemplateRow = CamelKeys<z.output<typeof templateRowAttributes>>;

/** A milestone as read back: number, rate (a fraction), amount, cap. */
export const templateMilestoneSchema = z.object({
  number: z.number(),
  rate: z.number().nullable(),
  amount: z.number(),
  cap: z.number().nullable(),
});
export type TemplateMilestone = z.output<typeof templateMilestoneSchema>;

/** One template with its milestones and what the deactivate dialog states (LOY-11, LOY-16). */
export const templateDetailsAttributes = z.object({
  'loyalty-program-seq': z.number(),
  'loyalty-program-name': z.string(),
  'loyalty-program-status': z.enum(TEMPLATE_STATUSES),
  'currency-config': currencyConfig,
  'loyalty-program-bundle-seq': z.number().nullable(),
  'loyalty-program-bundle-type': z.enum(BUNDLE_TYPES).nullable(),
  'bundle-name': z.string().nullable(),
  milestones: z.array(templateMilestoneSchema),
  'active-enrollees': z.number(),
  /** The latest expiration date (YYYY-MM-DD) of its active enrolments: the programme runs until then. */
  'latest-end-date': z.string().nullable(),
  'edit-allowed': yesNo,
  'last-modified': z.string(),
  'modified-by': z.string().nullable(),
});
export type TemplateDetails = CamelKeys<z.output<typeof templateDetailsAttributes>>;

const written = resultAnswer({ success: z.boolean(), 'loyalty-program-seq': z.number() });

/** The programme templates of the loyalty back office (LOY-10 to LOY-16). */
export const templateEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty-programs',
    tag: 'loyalty',
    summary: 'The loyalty programme templates, paged, sorted, searched and filtered by status and currency',
    access: 'corpLoyaltyView',
    query: templateListQuerySchema,
    answer: jsonApi('loyalty-programs', templateRowAttributes, { list: true }),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty/programs_csv',
    tag: 'loyalty',
    summary: 'Every programme template the list’s search and sort match, as CSV',
    access: 'corpLoyaltyView',
    query: templateListQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
  details: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty/program',
    tag: 'loyalty',
    summary: 'One programme template with its milestones',
    access: 'corpLoyaltyView',
    query: programDetailQuerySchema,
    answer: jsonApi('loyalty-program', templateDetailsAttributes),
  }),
  add: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/program/add',
    tag: 'loyalty',
    summary: 'Add a programme template with its milestones',
    access: writeAccess('POST /fc-common-api/loyalty/program/add'),
    body: programAddBodySchema,
    answer: written,
  }),
  update: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/program/update',
    tag: 'loyalty',
    summary: 'Change an active programme template without open enrolments, and its milestones',
    access: writeAccess('POST /fc-common-api/loyalty/program/update'),
    body: programUpdateBodySchema,
    answer: written,
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/program_deactivate',
    tag: 'loyalty',
    summary: 'Deactivate a programme template; its enrolments run to their end dates',
    access: writeAccess('POST /fc-common-api/loyalty/program_deactivate'),
    body: programSeqBodySchema,
    answer: resultAnswer({ success: z.boolean() }),
  }),
};
