import { z } from 'zod';
import { FileMessageCode, RowMessageCode, type FileMessage, type RowMessage } from './message-codes';

const num = z.number();
const text = z.string();
const either = z.union([z.string(), z.number()]);
const none = z.strictObject({});
const vals = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);

/**
 * The values each row message takes. The server builds messages against these (tests parse every message a
 * job writes), and the web app checks a message from the API with `rowMessageSchema` before rendering it.
 */
export const ROW_MESSAGE_VALUES = {
  'part-required': none,
  'part-invalid': vals({ max: num }),
  'price-required': none,
  'price-invalid': vals({ value: text }),
  'effective-date-invalid': vals({ value: text }),
  'part-repeated': vals({ part: text, first: num }),
  accepted: none,
  'accepted-no-program-price': none,
  'above-program-price': vals({ difference: text }),
  'unknown-part': none,
  'cust-no-invalid': vals({ value: text }),
  'date-invalid': vals({ value: text }),
  'invoice-invalid': vals({ max: num }),
  'item-code-invalid': vals({ max: num }),
  'amount-invalid': vals({ value: text }),
  'currency-invalid': none,
  'purchase-repeated': vals({ first: num }),
  'unknown-customer': vals({ custNo: either }),
  'negative-not-credit': vals({ value: text }),
  'credit-invalid': vals({ value: text }),
  'reverses-invalid': vals({ max: num }),
  'reversed-invoice-unknown': vals({ invoice: text, custNo: either }),
  'cust-no-required': none,
  'cust-no-digits': none,
  'part-no-pattern': vals({ max: num }),
  'effective-date-required': none,
  'core-date-invalid': vals({ column: z.enum(['effective_date', 'expiry_date']) }),
  'expiry-before-effective': none,
  'status-invalid': none,
  'core-price-invalid': none,
  'no-program-price': vals({ part: text }),
  'price-above-program': vals({ price: text, programPrice: text, part: text }),
  'core-row-repeated': vals({ first: num }),
  'part-not-in-catalogue': vals({ part: text }),
  'csv-unreadable': vals({ line: num }),
  'csv-unreadable-anywhere': none,
  'csv-no-header': vals({ required: text }),
  'csv-missing-columns': vals({ required: text, missing: text }),
  'csv-duplicate-column': vals({ column: text }),
  'no-rows': none,
  'import-header': none,
  'import-no-codes': none,
  'item-code-missing': none,
  'bundle-code-invalid': vals({ value: text }),
  'bundle-description-long': vals({ max: num }),
  'bundle-code-repeated': vals({ value: text, first: num }),
  'bundle-code-held': vals({ value: text }),
} satisfies Record<RowMessageCode, z.ZodType>;

/** A row message as the API and the stored file messages carry it. */
export const rowMessageSchema = z
  .object({
    code: z.enum(Object.values(RowMessageCode) as [RowMessageCode, ...RowMessageCode[]]),
    values: z.record(z.string(), either).optional(),
    line: z.number().int().positive().optional(),
  })
  .refine((m) => ROW_MESSAGE_VALUES[m.code].safeParse(m.values ?? {}).success, { message: 'invalid', path: ['values'] });

const rejects = z.array(rowMessageSchema);
const priceSummary = vals({ accepted: num, total: num, changed: num, above: num, unknown: num, invalid: num });
const coreType = z.enum(['coreless', 'price-verify']);

/** The values each file message takes (see FileMessageCode). */
export const FILE_MESSAGE_VALUES = {
  'price-applied': priceSummary,
  'price-nothing-new': priceSummary,
  'price-none-accepted': priceSummary,
  'no-merchant': none,
  'csv-unreadable': z.object({ line: num.optional(), detail: text.optional() }),
  'csv-no-header': vals({ required: text }),
  'csv-missing-columns': vals({ required: text, missing: text }),
  'csv-duplicate-column': vals({ column: text }),
  'no-rows': none,
  'wrong-kind': vals({ kind: text, expected: text }),
  'retries-exhausted': z.object({ attempts: num, detail: text.optional() }),
  'transactions-summary': vals({ added: num, held: num, rejected: num, rejects }),
  'upload-refused': z.object({ reason: text, detail: text.optional(), max: num.optional(), line: num.optional() }),
  'core-applied': vals({ applied: num, type: coreType }),
  'core-nothing-new': vals({ applied: num, type: coreType }),
  'core-rejected': vals({ rejected: num, total: num, applied: num, type: coreType }),
  'item-codes-added': vals({ added: num, bundle: text }),
  'item-codes-refused': vals({ refused: num, bundle: text, rejects }),
} satisfies Record<FileMessageCode, z.ZodType>;

/** A file message: a known code whose values match it. */
export const fileMessageSchema = z
  .object({
    code: z.enum(Object.values(FileMessageCode) as [FileMessageCode, ...FileMessageCode[]]),
    values: z.record(z.string(), z.unknown()),
  })
  .refine((m) => FILE_MESSAGE_VALUES[m.code].safeParse(m.values).success, { message: 'invalid', path: ['values'] });

/**
 * The first line of a report for a file that failed as a whole: the file message's code as a row message
 * (the same texts as the web app's files:message.<code>).
 */
export function fileProblem(m: FileMessage): RowMessage {
  const v = m.values;
  const str = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : '');
  switch (m.code) {
    case FileMessageCode.CsvUnreadable:
      return typeof v.line === 'number'
        ? { code: RowMessageCode.CsvUnreadable, values: { line: v.line } }
        : { code: RowMessageCode.CsvUnreadableAnywhere };
    case FileMessageCode.CsvNoHeader:
      return { code: RowMessageCode.CsvNoHeader, values: { required: str(v.required) } };
    case FileMessageCode.CsvMissingColumns:
      return { code: RowMessageCode.CsvMissingColumns, values: { required: str(v.required), missing: str(v.missing) } };
    case FileMessageCode.CsvDuplicateColumn:
      return { code: RowMessageCode.CsvDuplicateColumn, values: { column: str(v.column) } };
    default:
      return { code: RowMessageCode.NoRows };
  }
}
