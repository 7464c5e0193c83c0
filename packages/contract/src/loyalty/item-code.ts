import { z } from 'zod';
import { listQuerySchema } from '../core/list-query-schema';
import { msg, optionalText, requiredText } from '../core/validation';
import { ITEM_CODE_LENGTH, normaliseItemCode } from '../core/item-code';
import { BUNDLE_TEXT_MAX, BundleCode } from './bundle';
import { RowMessageCode, rowMessageText, type RowMessage } from '../files/messages';

/** Item codes of a bundle (LOY-21, LOY-22, LOY-23). */

export { ITEM_CODE_LENGTH, normaliseItemCode } from '../core/item-code';
/** Codes per submission of the add form (LOY-22). */
export const MAX_ITEM_CODES_PER_SUBMISSION = 250;
/** Rows of a bulk import file (a header row aside): the specification leaves it to the server. */
export const MAX_IMPORT_ROWS = 10_000;
/** Per-row errors answered for one bulk import; the rest are summed up in a last error. */
export const MAX_IMPORT_ERRORS = 20;

/** Letters and digits only: an item code is a short catalogue key, never free text. */
export const ITEM_CODE_PATTERN = /^[A-Za-z0-9]{1,5}$/;

export const itemCodeSchema = z
  .string({ error: msg('required', { field: 'item_code' }) })
  .trim()
  .min(1, { error: msg('required', { field: 'item_code' }) })
  .max(ITEM_CODE_LENGTH, { error: msg('maxLength', { field: 'item_code', max: ITEM_CODE_LENGTH }) })
  .regex(ITEM_CODE_PATTERN, { error: msg('item-code-format', { field: 'item_code' }) })
  .transform(normaliseItemCode);

/** Whether a code, as padded by `normaliseItemCode`, is a well-formed item code (5 letters or digits). */
export const isWellFormedItemCode = (padded: string) => padded.length === ITEM_CODE_LENGTH && ITEM_CODE_PATTERN.test(padded);

/**
 * Longest code text the add call reads: a longer one is refused as too long, a shorter malformed one is
 * listed in the ALB16 message with the codes already in the bundle, which the form flags row by row.
 */
export const ITEM_CODE_TEXT_MAX = 40;

/**
 * A code of the add call: any non-empty text, padded like the form pads it. Its format is the server's
 * ALB16 (LOY-23: invalid codes are named after the colon), not a schema error.
 */
const addedItemCodeSchema = z
  .string({ error: msg('required', { field: 'item_code' }) })
  .trim()
  .min(1, { error: msg('required', { field: 'item_code' }) })
  .max(ITEM_CODE_TEXT_MAX, { error: msg('maxLength', { field: 'item_code', max: ITEM_CODE_TEXT_MAX }) })
  .transform(normaliseItemCode);

/** An entry is `{item_code, description}`, or the bare code; either way each field reports its own error. */
const itemCodeEntry = z.preprocess(
  (v) => (typeof v === 'string' ? { item_code: v } : v),
  z.object({ item_code: addedItemCodeSchema, description: optionalText(BUNDLE_TEXT_MAX) }),
);

/** POST /fc-common-api/loyalty/bundle/{id}/item_codes/add: item_codes (codes, or {item_code, description}) and comment. */
export const itemCodesAddBodySchema = z.strictObject({
  item_codes: z
    .array(itemCodeEntry, { error: msg('required', { field: 'item_codes' }) })
    .min(1, { error: msg('required', { field: 'item_codes' }) })
    .max(MAX_ITEM_CODES_PER_SUBMISSION, { error: msg('max-item-codes', { max: MAX_ITEM_CODES_PER_SUBMISSION }) }),
  comment: optionalText(BUNDLE_TEXT_MAX),
});
export type ItemCodesAddBody = z.input<typeof itemCodesAddBodySchema>;

/** POST /fc-common-api/loyalty/bundles/{bundle}/item-codes/{itemCodeSeq}/update. Description is required when editing. */
export const itemCodeUpdateBodySchema = z.strictObject({
  item_code: itemCodeSchema.optional(),
  description: requiredText(BUNDLE_TEXT_MAX),
  comment: optionalText(BUNDLE_TEXT_MAX),
});
export type ItemCodeUpdateBody = z.input<typeof itemCodeUpdateBodySchema>;

/** Codes that occur more than once, each once, in first-seen order. */
export function duplicateCodes(codes: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const c of codes) (seen.has(c) ? dup : seen).add(c);
  return [...dup];
}

/** "Duplicate item codes: 00001,00002": ALB15 and ALB16 messages end with a colon and the codes (section 8). */
export const codesMessage = (text: string, codes: readonly string[]) => `${text}: ${codes.join(',')}`;

