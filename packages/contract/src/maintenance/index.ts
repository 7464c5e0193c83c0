import { z } from 'zod';
import { listQuerySchema } from '../core/list-query';
import { isRealDate, mmddyyyyToYyyymmdd, msg, todayYyyymmdd } from '../core/validation';
import { RowMessageCode, type RowMessage } from '../files/messages';

/**
 * Maintenance screens of document 2: parts mapping (sections 2, 5, 8), tax configuration and core
 * management. The browser's forms and the server's routes use these same schemas and rules.
 */

// ---------------------------------------------------------------------------------------------
// Parts mapping

/** International part number: 1 to 30 letters, digits, spaces, hyphens, dots or slashes. */
export const PART_NO_PATTERN = /^[A-Z0-9 \-./]{1,30}$/;
/** Custom (outside carrier) part number: 'EE' plus 6 to 9 letters or digits. */
export const CUSTOM_PART_NO_PATTERN = /^EE[A-Z0-9]{6,9}$/;
export const PART_NO_MAX = 30;
export const CUSTOM_PART_NO_MAX = 11;
/** The search box takes at most 20 characters (section 5). */
export const PART_SEARCH_MAX = 20;

/** query_type of GET /parts/estes: the custom (outside carrier) number or the international one. */
export const PART_QUERY_TYPES = ['estes', 'international'] as const;
export type PartQueryType = (typeof PART_QUERY_TYPES)[number];

/** Codes of document 2 section 8. */
export const PartsCode = {
  /** The part number is invalid (also: not in the parts catalogue). */
  InvalidPart: 'AEP07',
  /** The custom part number is already mapped. */
  DuplicateCustomPart: 'AEP10',
  /** The part number already has a custom number. */
  DuplicatePart: 'AEP11',
} as const;

const upperText = (max: number) =>
  z
    .string({ error: msg('required') })
    .trim()
    .toUpperCase()
    .min(1, { error: msg('required') })
    .max(max, { error: msg('maxLength', { max }) });

export function partPattern(type: PartQueryType): RegExp {
  return type === 'estes' ? CUSTOM_PART_NO_PATTERN : PART_NO_PATTERN;
}

const queryType = z.enum(PART_QUERY_TYPES, {
  error: (iss) => (iss.input === undefined || iss.input === '' ? msg('required') : msg('invalid')),
});

/** The search form: part and type required, the pattern of the type, uppercased, at most 20. */
export const partsSearchFormSchema = z.object({ part: upperText(PART_SEARCH_MAX), type: queryType }).superRefine((v, ctx) => {
  if (!partPattern(v.type).test(v.part)) ctx.addIssue({ code: 'custom', path: ['part'], message: msg('regex-format') });
});
export type PartsSearchForm = z.output<typeof partsSearchFormSchema>;

/** GET /fc-common-api/parts/estes?part_no=&query_type= */
export const estesSearchQuerySchema = z
  .strictObject({ part_no: upperText(PART_SEARCH_MAX), query_type: queryType })
  .superRefine((v, ctx) => {
    if (!partPattern(v.query_type).test(v.part_no)) ctx.addIssue({ code: 'custom', path: ['part_no'], message: msg('regex-format') });
  });

/** The Add-part dialog and POST /parts/estes_create (and estes_remove): part_no and custom_part_no. */
export const estesMappingSchema = z.strictObject({
  part_no: upperText(PART_NO_MAX).regex(PART_NO_PATTERN, { error: msg('regex-format') }),
  custom_part_no: upperText(CUSTOM_PART_NO_MAX).regex(CUSTOM_PART_NO_PATTERN, { error: msg('regex-format') }),
});
export type EstesMapping = z.output<typeof estesMappingSchema>;

/** A mapping as the search answers it (after the client flattens it). */
export interface EstesPart {
  partNo: string;
  customPartNo: string;
  description?: string | null;
}

/** The export's file name: EstesParts_{MMDDYYYY}.csv (local date). */
export function estesExportFileName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `EstesParts_${p(now.getMonth() + 1)}${p(now.getDate())}${now.getFullYear()}.csv`;
}

/** The Add dialog's submit button comes back this long after the call ends (section 9). */
export const ADD_PART_REENABLE_MS = 500;

// ---------------------------------------------------------------------------------------------
// Tax configuration

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

/** Programmes (document 2 section 3): 5 core, 94 select, 96 the product, 97 advantage. */
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
 * A field missing from a tax call answers AET08 ("required", document 2 section 8) on that field; the
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
const filterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: msg('maxLength', { max }) });

/** GET /fc-common-api/cust/tax/estes: 25 a page, effective date descending by default. */
export const taxListQuerySchema = listQuerySchema({
  sortFields: TAX_SORT_FIELDS,
  defaultSort: [{ field: 'effective_date', direction: 'desc' }],
  filters: { name: filterText(TAX_FILTER_MAX), cust_no: filterText(TAX_FILTER_MAX), location: filterText(TAX_FILTER_MAX) },
});
export const TAX_FILTERS = ['name', 'cust_no', 'location'] as const;

