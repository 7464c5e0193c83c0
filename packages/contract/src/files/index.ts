import { z } from 'zod';
import { normaliseItemCode } from '../core/item-code';
import { isRealDate } from '../core/validation';
import { RowMessageCode, type RowMessage } from './messages';

export * from './messages';
export * from './inbound';
export * from './endpoints/price-files';

/**
 * Inbound files (price files, core uploads, item-code imports, daily transaction files): the upload
 * limits and codes, the statuses (FILE-03, FILE-04), and the row rules of the price file and the
 * transaction file (FILE-07, FILE-10). The browser checks a chosen file with the same limits.
 */

/** Limits of a CSV upload; a caller may lower them. */
export const CSV_UPLOAD_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  /** Records, a header row included. */
  maxRows: 200_001,
  maxColumns: 50,
  maxLineBytes: 10_000,
} as const;

/** The error codes of a refused upload (JSON:API `code`, field `file`). */
export const FileErrorCode = {
  Required: 'file-required',
  Type: 'file-type',
  TooLarge: 'file-too-large',
  Empty: 'file-empty',
  Encoding: 'file-encoding',
  Rows: 'file-rows',
  Columns: 'file-columns',
  Line: 'file-line',
} as const;
export type FileErrorCode = (typeof FileErrorCode)[keyof typeof FileErrorCode];

/** What the browser can tell before sending: a .csv name, not empty, not over the size limit. */
export function checkCsvFile(file: { name: string; size: number }, maxBytes: number = CSV_UPLOAD_LIMITS.maxBytes): FileErrorCode | null {
  if (!/\.csv$/i.test(file.name)) return FileErrorCode.Type;
  if (file.size === 0) return FileErrorCode.Empty;
  if (file.size > maxBytes) return FileErrorCode.TooLarge;
  return null;
}

/** Price file status (FILE-03): 26 in progress, 19 processed, 13 failed; anything else unknown. */
export const PriceFileStatus = { InProgress: 26, Processed: 19, Failed: 13 } as const;
export type PriceFileStatus = (typeof PriceFileStatus)[keyof typeof PriceFileStatus];

/** The unit status shown for a code: 1 failure, 2 ok, any other value success (FILE-04). */
export function unitStatusKind(status: number | null | undefined): 'success' | 'failure' | 'ok' {
  return status === 1 ? 'failure' : status === 2 ? 'ok' : 'success';
}

export type PriceStatusKind = 'in-progress' | 'processed' | 'failed' | 'unknown';
export function priceStatusKind(status: number | null | undefined): PriceStatusKind {
  return status === 26 ? 'in-progress' : status === 19 ? 'processed' : status === 13 ? 'failed' : 'unknown';
}

/** osReturnCode of a file refused by the upload checks (decision 0091): recorded as failed (13), never processed. */
export const REFUSED_OS_RETURN_CODE = 5;

/** Job status poll interval (FILE-05). */
export const JOB_STATUS_POLL_MS = 1000;

// ---------------------------------------------------------------------------------------------
// Price files

export const PRICE_FILE_COLUMNS = { required: ['part_no', 'price'], optional: ['effective_date'] } as const;
export const PRICE_RESULT_HEADER = [
  'part_no',
  'description',
  'submitted_price',
  'program_price',
  'difference',
  'verdict',
  'message',
] as const;
export const PriceVerdict = {
  Ok: 'OK',
  AbovePrice: 'ABOVE_PROGRAM_PRICE',
  UnknownPart: 'UNKNOWN_PART',
  InvalidRow: 'INVALID_ROW',
} as const;
export type PriceVerdict = (typeof PriceVerdict)[keyof typeof PriceVerdict];

export const PART_NO_MAX = 30;
/** numeric(12,2) */
export const PRICE_MAX_CENTS = 999_999_999_999;

/** A money amount as written in a file: digits with at most two decimals, optionally signed; in cents. */
export function parseCents(raw: string, opts: { allowNegative?: boolean } = {}): number | null {
  const m = /^([+-]?)(\d{1,10})(?:\.(\d{1,2}))?$/.exec(raw.trim());
  if (!m) return null;
  if (m[1] === '-' && !opts.allowNegative) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

export const centsToText = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};