/** The codes named by an ALB15 or ALB16 message (after the last colon, comma separated). */
export function codesFromMessage(message: string | undefined): string[] {
  if (!message) return [];
  const at = message.lastIndexOf(':');
  if (at < 0) return [];
  return message
    .slice(at + 1)
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------------------
// The add/edit item codes form

export const itemCodeRowSchema = z.object({
  itemCode: z
    .string()
    .trim()
    .min(1, { error: msg('required') })
    .max(ITEM_CODE_LENGTH, { error: msg('maxLength', { max: ITEM_CODE_LENGTH }) })
    .regex(ITEM_CODE_PATTERN, { error: msg('item-code-format') }),
  description: z
    .string()
    .trim()
    .max(BUNDLE_TEXT_MAX, { error: msg('maxLength', { max: BUNDLE_TEXT_MAX }) }),
});

/** Add mode: 1 to 250 rows, no code twice (ALB15 on each repeated row). */
export const itemCodesFormSchema = z
  .object({
    rows: z
      .array(itemCodeRowSchema)
      .min(1, { error: msg('required') })
      .max(MAX_ITEM_CODES_PER_SUBMISSION, { error: msg('max-item-codes', { max: MAX_ITEM_CODES_PER_SUBMISSION }) }),
    comment: z
      .string()
      .trim()
      .max(BUNDLE_TEXT_MAX, { error: msg('maxLength', { max: BUNDLE_TEXT_MAX }) }),
  })
  .superRefine((f, ctx) => {
    const padded = f.rows.map((r) => normaliseItemCode(r.itemCode));
    const dups = new Set(duplicateCodes(padded.filter(Boolean)));
    padded.forEach((c, i) => {
      if (dups.has(c)) ctx.addIssue({ code: 'custom', path: ['rows', i, 'itemCode'], message: BundleCode.DuplicateCode });
    });
  });
export type ItemCodesForm = z.input<typeof itemCodesFormSchema>;

/** Edit mode: one row whose description is required. */
export const itemCodeEditFormSchema = z.object({
  itemCode: itemCodeRowSchema.shape.itemCode,
  description: requiredText(BUNDLE_TEXT_MAX),
  comment: z
    .string()
    .trim()
    .max(BUNDLE_TEXT_MAX, { error: msg('maxLength', { max: BUNDLE_TEXT_MAX }) }),
});
export type ItemCodeEditForm = z.input<typeof itemCodeEditFormSchema>;

export function itemCodesFormToBody(f: ItemCodesForm): ItemCodesAddBody {
  return {
    item_codes: f.rows.map((r) => ({
      item_code: normaliseItemCode(r.itemCode),
      ...(r.description.trim() ? { description: r.description.trim() } : {}),
    })),
    ...(f.comment.trim() ? { comment: f.comment.trim() } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Bulk import file

/** The import file: a header row naming item_code (required) and description (optional), then one code a row. */
export const IMPORT_COLUMNS = { required: ['item_code'], optional: ['description'] } as const;

export interface ImportRowError {
  /** 1-based line of the file. */
  row: number;
  /** The JSON:API error code (ALB15, maxLength, ...). */
  code: string;
  /** What is wrong, as a row message (with its line, but for the file-level ones): each reader's language. */
  reason: RowMessage;
  /** The reason in English, for the API's `detail` (ALB15 and ALB16 end with a colon and the code). */
  message: string;
}

/** An error of one row of an import file (the server's checks against the bundle use it too). */
export const importError = (row: number, code: string, reason: RowMessage): ImportRowError => {
  const withLine = row > 1 ? { ...reason, line: row } : reason;
  const text = rowMessageText('en-us', reason);
  return { row, code, reason: withLine, message: row > 1 ? `Row ${row}: ${text}` : text };
};

export interface ParsedImport {
  codes: { row: number; itemCode: string; description: string | null }[];
  errors: ImportRowError[];
}

const normalHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Checks the records of an import file (header first): the header, each code's form (padded to 5),
 * description length, and codes repeated in the file (ALB15). Checks against the bundle are the server's.
 */
export function parseItemCodeImport(records: readonly (readonly string[])[]): ParsedImport {
  const out: ParsedImport = { codes: [], errors: [] };
  const [header, ...rows] = records;
  const names = (header ?? []).map(normalHeader);
  const codeAt = names.indexOf('item_code');
  const descriptionAt = names.indexOf('description');
  if (codeAt < 0) {
    out.errors.push(importError(1, 'import-header', { code: RowMessageCode.ImportHeader }));
    return out;
  }
  if (rows.length === 0) {
    out.errors.push(importError(1, 'file-empty', { code: RowMessageCode.ImportNoCodes }));
    return out;
  }
  const firstRow = new Map<string, number>();
  rows.forEach((cells, i) => {
    const row = i + 2;
    const raw = (cells[codeAt] ?? '').trim();
    const description = descriptionAt >= 0 ? (cells[descriptionAt] ?? '').trim() : '';
    if (!raw) {
      out.errors.push(importError(row, 'required', { code: RowMessageCode.ItemCodeMissing }));
      return;
    }
    if (!ITEM_CODE_PATTERN.test(raw)) {
      out.errors.push(importError(row, BundleCode.InvalidCode, { code: RowMessageCode.BundleCodeInvalid, values: { value: raw } }));
      return;
    }
    if (description.length > BUNDLE_TEXT_MAX) {
      out.errors.push(importError(row, 'maxLength', { code: RowMessageCode.BundleDescriptionLong, values: { max: BUNDLE_TEXT_MAX } }));
      return;
    }
    const itemCode = normaliseItemCode(raw);
    const first = firstRow.get(itemCode);
    if (first !== undefined) {
      out.errors.push(
        importError(row, BundleCode.DuplicateCode, { code: RowMessageCode.BundleCodeRepeated, values: { value: itemCode, first } }),
      );
      return;
    }
    firstRow.set(itemCode, row);
    out.codes.push({ row, itemCode, description: description || null });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Reads

export const ITEM_CODE_SORT_FIELDS = ['item_code', 'description', 'comment', 'date_added', 'last_modified', 'modified_by'] as const;

/** GET /fc-common-api/loyalty-item-codes (filter[bundle_seq] required) and the item-code CSV. Default item_code ascending. */
export const itemCodeListQuerySchema = listQuerySchema({
  sortFields: ITEM_CODE_SORT_FIELDS,
  defaultSort: [{ field: 'item_code', direction: 'asc' }],
  filters: { bundle_seq: z.coerce.number().int().min(1).max(2_147_483_647) },
});

/** loyalty-item-codes-{bundle name}-{date}.csv (LOY-27). */
export function itemCodesCsvFileName(bundleName: string, day: string): string {
  return `loyalty-item-codes-${bundleName}-${day}.csv`;
}
