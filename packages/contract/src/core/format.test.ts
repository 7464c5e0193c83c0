import { describe, expect, it } from 'vitest';
import {
  DATE_INPUT_MASK,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatMonthYear,
  formatNumber,
  formatPercent,
  formatRate,
  localeTag,
  monthNames,
  weekdayNames,
} from './format';

// French groups with a narrow no-break space (U+202F) and puts a no-break space before units; which of
// U+00A0 and U+202F depends on the ICU version, so the tests read both as a space.
const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const all = (xs: string[]) => xs.map(sp);
const LANGS = ['en-us', 'es', 'fr'] as const;

describe('formatting layer: dates in the specification display formats in every language (decision 0400)', () => {
  it('maps app languages to BCP 47 tags; anything else formats as en-us', () => {
    expect(LANGS.map(localeTag)).toEqual(['en-US', 'es', 'fr']);
    expect(localeTag('xx-pseudo')).toBe('en-US');
    expect(localeTag(undefined)).toBe('en-US');
  });

  it.each(LANGS)('formatDate is MM/dd/yyyy in %s, whatever the input form', (lang) => {
    expect(formatDate('20261126', lang)).toBe('11/26/2026');
    expect(formatDate('2026-07-29', lang)).toBe('07/29/2026');
    expect(formatDate(new Date(2026, 0, 5, 23, 59), lang)).toBe('01/05/2026');
    expect(formatDate(new Date(2026, 0, 5, 12).getTime(), lang)).toBe('01/05/2026');
    expect(DATE_INPUT_MASK).toBe('MM/DD/YYYY');
  });

  it('a calendar day stays that day in any time zone; an instant takes the given zone', () => {
    expect(formatDate('2026-03-01', 'fr', { timeZone: 'Pacific/Honolulu' })).toBe('03/01/2026');
    expect(formatDate('2026-03-01T02:00:00Z', 'fr', { timeZone: 'America/Chicago' })).toBe('02/28/2026');
    expect(formatDate('2026-03-01T02:00:00Z', 'fr', { timeZone: 'Europe/Paris' })).toBe('03/01/2026');
  });

  it('no value or not a date is an empty text, never "Invalid Date"', () => {
    for (const v of [null, undefined, '', 'soon', '20260231', '2026-13-01', Number.NaN])
      expect([formatDate(v, 'fr'), formatDateTime(v, 'fr'), formatLongDate(v, 'fr'), formatMonthYear(v, 'fr')]).toEqual(['', '', '', '']);
  });

  it.each(LANGS)('formatDateTime is MM/dd/yyyy HH:mm:ss on a 24-hour clock in %s', (lang) => {
    expect(formatDateTime(new Date(2026, 10, 26, 21, 5, 9), lang)).toBe('11/26/2026 21:05:09');
    expect(formatDateTime(new Date(2026, 10, 26, 0, 0, 0), lang)).toBe('11/26/2026 00:00:00');
    expect(formatDateTime('2026-11-26T21:05:09Z', lang, { timeZone: 'UTC' })).toBe('11/26/2026 21:05:09');
    expect(formatDateTime('2026-11-26T00:30:00Z', lang, { timeZone: 'UTC' })).toBe('11/26/2026 00:30:00');
    expect(formatDateTime('2026-11-26T21:05:09Z', lang, { timeZone: 'America/Toronto' })).toBe('11/26/2026 16:05:09');
  });

  it('long dates and months are in the language', () => {
    expect(LANGS.map((l) => formatLongDate('20260729', l))).toEqual(['July 29, 2026', '29 de julio de 2026', '29 juillet 2026']);
    expect(LANGS.map((l) => formatMonthYear('2026-07-01', l))).toEqual(['July 2026', 'julio de 2026', 'juillet 2026']);
    expect(LANGS.map((l) => formatLongDate('2026-07-29T03:00:00Z', l, { timeZone: 'America/Vancouver' }))).toEqual([
      'July 28, 2026',
      '28 de julio de 2026',
      '28 juillet 2026',
    ]);
  });

  it('month and day names for calendars are in the language', () => {
    expect(monthNames('en-us')[0]).toBe('January');
    expect(monthNames('es')).toEqual([
      'enero',
      'febrero',
      'marzo',
      'abril',
      'mayo',
      'junio',
      'julio',
      'agosto',
      'septiembre',
      'octubre',
      'noviembre',
      'diciembre',
    ]);
    expect(monthNames('fr')[1]).toBe('février');
    expect(monthNames('fr', 'short')[6]).toBe('juil.');
    expect(LANGS.map((l) => weekdayNames(l)[0])).toEqual(['Sunday', 'domingo', 'dimanche']);
    expect(weekdayNames('fr')).toHaveLength(7);
  });
});

describe('formatting layer: numbers, money and percentages in the language', () => {
  it('numbers group and separate decimals per language', () => {
    expect(all(LANGS.map((l) => formatNumber(12345.5, l)))).toEqual(['12,345.5', '12.345,5', '12 345,5']);
    // Spanish groups from five digits (CLDR minimum grouping digits 2) unless asked to always group.
    expect(all(LANGS.map((l) => formatNumber(1234, l)))).toEqual(['1,234', '1234', '1 234']);
    expect(sp(formatNumber(1234, 'es', { useGrouping: 'always' }))).toBe('1.234');
    expect(sp(formatNumber(null, 'fr'))).toBe('');
    expect(sp(formatNumber(Number.NaN, 'fr'))).toBe('');
  });

  it('money in USD and CAD, by programme currency number or ISO code', () => {
    expect(all(LANGS.map((l) => formatMoney(7835.4, 0, l)))).toEqual(['$7,835.40', '7835,40 US$', '7 835,40 $US']);
    expect(all(LANGS.map((l) => formatMoney(7835.4, 'CAD', l)))).toEqual(['CA$7,835.40', '7835,40 CAD', '7 835,40 $CA']);
    expect(formatMoney(7835.4, 1, 'fr')).toBe(formatMoney(7835.4, 'CAD', 'fr'));
    expect(all(LANGS.map((l) => formatMoney(7835.4, 1, l, { code: true })))).toEqual(['CAD 7,835.40', '7835,40 CAD', '7 835,40 CAD']);
    expect(sp(formatMoney(-12, 0, 'en-us'))).toBe('-$12.00');
    expect(sp(formatMoney(undefined, 0, 'en-us'))).toBe('');
  });

  it('rates (fractions) and percents (already in percent) read the same', () => {
    expect(all(LANGS.map((l) => formatRate(0.02125, l)))).toEqual(['2.125%', '2,125 %', '2,125 %']);
    expect(all(LANGS.map((l) => formatPercent(2.125, l)))).toEqual(all(LANGS.map((l) => formatRate(0.02125, l))));
    expect(sp(formatPercent(2.3, 'en-us'))).toBe('2.3%');
    expect(sp(formatPercent(100, 'en-us'))).toBe('100%');
    expect(sp(formatPercent(37.456, 'fr', { maximumFractionDigits: 1 }))).toBe('37,5 %');
    expect(sp(formatRate(null, 'es'))).toBe('');
  });
});