/** A date in a file: YYYYMMDD, YYYY-MM-DD or MM/DD/YYYY, as ISO YYYY-MM-DD; null when not a real date. */
export function parseFileDate(raw: string): string | null {
  const v = raw.trim();
  let ymd: string | undefined;
  if (/^\d{8}$/.test(v)) ymd = v;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(v)) ymd = v.replace(/-/g, '');
  else {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
    if (m) ymd = `${m[3]}${m[1]}${m[2]}`;
  }
  if (!ymd || !isRealDate(ymd)) return null;
  return `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
}

const CONTROL = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex -- the rule is about control characters

export type PriceRowCheck =
  { ok: true; partNo: string; cents: number; effectiveDate: string | null } | { ok: false; partNo: string; message: RowMessage };

const clip = (raw: string) => raw.slice(0, 20);

/** One data row of a price file: part number, a price of at most two decimals, an optional real date. */
export function checkPriceRow(row: { part_no?: string; price?: string; effective_date?: string }): PriceRowCheck {
  const partNo = (row.part_no ?? '').trim().toUpperCase();
  if (!partNo) return { ok: false, partNo, message: { code: RowMessageCode.PartRequired } };
  if (partNo.length > PART_NO_MAX || CONTROL.test(partNo))
    return { ok: false, partNo, message: { code: RowMessageCode.PartInvalid, values: { max: PART_NO_MAX } } };
  const priceRaw = (row.price ?? '').trim();
  if (!priceRaw) return { ok: false, partNo, message: { code: RowMessageCode.PriceRequired } };
  const cents = parseCents(priceRaw);
  if (cents === null || cents > PRICE_MAX_CENTS)
    return { ok: false, partNo, message: { code: RowMessageCode.PriceInvalid, values: { value: clip(priceRaw) } } };
  let effectiveDate: string | null = null;
  const dateRaw = (row.effective_date ?? '').trim();
  if (dateRaw) {
    effectiveDate = parseFileDate(dateRaw);
    if (!effectiveDate)
      return { ok: false, partNo, message: { code: RowMessageCode.EffectiveDateInvalid, values: { value: clip(dateRaw) } } };
  }
  return { ok: true, partNo, cents, effectiveDate };
}

// ---------------------------------------------------------------------------------------------
// Daily transaction files

export const TRANSACTION_FILE_COLUMNS = {
  required: ['cust_no', 'date', 'invoice', 'item_code', 'amount', 'currency'],
  /**
   * A negative amount is taken only where the file says why (decision 0301): `credit` Y marks a credit note,
   * `reverses` names the customer's invoice that the row reverses (it must exist). Elsewhere it is a row error.
   */
  optional: ['credit', 'reverses'],
} as const;
/** Values of the `credit` column: yes (a credit) or no; blank is no. */
const CREDIT_FLAGS: Record<string, boolean> = {
  '': false,
  N: false,
  NO: false,
  '0': false,
  FALSE: false,
  Y: true,
  YES: true,
  '1': true,
  TRUE: true,
};
/** Currency codes of a transaction row: 0 system currency (USD), 1 CAD. */
export const TRANSACTION_CURRENCIES: Record<string, 0 | 1> = { USD: 0, '0': 0, CAD: 1, '1': 1 };

export type TransactionRowCheck =
  | {
      ok: true;
      custNo: number;
      trxDate: string;
      invoice: string;
      itemCode: string;
      cents: number;
      currency: 0 | 1;
      /** The invoice a negative row reverses; the job checks that the customer has it. */
      reverses: string | null;
    }
  | { ok: false; message: RowMessage };

const TEXT_MAX = 30;

export function checkTransactionRow(row: Record<string, string | undefined>): TransactionRowCheck {
  const custRaw = (row.cust_no ?? '').trim();
  if (!/^\d{1,9}$/.test(custRaw) || Number(custRaw) === 0)
    return { ok: false, message: { code: RowMessageCode.CustNoInvalid, values: { value: clip(custRaw) } } };
  const dateRaw = (row.date ?? '').trim();
  const trxDate = parseFileDate(dateRaw);
  if (!trxDate) return { ok: false, message: { code: RowMessageCode.DateInvalid, values: { value: clip(dateRaw) } } };
  const invoice = (row.invoice ?? '').trim();
  if (!invoice || invoice.length > TEXT_MAX || CONTROL.test(invoice))
    return { ok: false, message: { code: RowMessageCode.InvoiceInvalid, values: { max: TEXT_MAX } } };
  // The bundles' form ("8" is "00008"), so the loyalty engine's Include and Exclude rules match it.
  const itemCode = normaliseItemCode(row.item_code ?? '');
  if (!itemCode || itemCode.length > TEXT_MAX || CONTROL.test(itemCode))
    return { ok: false, message: { code: RowMessageCode.ItemCodeInvalid, values: { max: TEXT_MAX } } };
  const amountRaw = (row.amount ?? '').trim();
  const cents = parseCents(amountRaw, { allowNegative: true });
  if (cents === null || Math.abs(cents) > PRICE_MAX_CENTS * 100)
    return { ok: false, message: { code: RowMessageCode.AmountInvalid, values: { value: clip(amountRaw) } } };
  const currency = TRANSACTION_CURRENCIES[(row.currency ?? '').trim().toUpperCase()];
  if (currency === undefined) return { ok: false, message: { code: RowMessageCode.CurrencyInvalid } };
  const creditRaw = (row.credit ?? '').trim();
  const credit = CREDIT_FLAGS[creditRaw.toUpperCase()];
  if (credit === undefined) return { ok: false, message: { code: RowMessageCode.CreditInvalid, values: { value: clip(creditRaw) } } };
  const reverses = (row.reverses ?? '').trim();
  if (reverses.length > TEXT_MAX || CONTROL.test(reverses))
    return { ok: false, message: { code: RowMessageCode.ReversesInvalid, values: { max: TEXT_MAX } } };
  // A negative amount takes money off the customer's spend: only as a credit or a reversal the file names.
  if (cents < 0 && !credit && !reverses)
    return { ok: false, message: { code: RowMessageCode.NegativeNotCredit, values: { value: clip(amountRaw) } } };
  return {
    ok: true,
    custNo: Number(custRaw),
    trxDate,
    invoice,
    itemCode,
    cents,
    currency,
    reverses: cents < 0 && reverses ? reverses : null,
  };
}

/**
 * A header row's column names (trimmed, lower-case) checked against the required ones; the missing
 * ones, or null when all are there.
 */
export function missingColumns(header: readonly string[], required: readonly string[]): string[] | null {
  const names = new Set(header.map((h) => h.trim().toLowerCase()));
  const missing = required.filter((r) => !names.has(r));
  return missing.length ? missing : null;
}

// ---------------------------------------------------------------------------------------------
// Upload form fields (the answers' shapes are the endpoints' schemas, endpoints/price-files.ts)

/** The price upload's optional text field: the dealer a corporate user uploads for. */
export const priceUploadFieldsSchema = z.strictObject({
  merchant_no: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, { error: 'integer' })
    .transform(Number)
    .optional(),
});
