import { z } from 'zod';
import { listQuerySchema } from '../core/list-query-schema';
import { todayYyyymmdd } from '../core/format';
import { isRealDate, mmddyyyyToYyyymmdd, msg } from '../core/validation';
import { filterText } from './filter-text';

// Tax configuration (TAX-01 to TAX-09): a customer location's tax rate per programme, its dates and codes AET...

export const TaxCode = {
  /** Number invalid: no such customer. */
  CustNoNotFound: 'AET01',
  /** Number invalid: the customer is not active. */
  CustNoInactive: 'AET02',
  /** Location invalid: not a location of this customer. */
  Location: 'AET03',
  /** Field invalid: tax_rate. */
  TaxRate: 'AET04',
  /** Field invalid: effective_date. */
  EffectiveDate: 'AET05',
  /** A field of the create or expire call is missing (on that field). */
  Required: 'AET08',
  /** Expiry date already in use (the new expiry reaches into another rate of the location). */
  ExpiryInUse: 'AET09',
  /** Effective and expiry dates already in use (the new period overlaps another rate of the location). */
  PeriodInUse: 'AET11',
  /** Field invalid: expiry_date (before the effective date). */
  ExpiryDate: 'AET12',
  /** Field invalid: program (not a programme of the portal). */
  Program: 'AET13',
  /** Field invalid: cust_tax_rate_seq (no such rate, or already expired). */
  Seq: 'AET14',
  PastDate: 'AET15',
  /**
   * The customer has no subgroup (sub_group_key 0: no card, PO or unit location scheme), so it has no
   * locations a rate could be kept for (docs/decisions/0343).
   */
  SubgroupNotFound: 'AET17',
  /** The number and program mapping was not found (the customer is in another programme). */
  ProgramMapping: 'AET18',
} as const;

/** Programmes (CUST-05): 5 core, 94 select, 96 the product, 97 advantage. */
export const PROGRAMS = [5, 94, 96, 97] as const;

export const TAX_FILTER_MAX = 20;
export const TAX_LOCATION_PATTERN = /^\d{3}$/;
export const CUST_NO_MAX_DIGITS = 5;
/** A percent as typed: 0 to 100 with at most 4 decimals. */
const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;
const MMDDYYYY_PATTERN = /^\d{2}\/\d{2}\/\d{4}$/;

/** The rate sent is the percent divided by 100 (section 9), kept to 6 decimals. */
export function percentToFraction(percent: number): number {
  return Math.round(percent * 10_000) / 1_000_000;
}

/** A stored fraction shown as a percent with 2 decimals ("7.25"). */
export function formatTaxPercent(fraction: number | string | null | undefined): string {
  if (fraction === null || fraction === undefined || fraction === '') return '';
  const n = Number(fraction);
  return Number.isFinite(n) ? (Math.round(n * 1_000_000) / 10_000).toFixed(2) : '';
}

/** ISO (YYYY-MM-DD) or YYYYMMDD to YYYYMMDD. */
const compact = (d: string) => d.replace(/-/g, '').slice(0, 8);

/** A rate is active until its expiry date and expired once the expiry is before today (section 4). */
export function isTaxRateExpired(expiryDate: string | null | undefined, today = todayYyyymmdd()): boolean {
  return !!expiryDate && compact(expiryDate) < today;
}

const dateField = (opts: { required: boolean }) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (!v) {
        if (opts.required) ctx.addIssue({ code: 'custom', message: msg('required') });
        return;
      }
      if (!MMDDYYYY_PATTERN.test(v) || !mmddyyyyToYyyymmdd(v))
        ctx.addIssue({ code: 'custom', message: msg('date-format', { format: 'MM/DD/YYYY' }) });
    });

function checkNotPast(v: string, ctx: z.RefinementCtx, path: string, today: string) {
  const ymd = v ? mmddyyyyToYyyymmdd(v) : undefined;
  if (ymd && ymd < today) ctx.addIssue({ code: 'custom', path: [path], message: msg('past-date') });
}

/**
 * The Add dialog as typed: number and program numeric, location 3 digits, rate a percent 0 to 100,
 * dates MM/DD/YYYY, neither in the past, and the expiry not before the effective date.
 */
export function taxAddFormSchema(today = todayYyyymmdd()) {
  return z
    .object({
      cust_no: z
        .string()
        .trim()
        .min(1, { error: msg('required') })
        .regex(/^\d+$/, { error: msg('numeric') })
        .max(CUST_NO_MAX_DIGITS, { error: msg('maxLength', { max: CUST_NO_MAX_DIGITS }) }),
      program: z
        .string()
        .trim()
        .min(1, { error: msg('required') })
        .regex(/^\d+$/, { error: msg('numeric') }),
      cust_location: z
        .string()
        .trim()
        .min(1, { error: msg('required') })
        .regex(TAX_LOCATION_PATTERN, { error: msg('location-format') }),
      tax_rate: z
        .string()
        .trim()
        .min(1, { error: msg('required') })
        .refine((v) => PERCENT_PATTERN.test(v) && Number(v) <= 100, { error: msg('decimal-range', { min: 0, max: 100 }) }),
      effective_date: dateField({ required: true }),
      expiry_date: dateField({ required: false }),
    })
    .superRefine((v, ctx) => {
      checkNotPast(v.effective_date, ctx, 'effective_date', today);
      checkNotPast(v.expiry_date, ctx, 'expiry_date', today);
      const eff = mmddyyyyToYyyymmdd(v.effective_date);
      const exp = v.expiry_date ? mmddyyyyToYyyymmdd(v.expiry_date) : undefined;
      if (eff && exp && exp < eff) ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: msg('expiry-before-effective') });
    });
}
export type TaxAddForm = z.input<ReturnType<typeof taxAddFormSchema>>;
export const EMPTY_TAX_ADD_FORM: TaxAddForm = {
  cust_no: '',
  program: '',
  cust_location: '',
  tax_rate: '',
  effective_date: '',
  expiry_date: '',
};

