import { FileMessageCode, REJECTS_LISTED, rowMessageText, type FileMessage, type PriceSummary, type RowMessage } from '@fc/contract/files';

const n = (x: unknown) => (typeof x === 'number' ? x.toLocaleString('en-US') : typeof x === 'string' ? x : '');

const rows = (x: unknown) => `${n(x)} ${x === 1 ? 'row' : 'rows'}`;

const priceSummary = (v: Record<string, unknown>) =>
  `${n(v.accepted)} of ${n(v.total)} prices accepted (${n(v.changed)} new or changed)` +
  `; ${n(v.above)} above the programme price, ${n(v.unknown)} unknown parts, ${n(v.invalid)} invalid rows.`;

/**
 * The English sentence of a file message, kept in the API (`message`, `status-msg`) for clients other than
 * the web app, which translates the code itself (files:message.<code>).
 */
const ENGLISH: Record<FileMessageCode, (v: Record<string, unknown>) => string> = {
  'price-applied': priceSummary,
  'price-nothing-new': (v) => `Nothing new: ${priceSummary(v)}`,
  'price-none-accepted': (v) => `No price accepted: ${priceSummary(v)}`,
  'no-merchant': () => 'The price file names no dealer (merchant number).',
  'csv-unreadable': (v) => `The file cannot be read as CSV${v.detail ? `: ${n(v.detail)}` : v.line ? ` (line ${n(v.line)}).` : '.'}`,
  'csv-no-header': (v) => `The file has no header row; the first line must name the columns ${n(v.required)}.`,
  'csv-missing-columns': (v) => `The header row must name the columns ${n(v.required)}; missing: ${n(v.missing)}.`,
  'csv-duplicate-column': (v) => `The header names the column ${n(v.column)} twice.`,
  'no-rows': () => 'The file has no data rows below its header.',
  'wrong-kind': (v) => `This file is a ${n(v.kind)} file, not ${n(v.expected)}.`,
  'retries-exhausted': (v) => `The file could not be processed after ${n(v.attempts)} attempts${v.detail ? `: ${n(v.detail)}` : '.'}`,
  'transactions-summary': (v) => {
    const rejects = (v.rejects as RowMessage[] | undefined) ?? [];
    const listed = rejects.map((r) => rowMessageText('en-us', r)).join('; ');
    const more = Number(v.rejected) > REJECTS_LISTED ? '; ...' : '';
    return `${n(v.added)} purchases added, ${n(v.held)} already held, ${n(v.rejected)} rejected.${listed ? ` ${listed}${more}` : ''}`;
  },
  'upload-refused': (v) => `The file was refused at upload: ${n(v.detail)}`,
  'core-applied': (v) => `${rows(v.applied)} applied (${n(v.type)}).`,
  'core-nothing-new': (v) => `${rows(v.applied)}, nothing new (${n(v.type)}).`,
  'core-rejected': (v) =>
    `${n(v.rejected)} of ${rows(v.total)} rejected, ${n(v.applied)} applied (${n(v.type)}); the report lists each problem.`,
  'item-codes-added': (v) => `${n(v.added)} item ${v.added === 1 ? 'code' : 'codes'} added to bundle ${n(v.bundle)}.`,
  'item-codes-refused': (v) => {
    const first = ((v.rejects as RowMessage[] | undefined) ?? [])[0];
    return `${n(v.refused)} ${v.refused === 1 ? 'row' : 'rows'} refused; nothing was imported into bundle ${n(v.bundle)}.${
      first ? ` ${rowMessageText('en-us', first)}` : ''
    }`;
  },
};

export function englishMessage(m: FileMessage): string {
  return ENGLISH[m.code](m.values);
}

export const priceMessage = (code: FileMessageCode, summary: PriceSummary): FileMessage => ({ code, values: { ...summary } });
