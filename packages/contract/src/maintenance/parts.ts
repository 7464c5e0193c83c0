import { z } from 'zod';
import { msg } from '../core/validation';

// Parts mapping (PART-01 to PART-06): the Estes part numbers of international parts.

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

/** Codes (PART-05, TAX-08, CORE-06). */
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

/** The export's file name: EstesParts_{MMDDYYYY}.csv (local date). */
export function estesExportFileName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `EstesParts_${p(now.getMonth() + 1)}${p(now.getDate())}${now.getFullYear()}.csv`;
}

/** The Add dialog's submit button comes back this long after the call ends (section 9). */
export const ADD_PART_REENABLE_MS = 500;