/** The Expire dialog as typed: an expiry date, MM/DD/YYYY, valid and not in the past. */
export function taxExpireFormSchema(today = todayYyyymmdd()) {
  return z
    .object({ expiry_date: dateField({ required: true }) })
    .superRefine((v, ctx) => checkNotPast(v.expiry_date, ctx, 'expiry_date', today));
}
export type TaxExpireForm = z.input<ReturnType<typeof taxExpireFormSchema>>;

/**
 * A field missing from a tax call answers AET08 ("required", rule TAX-08) on that field; the
 * browser's forms keep their own `required` message (docs/decisions/0343).
 */
const missing = (input: unknown) => input === undefined || input === null;
const REQUIRED = msg(TaxCode.Required);

const wireDate = z
  .string({ error: (iss) => (missing(iss.input) ? REQUIRED : msg('date-format', { format: 'YYYYMMDD' })) })
  .regex(/^\d{8}$/, { error: msg('date-format', { format: 'YYYYMMDD' }) })
  .refine(isRealDate, { error: msg('date-format', { format: 'YYYYMMDD' }) });

const wireInt = (max: number) =>
  z
    .number({ error: (iss) => (missing(iss.input) ? REQUIRED : msg('numeric')) })
    .int({ error: msg('numeric') })
    .min(0, { error: msg('numeric') })
    .max(max, { error: msg('numeric') });

/** POST /fc-common-api/cust/tax/estes_create */
export const taxCreateSchema = z.strictObject({
  cust_no: wireInt(99_999),
  program: wireInt(999),
  cust_location: z
    .string({ error: (iss) => (missing(iss.input) ? REQUIRED : msg('location-format')) })
    .regex(TAX_LOCATION_PATTERN, { error: msg('location-format') }),
  tax_rate: z
    .number({ error: (iss) => (missing(iss.input) ? REQUIRED : msg('decimal')) })
    .min(0, { error: msg('decimal-range', { min: 0, max: 1 }) })
    .max(1, { error: msg('decimal-range', { min: 0, max: 1 }) }),
  effective_date: wireDate,
  expiry_date: wireDate.optional(),
});
export type TaxCreate = z.output<typeof taxCreateSchema>;

/** POST /fc-common-api/cust/tax/estes_expire */
export const taxExpireSchema = z.strictObject({
  cust_tax_rate_seq: wireInt(Number.MAX_SAFE_INTEGER),
  expiry_date: wireDate,
});
export type TaxExpire = z.output<typeof taxExpireSchema>;

/** The Add dialog's values as the create call sends them: dates YYYYMMDD, the rate as a fraction. */
export function toTaxCreatePayload(form: TaxAddForm): TaxCreate {
  const expiry = form.expiry_date.trim() ? mmddyyyyToYyyymmdd(form.expiry_date) : undefined;
  return {
    cust_no: Number(form.cust_no.trim()),
    program: Number(form.program.trim()),
    cust_location: form.cust_location.trim(),
    tax_rate: percentToFraction(Number(form.tax_rate.trim())),
    effective_date: mmddyyyyToYyyymmdd(form.effective_date)!,
    ...(expiry ? { expiry_date: expiry } : {}),
  };
}

export const TAX_SORT_FIELDS = ['name', 'cust_no', 'location', 'city', 'state', 'tax_rate', 'effective_date', 'expiry_date'] as const;
export type TaxSortField = (typeof TAX_SORT_FIELDS)[number];

/** GET /fc-common-api/cust/tax/estes: 25 a page, effective date descending by default. */
export const taxListQuerySchema = listQuerySchema({
  sortFields: TAX_SORT_FIELDS,
  defaultSort: [{ field: 'effective_date', direction: 'desc' }],
  filters: { name: filterText(TAX_FILTER_MAX), cust_no: filterText(TAX_FILTER_MAX), location: filterText(TAX_FILTER_MAX) },
});
export const TAX_FILTERS = ['name', 'cust_no', 'location'] as const;

/** Where a tax code is shown (section 8): its field and the message key of its text. */
export const TAX_CODE_MESSAGES: Record<string, { field?: string; key: string }> = {
  AET01: { field: 'cust_no', key: 'invalid-cust-no' },
  AET02: { field: 'cust_no', key: 'invalid-cust-no' },
  AET03: { field: 'cust_location', key: 'invalid-cust-location' },
  AET04: { key: 'invalid' },
  AET05: { key: 'invalid' },
  AET08: { key: 'required' },
  AET09: { field: 'expiry_date', key: 'already-in-use' },
  AET11: { key: 'already-in-use' },
  AET12: { key: 'invalid' },
  AET13: { key: 'invalid' },
  AET14: { key: 'invalid' },
  AET15: { key: 'past-date' },
  AET17: { key: 'subgroup-not-found' },
  AET18: { field: 'program', key: 'mapping-not-found' },
};
