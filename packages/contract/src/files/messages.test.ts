import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../core/account-types';
import { ROW_MESSAGES, RowMessageCode, rowMessageText } from './messages';

describe('row messages of inbound files', () => {
  it.each(LANGUAGES)('every code has a text in %s whose values are all filled', (lang) => {
    const values = { max: 30, value: 'x', part: 'P-1', first: 2, difference: '1.00', custNo: 10001, invoice: 'INV-1' };
    for (const code of Object.values(RowMessageCode)) {
      const text = rowMessageText(lang, { code, values, line: 9 });
      expect(text, code).not.toMatch(/\{\{|\}\}/);
      expect(text, code).toContain('9');
      if (lang !== 'en-us') expect(ROW_MESSAGES[lang][code], code).not.toBe(ROW_MESSAGES['en-us'][code]);
    }
  });

  it('a message without a line has no line prefix', () => {
    expect(rowMessageText('fr', { code: 'unknown-customer', values: { custNo: 42 } })).toBe('client inconnu 42');
    expect(rowMessageText('es', { code: 'accepted', line: 3 })).toBe('Línea 3: Aceptado');
  });
});
