import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestProgramme, findProgramme, FinderError, fleetFinderSchema, parsePowerUnits, POWER_UNITS_MAX, PROGRAMMES } from './index';

describe('best programme for a fleet (PUB-07)', () => {
  it.each([
    [499, 'US', 'select'],
    [500, 'US', 'product'],
    [299, 'CA', 'select'],
    [300, 'CA', 'product'],
    [499, 'CA', 'product'],
    [49, 'US', 'advantage'],
    [50, 'US', 'select'],
    [49, 'CA', 'advantage'],
    [50, 'CA', 'select'],
    [1, 'US', 'advantage'],
    [1, 'CA', 'advantage'],
    [POWER_UNITS_MAX, 'US', 'product'],
  ] as const)('%i units in %s: %s', (units, country, id) => {
    expect(bestProgramme(units, country).id).toBe(id);
  });

  it('carries the facts of each card', () => {
    expect(PROGRAMMES.map((p) => [p.id, p.minUnits.US, p.minUnits.CA, p.daysToPay, p.biweeklyBilling])).toEqual([
      ['product', 500, 300, 7, true],
      ['select', 50, 50, 20, false],
      ['advantage', 1, 1, 20, false],
    ]);
  });

  it('never offers a programme whose minimum the fleet misses, and always the best one it reaches', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: POWER_UNITS_MAX }), fc.constantFrom('US' as const, 'CA' as const), (units, country) => {
        const chosen = bestProgramme(units, country);
        expect(units).toBeGreaterThanOrEqual(chosen.minUnits[country]);
        const better = PROGRAMMES.slice(0, PROGRAMMES.indexOf(chosen));
        for (const p of better) expect(units).toBeLessThan(p.minUnits[country]);
      }),
    );
  });
});

describe('number of power units', () => {
  it.each([
    ['1', 1],
    [' 42 ', 42],
    ['300', 300],
    ['1,200', 1200],
    ['1 200', 1200],
    ['12.0', 12],
    ['+7', 7],
    [50, 50],
    [String(POWER_UNITS_MAX), POWER_UNITS_MAX],
  ])('%j is %i', (raw, value) => {
    expect(parsePowerUnits(raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['', FinderError.Required],
    ['   ', FinderError.Required],
    [undefined, FinderError.Required],
    ['0', FinderError.TooSmall],
    ['-3', FinderError.TooSmall],
    ['-0', FinderError.TooSmall],
    [0, FinderError.TooSmall],
    ['2.5', FinderError.NotWhole],
    ['2,5', FinderError.NotWhole],
    ['.5', FinderError.NotWhole],
    ['-2.5', FinderError.NotWhole],
    ['abc', FinderError.NotANumber],
    ['12 trucks', FinderError.NotANumber],
    ['1e3', FinderError.NotANumber],
    ['0x10', FinderError.NotANumber],
    ['--1', FinderError.NotANumber],
    [Number.NaN, FinderError.NotANumber],
    [String(POWER_UNITS_MAX + 1), FinderError.TooLarge],
    ['99999999999999999999', FinderError.TooLarge],
  ])('%j: %s', (raw, error) => {
    expect(parsePowerUnits(raw)).toEqual({ ok: false, error });
  });

  it('never throws and either accepts a whole number in range or names the mistake', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer().map(String), fc.double().map(String)), (raw) => {
        const r = parsePowerUnits(raw);
        if (r.ok) {
          expect(Number.isInteger(r.value)).toBe(true);
          expect(r.value).toBeGreaterThanOrEqual(1);
          expect(r.value).toBeLessThanOrEqual(POWER_UNITS_MAX);
        } else {
          expect(Object.values(FinderError)).toContain(r.error);
        }
      }),
    );
  });
});

describe('finder form', () => {
  it('names the programme for good input', () => {
    const r = findProgramme({ powerUnits: '300', country: 'CA' });
    expect(r.ok && r.value.programme.id).toBe('product');
  });

  it('reports each wrong field', () => {
    expect(findProgramme({ powerUnits: 'x', country: 'MX' })).toEqual({
      ok: false,
      errors: { powerUnits: FinderError.NotANumber, country: FinderError.Country },
    });
    expect(findProgramme({ powerUnits: '', country: 'US' })).toEqual({ ok: false, errors: { powerUnits: FinderError.Required } });
  });

  it('the zod schema gives the same answers and messages as the pure rule', () => {
    expect(fleetFinderSchema.parse({ powerUnits: '1,200', country: 'US' })).toEqual({ powerUnits: 1200, country: 'US' });
    for (const raw of ['', '0', '-1', '2.5', 'abc', '100001']) {
      const r = fleetFinderSchema.safeParse({ powerUnits: raw, country: 'US' });
      expect(r.success).toBe(false);
      const expected = parsePowerUnits(raw);
      expect(r.error?.issues[0]?.message).toBe(expected.ok ? undefined : expected.error);
    }
    const bad = fleetFinderSchema.safeParse({ powerUnits: '10', country: 'FR' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['country'], message: FinderError.Country });
  });
});
