import { z } from 'zod';
import { msg } from '../core/validation';
import type { EnrolmentStatus, Milestone } from './engine';

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
export interface CustMilestone {
  number: string;
  amount: string;
  /** The rate as a fraction, empty for a cap milestone. */
  rate: string;
  /** The cap, empty for a rate milestone. */
  cap: string;
}

/** One card of the customer loyalty page (LOY-31, "Customer loyalty programme"), camelCased. */
export interface CustLoyaltyProgram {
  custLoyaltyProgramSeq: number;
  loyaltyProgramSeq: number;
  loyaltyProgramName: string;
  loyaltyProgramStatus: EnrolmentStatus;
  startDate: string;
  endDate: string;
  currentSpend: number;
  totalPayout: number;
  /** 0 system currency (USD), 1 CAD. */
  currency: number;
  custNo: number;
  milestones: CustMilestone[];
  /** The bundle rule, so the card can say what counts: Include, Exclude or null (every item code). */
  bundleType: 'Include' | 'Exclude' | null;
  bundleName: string | null;
}

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
export interface BreakdownRow {
  itemCode: string;
  description: string | null;
  qualifying: boolean;
  reason: BreakdownReason;
  /** Currency of these purchases: 0 system currency (USD), 1 CAD. */
  currency: number;
  purchases: number;
  amount: number;
}

/** meta of the breakdown answer. */
export interface BreakdownTotals {
  qualifyingAmount: number;
  excludedAmount: number;
  /** Purchases in another currency than the programme's, summed in their own currency. */
  otherCurrencyAmount: number;
}

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
