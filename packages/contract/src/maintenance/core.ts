import { z } from 'zod';
import { listQuerySchema } from '../core/list-query-schema';
import { isRealDate, msg } from '../core/validation';
import { RowMessageCode, type RowMessage } from '../files/messages';
import { filterText } from './filter-text';
import { PART_NO_MAX, PART_NO_PATTERN } from './parts';

// Core management (CORE-01 to CORE-07): core part prices per customer, uploaded as CSV files (Coreless, Price Verify).

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
