import { z } from 'zod';
import type { CamelKeys } from '../core/endpoint';
import { listQuerySchema } from '../core/list-query-schema';
import { isRealDate, mmddyyyyToYyyymmdd, msg, yyyymmdd } from '../core/validation';
import { EnrolmentStatus } from './engine';

/**
 * Customer enrolments (LOY-06, LOY-07, LOY-08, LOY-09): custs_add and custs_del bodies, the add
 * form's rules, the enrolment list and the customer options it offers.
 */

export const EnrolmentCode = {
  /** The expiration date is before today. */
  PastDate: 'past-date',
  /** The expiration date is before the enrolment date. */
  ExpirationBeforeEnrolment: 'expiration-after-enrolment',
  /** A date later than today plus the configured number of years (docs/decisions/0342). */
  TooFar: 'date-too-far',
  CustomerInactive: 'customer-inactive',
  CustomerNotFound: 'customer-not-found',
  ProgramNotOffered: 'program-not-offered',
  CurrencyMismatch: 'currency-mismatch',
  AlreadyEnrolled: 'already-enrolled',
  NotEnrolled: 'not-enrolled',
  EnrolmentNotFound: 'enrolment-not-found',
} as const;

const positiveInt = (field: string) =>
  z.coerce
    .number({ error: msg('required', { field }) })
    .int({ error: msg('integer', { field }) })
    .min(1, { error: msg('required', { field }) })
    .max(2_147_483_647, { error: msg('integer', { field }) });

/** The body object fc_loyalty_cust of POST /fc-common-api/loyalty/custs_add. Dates are YYYYMMDD. */
export const fcLoyaltyCustSchema = z.object({
  cust_no: positiveInt('cust_no'),
  /** The customer's programme code (the customer option's `program`); checked against the customer. */
  program: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: msg('integer', { field: 'program' }) })
      .int()
      .min(0)
      .max(32767)
      .optional(),
  ),
  loyalty_program_seq: positiveInt('loyalty_program_seq'),
  start_date: yyyymmdd,
  end_date: yyyymmdd,
  enrolled: z.literal('Y', { error: msg('invalid', { field: 'enrolled' }) }).default('Y'),
});
export const custsAddBodySchema = z.strictObject({ fc_loyalty_cust: fcLoyaltyCustSchema });
export type CustsAddBody = z.input<typeof custsAddBodySchema>;

/** POST /fc-common-api/loyalty/custs_del. */
export const custsDelBodySchema = z.strictObject({ cust_loyalty_program_seq: positiveInt('cust_loyalty_program_seq') });

/**
 * How far ahead an enrolment or expiration date may be, in years from today (docs/decisions/0342): the
 * specification gives no upper bound, and 12/31/9999 was accepted and shown on the customer's card. The
 * server's LOYALTY_ENROLMENT_MAX_YEARS sets it and the app config gives it to the browser's form.
 */
export const ENROLMENT_MAX_YEARS_DEFAULT = 5;
export const ENROLMENT_MAX_YEARS_LIMIT = 50;

/** The latest date allowed (YYYYMMDD): the same day `years` years after `today` (February 29 becomes the 28th). */
export function latestEnrolmentDate(today: string, years: number): string {
  const same = `${Number(today.slice(0, 4)) + years}${today.slice(4)}`;
  return isRealDate(same) ? same : `${same.slice(0, 6)}28`;
}

export type EnrolmentDateIssue = { field: 'start_date' | 'end_date'; code: string };

/**
 * The date rules (LOY-08) on YYYYMMDD values: the expiration date is not before today and
 * not before the enrolment date; neither date is later than `maxYears` years from today. `today` is the
 * caller's calendar day.
 */
export function enrolmentDateIssues(
  startDate: string,
  endDate: string,
  today: string,
  maxYears: number = ENROLMENT_MAX_YEARS_DEFAULT,
): EnrolmentDateIssue[] {
  const issues: EnrolmentDateIssue[] = [];
  const latest = latestEnrolmentDate(today, maxYears);
  if (startDate > latest) issues.push({ field: 'start_date', code: EnrolmentCode.TooFar });
  if (endDate < today) issues.push({ field: 'end_date', code: EnrolmentCode.PastDate });
  else if (endDate > latest) issues.push({ field: 'end_date', code: EnrolmentCode.TooFar });
  else if (endDate < startDate) issues.push({ field: 'end_date', code: EnrolmentCode.ExpirationBeforeEnrolment });
  return issues;
}

/** The message of an issue: date-too-far carries the number of years. */
export const enrolmentDateMessage = (code: string, maxYears: number) =>
  code === EnrolmentCode.TooFar ? msg(code, { years: maxYears }) : code;

/** The status a new enrolment starts in: Pre Enrolled until its enrolment date, then Enrolled. */
export function initialEnrolmentStatus(startDate: string, today: string): EnrolmentStatus {
  return startDate > today ? EnrolmentStatus.PreEnrolled : EnrolmentStatus.Enrolled;
}

// ---------------------------------------------------------------------------------------------------------
// The add-enrolment form (values as typed: MM/DD/YYYY)