export interface TaxRateRow {
  id: string;
  name: string;
  custNo: number;
  location: string;
  city: string | null;
  state: string | null;
  taxRate: string;
  program: number;
  effectiveDate: string;
  expiryDate: string | null;
  custTaxRateSeq: number;
}

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

// ---------------------------------------------------------------------------------------------
// Core management

/** File type 0 is Coreless, any other Price Verify (section 3). */
export const CORE_FILE_TYPES = ['coreless', 'price-verify'] as const;
export type CoreFileType = (typeof CORE_FILE_TYPES)[number];
export const coreFileTypeName = (type: number): CoreFileType => (type === 0 ? 'coreless' : 'price-verify');

/** The multipart `type` field: a number, 0 Coreless, any other Price Verify. */
export const coreUploadTypeSchema = z
  .string({ error: msg('required') })
  .trim()
  .min(1, { error: msg('required') })
  .regex(/^\d{1,3}$/, { error: msg('numeric') })
  .transform(Number);

export const CoreCode = {
  FileError: 'ACP01',
  UploadError: 'ACP02',
  VirusScan: 'ACP03',
} as const;

/** Status of a core part row: A active, I inactive. */
export const CORE_STATUSES = ['A', 'I'] as const;
export type CoreStatus = (typeof CORE_STATUSES)[number];

export const CORE_SORT_FIELDS = ['name', 'cust_no', 'part_no', 'effective_date', 'expiry_date', 'status', 'file_type'] as const;
export const CORE_FILTERS = ['name', 'cust_no', 'part_no', 'status'] as const;
export const CORE_FILTER_MAX = 30;

/** GET /fc-common-api/fc-core-maintainance */
export const coreListQuerySchema = listQuerySchema({
  sortFields: CORE_SORT_FIELDS,
  defaultSort: [
    { field: 'name', direction: 'asc' },
    { field: 'part_no', direction: 'asc' },
  ],
  filters: {
    name: filterText(CORE_FILTER_MAX),
    cust_no: filterText(CORE_FILTER_MAX),
    part_no: filterText(CORE_FILTER_MAX),
    status: z.enum(CORE_STATUSES, { error: msg('invalid') }),
  },
});

export interface CorePartRow {
  id: string;
  name: string;
  custNo: number;
  partNo: string;
  effectiveDate: string;
  expiryDate: string | null;
  status: CoreStatus;
  fileType: CoreFileType;
  /** Price Verify rows: the verified price (at or below the programme price); null for Coreless. */
  price: string | null;
}

/**
 * The columns of a core upload file, in the template's order; expiry_date and status may be blank, and
 * price is read by Price Verify files only (blank: the part's programme price). docs/decisions/0082.
 */
export const CORE_FILE_COLUMNS = ['cust_no', 'part_no', 'effective_date', 'expiry_date', 'status', 'price'] as const;
export const CORE_FILE_REQUIRED = ['cust_no', 'part_no', 'effective_date'] as const;
export const CORE_TEMPLATE_EXAMPLE = ['10001', '3544390C91', '01/01/2027', '12/31/2027', 'A', '84.50'] as const;
export const CORE_REPORT_HEADER = ['row', 'column', 'value', 'reason'] as const;

