import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../core/account-types';
import {
  FILE_MESSAGE_VALUES,
  FileMessageCode,
  ROW_MESSAGE_VALUES,
  ROW_MESSAGES,
  RowMessageCode,
  fileMessageSchema,
  fileProblem,
  rowMessageSchema,
  rowMessageText,
} from './messages';

/** The names a template interpolates. */
const placeholders = (template: string) => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
/** The names a code's values schema declares. */
const declared = (code: RowMessageCode) => Object.keys((ROW_MESSAGE_VALUES[code] as unknown as { shape: object }).shape).sort();
/** A value of each declared name, as the schema takes it. */
const sample = (code: RowMessageCode) =>
  Object.fromEntries(
    declared(code).map((k) => [
      k,
      ['max', 'first', 'line'].includes(k) ? 7 : k === 'column' ? 'expiry_date' : k === 'custNo' ? 10001 : `«${k}»`,
    ]),
  );

describe('row messages of inbound files (report reasons, decision 0410)', () => {
  it.each(LANGUAGES)('every code has a text in %s that uses exactly the values its schema declares', (lang) => {
    for (const code of Object.values(RowMessageCode)) {
      const template = ROW_MESSAGES[lang][code];
      expect(template, `${lang} ${code}`).toBeTruthy();
      expect(placeholders(template), `${lang} ${code}`).toEqual(declared(code));
      const values = sample(code);
      expect(ROW_MESSAGE_VALUES[code].safeParse(values).success, code).toBe(true);
      const text = rowMessageText(lang, { code, values, line: 9 });
      expect(text, code).not.toMatch(/\{\{|\}\}/);
      expect(text, code).toContain('9');
      for (const v of Object.values(values)) expect(text, code).toContain(String(v));
      if (lang !== 'en-us') expect(template, `${lang} ${code}`).not.toBe(ROW_MESSAGES['en-us'][code]);
    }
  });

  it('a message without a line has no line prefix', () => {
    expect(rowMessageText('fr', { code: 'unknown-customer', values: { custNo: 42 } })).toBe('client inconnu 42');
    expect(rowMessageText('es', { code: 'accepted', line: 3 })).toBe('Línea 3: Aceptado');
  });

  it('interpolates the values of a core report reason in each language', () => {
    const m = { code: RowMessageCode.PriceAboveProgram, values: { price: '190.00', programPrice: '189.99', part: 'ALT-12V/160' } };
    expect(rowMessageText('en-us', m)).toBe('price 190.00 is above the programme price 189.99 of part ALT-12V/160');
    expect(rowMessageText('es', m)).toBe('el precio 190.00 está por encima del precio del programa 189.99 de la refacción ALT-12V/160');
    expect(rowMessageText('fr', m)).toBe('le prix 190.00 dépasse le prix du programme 189.99 de la pièce ALT-12V/160');
  });

  it('rowMessageSchema takes a known code with its values and refuses the rest', () => {
    expect(rowMessageSchema.safeParse({ code: 'part-not-in-catalogue', values: { part: 'X' }, line: 3 }).success).toBe(true);
    expect(rowMessageSchema.safeParse({ code: 'part-not-in-catalogue', values: {} }).success).toBe(false);
    expect(rowMessageSchema.safeParse({ code: 'part-not-in-catalogue', values: { part: 'X', extra: 1 } }).success).toBe(false);
    expect(rowMessageSchema.safeParse({ code: 'no-such-code' }).success).toBe(false);
  });
});

describe('file messages', () => {
  it('every code has a values schema; the schema checks the values', () => {
    for (const code of Object.values(FileMessageCode)) expect(FILE_MESSAGE_VALUES[code], code).toBeDefined();
    expect(
      fileMessageSchema.safeParse({ code: 'core-rejected', values: { rejected: 4, total: 5, applied: 1, type: 'coreless' } }).success,
    ).toBe(true);
    expect(
      fileMessageSchema.safeParse({ code: 'core-rejected', values: { rejected: '4', total: 5, applied: 1, type: 'coreless' } }).success,
    ).toBe(false);
    expect(
      fileMessageSchema.safeParse({
        code: 'item-codes-refused',
        values: { refused: 1, bundle: 'B', rejects: [{ code: 'bundle-code-held', values: { value: '00001' }, line: 2 }] },
      }).success,
    ).toBe(true);
  });

  it('a file that fails as a whole becomes the first line of its report with the same code', () => {
    expect(fileProblem({ code: FileMessageCode.CsvMissingColumns, values: { required: 'a, b', missing: 'b' } })).toEqual({
      code: 'csv-missing-columns',
      values: { required: 'a, b', missing: 'b' },
    });
    expect(fileProblem({ code: FileMessageCode.CsvUnreadable, values: { detail: 'x' } })).toEqual({ code: 'csv-unreadable-anywhere' });
    expect(fileProblem({ code: FileMessageCode.CsvUnreadable, values: { line: 4, detail: 'x' } })).toEqual({
      code: 'csv-unreadable',
      values: { line: 4 },
    });
    expect(fileProblem({ code: FileMessageCode.NoRows, values: {} })).toEqual({ code: 'no-rows' });
  });
});