export const DATE_INPUT_FORMAT = 'MM/DD/YYYY';
const typedDate = z
  .string()
  .trim()
  .min(1, { error: msg('required'), abort: true })
  .refine((v) => mmddyyyyToYyyymmdd(v) !== undefined, { error: msg('date-format', { format: DATE_INPUT_FORMAT }), abort: true });

/** `today` as YYYYMMDD; the form passes the user's day and the configured `maxYears` (app config). */
export function enrolmentFormSchema(today: string, maxYears: number = ENROLMENT_MAX_YEARS_DEFAULT) {
  return z
    .object({
      custNo: z.string().min(1, { error: msg('required') }),
      loyaltyProgramSeq: z.string().min(1, { error: msg('required') }),
      startDate: typedDate,
      // Not in the past is judged on its own, so it shows even while the enrolment date is wrong.
      endDate: typedDate.refine((v) => !(mmddyyyyToYyyymmdd(v)! < today), { error: EnrolmentCode.PastDate }),
    })
    .superRefine((f, ctx) => {
      const start = mmddyyyyToYyyymmdd(f.startDate);
      const end = mmddyyyyToYyyymmdd(f.endDate);
      if (!start || !end) return;
      for (const issue of enrolmentDateIssues(start, end, today, maxYears)) {
        // Past-date is already on the expiration date (above).
        if (issue.code === EnrolmentCode.PastDate) continue;
        ctx.addIssue({
          code: 'custom',
          path: [issue.field === 'start_date' ? 'startDate' : 'endDate'],
          message: enrolmentDateMessage(issue.code, maxYears),
        });
      }
    });
}
export type EnrolmentForm = z.input<ReturnType<typeof enrolmentFormSchema>>;

/** The custs_add body from the form and the chosen customer option. */
export function enrolmentFormToBody(f: EnrolmentForm, customer: Pick<CustomerOption, 'value' | 'program'>): CustsAddBody {
  return {
    fc_loyalty_cust: {
      cust_no: customer.value,
      program: customer.program,
      loyalty_program_seq: Number(f.loyaltyProgramSeq),
      start_date: mmddyyyyToYyyymmdd(f.startDate)!,
      end_date: mmddyyyyToYyyymmdd(f.endDate)!,
      enrolled: 'Y',
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reads

/** A customer offered by the enrolment form: label, value (the customer number), currency, program, status (1 inactive). */
export const customerOptionAttributes = z.object({
  label: z.string(),
  value: z.number(),
  currency: z.number(),
  program: z.number(),
  status: z.number(),
});
export type CustomerOption = z.output<typeof customerOptionAttributes>;

/** Customer status 1 is inactive (LOY-07); only active customers may be enrolled. */
export const isActiveCustomer = (c: Pick<CustomerOption, 'status'>) => c.status !== 1;

/** GET /fc-common-api/loyalty-customer-options. */
export const customerOptionsQuerySchema = listQuerySchema({
  sortFields: ['label', 'value'],
  defaultSort: [{ field: 'label', direction: 'asc' }],
  filters: { status: z.coerce.number().int().min(0).max(1), currency: z.coerce.number().int().min(0).max(1) },
});

/** A row of the enrolment list (LOY-05), in wire names; computed figures are null where there is none. */
export const enrolmentAttributes = z.object({
  'cust-loyalty-program-seq': z.number(),
  'loyalty-program-seq': z.number(),
  'customer-name': z.string(),
  'cust-no': z.number(),
  'available-credit': z.number().nullable(),
  'start-date': z.string(),
  'end-date': z.string(),
  'current-spend': z.number().nullable(),
  'next-milestone-amount': z.number().nullable(),
  'spend-progression': z.number().nullable(),
  'loyalty-program-name': z.string(),
  'current-milestone-rate': z.number().nullable(),
  'current-milestone-cap': z.number().nullable(),
  'loyalty-program-status': z.enum(EnrolmentStatus),
  currency: z.number(),
});
export type EnrolmentRow = CamelKeys<z.output<typeof enrolmentAttributes>>;

export const ENROLMENT_SORT_FIELDS = [
  'customer_name',
  'cust_no',
  'available_credit',
  'start_date',
  'end_date',
  'current_spend',
  'next_milestone_amount',
  'spend_progression',
  'loyalty_program_name',
  'current_milestone_rate',
  'current_milestone_cap',
  'loyalty_program_status',
  'currency',
] as const;
export type EnrolmentSortField = (typeof ENROLMENT_SORT_FIELDS)[number];

/** GET /fc-common-api/loyalty-custs and its CSV (custs_csv). */
export const enrolmentListQuerySchema = listQuerySchema({
  sortFields: ENROLMENT_SORT_FIELDS,
  defaultSort: [{ field: 'customer_name', direction: 'asc' }],
  filters: {
    loyalty_program_seq: z.coerce.number().int().min(1).max(2_147_483_647),
    cust_no: z.coerce.number().int().min(1).max(2_147_483_647),
  },
});

/** Spend progression as shown: a percentage capped at 100. */
export const progressionShown = (p: number | null | undefined) => Math.min(100, Math.max(0, p ?? 0));