/** A date in a core file: MM/DD/YYYY (also M/D/YYYY, as spreadsheets save it), YYYYMMDD or YYYY-MM-DD; ISO or null. */
export function parseCoreDate(raw: string): string | null {
  const v = raw.trim();
  let ymd: string | undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (us) ymd = `${us[3]}${us[1]!.padStart(2, '0')}${us[2]!.padStart(2, '0')}`;
  else if (/^\d{8}$/.test(v)) ymd = v;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(v)) ymd = v.replace(/-/g, '');
  if (!ymd || !isRealDate(ymd)) return null;
  return `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
}

export interface CoreRowProblem {
  column: string;
  value: string;
  /** Why, as a code with values: the report writes it in the uploader's language (decision 0410). */
  reason: RowMessage;
}

export type CoreRowCheck =
  | { ok: true; custNo: number; partNo: string; effectiveDate: string; expiryDate: string | null; status: CoreStatus; price: string | null }
  | { ok: false; problems: CoreRowProblem[] };

/** A price in a Price Verify file: an amount with at most 2 decimals, above 0. */
const CORE_PRICE_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (amount: string | number) => Number(amount).toFixed(2);
const dateInvalid = (column: 'effective_date' | 'expiry_date'): RowMessage => ({
  code: RowMessageCode.CoreDateInvalid,
  values: { column },
});

/**
 * The check a Price Verify row implies (docs/decisions/0082): the part must have a programme price, and
 * the row's price (blank: the programme price itself) may not be above it. Answers the price to keep, or
 * the problem for the report.
 */
export function verifyCorePrice(
  partNo: string,
  price: string | null,
  programPrice: string | number | null,
): { ok: true; price: string } | { ok: false; problem: CoreRowProblem } {
  if (programPrice === null || programPrice === '')
    return {
      ok: false,
      problem: { column: 'part_no', value: partNo, reason: { code: RowMessageCode.NoProgramPrice, values: { part: partNo } } },
    };
  if (price === null) return { ok: true, price: money(programPrice) };
  if (cents(price) > cents(String(programPrice)))
    return {
      ok: false,
      problem: {
        column: 'price',
        value: price,
        reason: {
          code: RowMessageCode.PriceAboveProgram,
          values: { price: money(price), programPrice: money(programPrice), part: partNo },
        },
      },
    };
  return { ok: true, price: money(price) };
}

/**
 * The checks of one data row that need no database: customer number digits, part number of the
 * international set, real dates with the expiry not before the effective date, status A or I.
 * The caller then checks that the customer and the part exist.
 */
export function checkCoreRow(row: Record<string, string | undefined>, opts: { priceVerify?: boolean } = {}): CoreRowCheck {
  const problems: CoreRowProblem[] = [];
  const get = (k: string) => (row[k] ?? '').trim();
  const custRaw = get('cust_no');
  if (!custRaw) problems.push({ column: 'cust_no', value: '', reason: { code: RowMessageCode.CustNoRequired } });
  else if (!/^\d{1,9}$/.test(custRaw) || Number(custRaw) === 0)
    problems.push({ column: 'cust_no', value: custRaw, reason: { code: RowMessageCode.CustNoDigits } });
  const partNo = get('part_no').toUpperCase();
  if (!partNo) problems.push({ column: 'part_no', value: '', reason: { code: RowMessageCode.PartRequired } });
  else if (!PART_NO_PATTERN.test(partNo))
    problems.push({
      column: 'part_no',
      value: partNo,
      reason: { code: RowMessageCode.PartNoPattern, values: { max: PART_NO_MAX } },
    });
  const effRaw = get('effective_date');
  const effectiveDate = effRaw ? parseCoreDate(effRaw) : null;
  if (!effRaw) problems.push({ column: 'effective_date', value: '', reason: { code: RowMessageCode.EffectiveDateRequired } });
  else if (!effectiveDate) problems.push({ column: 'effective_date', value: effRaw, reason: dateInvalid('effective_date') });
  const expRaw = get('expiry_date');
  const expiryDate = expRaw ? parseCoreDate(expRaw) : null;
  if (expRaw && !expiryDate) problems.push({ column: 'expiry_date', value: expRaw, reason: dateInvalid('expiry_date') });
  else if (effectiveDate && expiryDate && expiryDate < effectiveDate)
    problems.push({ column: 'expiry_date', value: expRaw, reason: { code: RowMessageCode.ExpiryBeforeEffective } });
  const statusRaw = get('status').toUpperCase() || 'A';
  if (!(CORE_STATUSES as readonly string[]).includes(statusRaw))
    problems.push({ column: 'status', value: get('status'), reason: { code: RowMessageCode.StatusInvalid } });
  // Coreless files carry no price; a price column there is ignored like any other extra column.
  const priceRaw = opts.priceVerify ? get('price') : '';
  if (priceRaw && (!CORE_PRICE_PATTERN.test(priceRaw) || cents(priceRaw) === 0))
    problems.push({ column: 'price', value: priceRaw, reason: { code: RowMessageCode.CorePriceInvalid } });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    custNo: Number(custRaw),
    partNo,
    effectiveDate: effectiveDate!,
    expiryDate,
    status: statusRaw as CoreStatus,
    price: priceRaw || null,
  };
}

/** The core upload starts this long after the file is chosen (section 9). */
export const CORE_UPLOAD_DELAY_MS = 5000;

/** Named messages of the core page, pushed through ?MESSAGE= (section 2). */
export const CoreMessage = {
  UploadSuccess: 'core-upload-success',
  /** The background job ended with every row applied (or nothing new). */
  Processed: 'core-upload-processed',
  ErrorsFound: 'core-upload-errors',
  MustBeCsv: 'core-must-be-csv',
  FileError: 'ACP01',
  UploadError: 'ACP02',
  VirusScan: 'ACP03',
  Unknown: 'core-upload-unknown',
} as const;

/** Largest core file, in bytes: the server refuses a larger one (413) and the browser before sending it. */
export const CORE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The message of a refused core upload (section 8): ACP01 to 03 as they are, any other code of an answer
 * unknown, and a failed request upload error: no answer (status 0), or a server failure (5xx) whose code is
 * not one of the page's (the generic `internal`).
 */
export function coreUploadMessage(code: string | undefined, status?: number): string {
  if (code === CoreCode.FileError || code === CoreCode.UploadError || code === CoreCode.VirusScan) return code;
  if (status === 0 || (status !== undefined && status >= 500)) return CoreMessage.UploadError;
  return code ? CoreMessage.Unknown : CoreMessage.UploadError;
}
