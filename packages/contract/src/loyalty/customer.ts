import { z } from 'zod';
import type { CamelKeys } from '../core/endpoint';
import { msg } from '../core/validation';
import { EnrolmentStatus, type Milestone } from './engine';

/**
 * The customer loyalty page (LOY-30, LOY-32): its calls' queries and the shapes they answer.
 */

export const CUST_PROGRAMS_FOR = ['active', 'history'] as const;
export type CustProgramsFor = (typeof CUST_PROGRAMS_FOR)[number];

const custNo = z.coerce
  .number({ error: msg('integer') })
  .int({ error: msg('integer') })
  .min(1, { error: msg('integer') })
  .max(2_147_483_647, { error: msg('integer') });

const seq = z.coerce
  .number({ error: msg('required', { field: 'cust_loyalty_program_seq' }) })
  .int({ error: msg('integer') })
  .min(1, { error: msg('integer') })
  .max(Number.MAX_SAFE_INTEGER, { error: msg('integer') });

/**
 * GET /fc-common-api/loyalty-cust-programs. filter[for] defaults to active. filter[cust_no] is for
 * corporate users, who view any customer's page (docs/decisions/0009-loyalty-engine.md); a customer may
 * only name itself.
 */
export const custProgramsQuerySchema = z.strictObject({
  'filter[for]': z.enum(CUST_PROGRAMS_FOR, { error: msg('invalid') }).default('active'),
  'filter[cust_no]': custNo.optional(),
});
export type CustProgramsQuery = z.output<typeof custProgramsQuerySchema>;

/** GET /fc-common-api/loyalty/cust_details and /loyalty/cust_breakdown. */
export const custEnrolmentQuerySchema = z.strictObject({
  cust_loyalty_program_seq: seq,
});

/** A milestone as the customer view sends it: number, amount and rate (and cap) as text. */
export const custMilestoneSchema = z.object({
  number: z.string(),
  amount: z.string(),
  /** The rate as a fraction, empty for a cap milestone. */
  rate: z.string(),
  /** The cap, empty for a rate milestone. */
  cap: z.string(),
});
export type CustMilestone = z.output<typeof custMilestoneSchema>;

/** One card of the customer loyalty page (LOY-31, "Customer loyalty programme"), in wire names. */
export const custProgramAttributes = z.object({
  'cust-loyalty-program-seq': z.number(),
  'loyalty-program-seq': z.number(),
  'loyalty-program-name': z.string(),
  'loyalty-program-status': z.enum(EnrolmentStatus),
  'start-date': z.string(),
  'end-date': z.string(),
  'current-spend': z.number(),
  'total-payout': z.number(),
  /** 0 system currency (USD), 1 CAD. */
  currency: z.number(),
  'cust-no': z.number(),
  milestones: z.array(custMilestoneSchema),
  /** The bundle rule, so the card can say what counts: Include, Exclude or null (every item code). */
  'bundle-type': z.enum(['Include', 'Exclude']).nullable(),
  'bundle-name': z.string().nullable(),
});
/** A card as the server builds it and the web reads it (camelCase). */
export type CustLoyaltyProgram = CamelKeys<z.output<typeof custProgramAttributes>>;

/** The engine's milestone from the text the customer view sends. */
export function milestoneFromText(m: CustMilestone): Milestone {
  return {
    number: Number(m.number),
    amount: Number(m.amount),
    rate: m.rate === '' ? null : Number(m.rate),
    cap: m.cap === '' ? null : Number(m.cap),
  };
}

/** Why a purchase of the enrolment's window counts or not (the breakdown beyond the specification). */
export const BREAKDOWN_REASONS = [
  'in-bundle',
  'all-codes',
  'not-in-exclude-bundle',
  'not-in-include-bundle',
  'in-exclude-bundle',
  'other-currency',
] as const;
export type BreakdownReason = (typeof BREAKDOWN_REASONS)[number];

/** One row of GET /fc-common-api/loyalty/cust_breakdown: purchases of one item code in the window. */
export const breakdownAttributes = z.object({
  'item-code': z.string(),
  description: z.string().nullable(),
  qualifying: z.boolean(),
  reason: z.enum(BREAKDOWN_REASONS),
  /** Currency of these purchases: 0 system currency (USD), 1 CAD. */
  currency: z.number(),
  purchases: z.number(),
  amount: z.number(),
});
export type BreakdownRow = CamelKeys<z.output<typeof breakdownAttributes>>;

/** meta of the breakdown answer: the rows' count and their totals. */
export const breakdownMetaSchema = z.object({
  record_count: z.number(),
  qualifying_amount: z.number(),
  excluded_amount: z.number(),
  /** Purchases in another currency than the programme's, summed in their own currency. */
  other_currency_amount: z.number(),
});
export type BreakdownTotals = CamelKeys<Omit<z.output<typeof breakdownMetaSchema>, 'record_count'>>;

/** Columns of the spend-details export (the qualifying transactions of one enrolment). */
export const SPEND_DETAILS_COLUMNS = [
  'Transaction Date',
  'Invoice',
  'Item Code',
  'Description',
  'Amount',
  'Currency',
  'Program',
  'Customer Number',
] as const;

/** Loyalty-Spend-Details-{timestamp}.csv, the timestamp as YYYYMMDDHHmmss in the user's time. */
export function spendDetailsFileName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const ts = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `Loyalty-Spend-Details-${ts}.csv`;
}

/** Currency code for display: currency_config / transactions.currency 0 is the system currency (USD), 1 CAD. */
export const currencyCode = (currency: number) => (currency === 1 ? 'CAD' : 'USD');
