import { describe, expect, it } from 'vitest';
import { isRealDate, mmddyyyyToYyyymmdd, msg, optionalText, parseMsg, requiredText, toMmddyyyy, yyyymmdd } from './validation';
import { todayYyyymmdd } from './format';

describe('date helpers', () => {
  it('isRealDate knows the calendar, leap years included', () => {
    expect(isRealDate('20260131')).toBe(true);
    expect(isRealDate('20240229')).toBe(true);
    expect(isRealDate('20230229')).toBe(false);
    expect(isRealDate('20000229')).toBe(true);
    expect(isRealDate('19000229')).toBe(false);
    expect(isRealDate('20261301')).toBe(false);
    expect(isRealDate('20260100')).toBe(false);
    expect(isRealDate('20260431')).toBe(false);
  });

  it('yyyymmdd accepts real dates in that format only', () => {
    expect(yyyymmdd.safeParse('20261231').success).toBe(true);
    for (const bad of ['2026-12-31', '12/31/2026', '2026123', '20261232', '']) {
      const r = yyyymmdd.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(parseMsg(r.error!.issues[0]!.message).key).toBe('date-format');
    }
    expect(yyyymmdd.safeParse(20261231).error!.issues[0]!.message).toBe('required');
  });

  it('mmddyyyyToYyyymmdd converts typed dates and refuses impossible ones', () => {
    expect(mmddyyyyToYyyymmdd('02/29/2024')).toBe('20240229');
    expect(mmddyyyyToYyyymmdd(' 12/31/2026 ')).toBe('20261231');
    expect(mmddyyyyToYyyymmdd('02/30/2024')).toBeUndefined();
    expect(mmddyyyyToYyyymmdd('2/3/2024')).toBeUndefined();
    expect(mmddyyyyToYyyymmdd('2024-02-03')).toBeUndefined();
  });

  it('toMmddyyyy formats YYYYMMDD and ISO dates, and nothing else', () => {
    expect(toMmddyyyy('20260105')).toBe('01/05/2026');
    expect(toMmddyyyy('2026-01-05')).toBe('01/05/2026');
    expect(toMmddyyyy('2026-01-05T10:00:00Z')).toBe('01/05/2026');
    expect(toMmddyyyy('')).toBe('');
    expect(toMmddyyyy(null)).toBe('');
    expect(toMmddyyyy(undefined)).toBe('');
    expect(toMmddyyyy('garbage')).toBe('');
  });

  it('todayYyyymmdd is the local calendar day', () => {
    expect(todayYyyymmdd(new Date(2026, 0, 5, 23, 59))).toBe('20260105');
    expect(todayYyyymmdd(new Date(2026, 11, 31, 0, 0))).toBe('20261231');
  });
});

describe('validation messages', () => {
  it('msg and parseMsg round-trip keys and parameters', () => {
    expect(msg('required')).toBe('required');
    expect(msg('maxLength', { field: 'name', max: 60 })).toBe('maxLength|field=name&max=60');
    expect(parseMsg('maxLength|field=name&max=60')).toEqual({ key: 'maxLength', params: { field: 'name', max: '60' } });
    expect(parseMsg('plain')).toEqual({ key: 'plain', params: {} });
  });

  it('requiredText trims and limits; optionalText turns empty into undefined', () => {
    expect(requiredText(5).parse('  abc ')).toBe('abc');
    expect(requiredText(5).safeParse('   ').error!.issues[0]!.message).toBe('required');
    expect(requiredText(5).safeParse('abcdef').error!.issues[0]!.message).toBe('maxLength|max=5');
    expect(optionalText(5).parse('  ')).toBeUndefined();
    expect(optionalText(5).parse(undefined)).toBeUndefined();
    expect(optionalText(5).parse(' ab ')).toBe('ab');
    expect(optionalText(5).safeParse('abcdef').success).toBe(false);
  });
});
