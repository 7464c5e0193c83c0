import { describe, expect, it } from 'vitest';
import { tabBadgeText } from '../core/list-query';
import {
  CARD_OPTION_CODES,
  cardNumberOf,
  derivePurchaseRequirements,
  newCustomerCard,
  requirementsInEffect,
} from './purchase-requirements';
import type { ColumnInfo } from './endpoints/purchase-requirements';

const details = { subGroupKey: 0, taxExempt: false, poNumRequiredOnCredits: false };
const codes = (...c: number[]) => c.map((cardOption) => ({ cardOption }));

describe('purchase requirements from card options and column rules', () => {
  it('no options: nothing checked, no location block', () => {
    const r = derivePurchaseRequirements(details, [], []);
    expect(Object.entries(r).filter(([, v]) => v === true)).toEqual([]);
    expect(r.showLocation).toBe(false);
    expect(r.poValidations).toEqual({ prefix: null, suffix: null, length: null });
  });

  it.each([
    [3, 'unitRequired'],
    [4, 'poValidated'],
    [9, 'poRequired'],
    [10, 'unitRequiredOnLabor'],
    [12, 'fuelProhibited'],
    [14, 'unitValidated'],
    [15, 'laborProhibited'],
    [29, 'vinRequired'],
    [30, 'vinValidated'],
    [35, 'vinRequiredOnLabor'],
    [38, 'dupPoCheckOnDebit'],
    [39, 'dupPoCheckOnDebit'],
    [40, 'dupPoCheckOnDebit'],
    [41, 'dupPoCheckOnDebit'],
    [42, 'dupPoCheckOnCredit'],
    [43, 'chargebackRelease'],
    [44, 'linkedCustomers'],
  ] as const)('code %i checks %s and nothing else', (code, key) => {
    const r = derivePurchaseRequirements(details, codes(code), []);
    expect(
      Object.entries(r)
        .filter(([, v]) => v === true)
        .map(([k]) => k),
    ).toEqual([key]);
  });

  it('every card-option code of the specification is covered', () => {
    expect(CARD_OPTION_CODES).toEqual([3, 4, 9, 10, 12, 14, 15, 29, 30, 35, 38, 39, 40, 41, 42, 43, 44]);
  });

  it.each([
    [38, 1],
    [39, 3],
    [40, 6],
    [41, 12],
  ] as const)('duplicate PO debit code %i: a window of %i months', (code, months) => {
    expect(derivePurchaseRequirements(details, codes(code), []).dupPoDebitWindow).toBe(months);
  });

  it('PO required on credits and tax exemption come from the customer flags', () => {
    const r = derivePurchaseRequirements({ ...details, taxExempt: true, poNumRequiredOnCredits: true }, [], []);
    expect(r.taxExempt).toBe(true);
    expect(r.poRequiredOnCredits).toBe(true);
  });

  it('column rules give prefix, suffix and length per column type; amount rules are not shown', () => {
    const rules: ColumnInfo[] = [
      { columnType: 0, ruleType: 1, value: 'PO' },
      { columnType: 0, ruleType: 2, value: 'X' },
      { columnType: 0, ruleType: 0, value: '8' },
      { columnType: 1, ruleType: 0, value: '6' },
      { columnType: 2, ruleType: 1, value: '1HT' },
      { columnType: 2, ruleType: 3, value: '500' },
    ];
    const r = derivePurchaseRequirements(details, [], rules);
    expect(r.poValidations).toEqual({ prefix: 'PO', suffix: 'X', length: '8' });
    expect(r.unitValidations).toEqual({ prefix: null, suffix: null, length: '6' });
    expect(r.vinValidations).toEqual({ prefix: '1HT', suffix: null, length: null });
  });

  it.each([
    [1, { cardDeterminesLocation: true, poContainsLocation: false, unitContainsLocation: false }],
    [2, { cardDeterminesLocation: false, poContainsLocation: true, unitContainsLocation: false }],
    [3, { cardDeterminesLocation: false, poContainsLocation: false, unitContainsLocation: true }],
  ] as const)('subgroup key %i: the location block shows %o', (subGroupKey, expected) => {
    expect(derivePurchaseRequirements({ ...details, subGroupKey }, [], [])).toMatchObject({ ...expected, showLocation: true });
  });
});

describe('the first card of a new customer', () => {
  const base = { purchaseType: 1, subGroupKey: 0, linkCustNo: null, currency: 0, country: 0 };

  it('has a 16-digit number of the programme prefix, the customer number and the card sequence', () => {
    expect(cardNumberOf(10005)).toBe('7083 0510 0050 0001');
    expect(cardNumberOf(10005, 2)).toBe('7083 0510 0050 0002');
    expect(newCustomerCard(10005, base)).toMatchObject({ cardNo: '7083 0510 0050 0001', showCard: true, cardOptions: [], columnRules: [] });
  });

  it.each([
    [{ purchaseType: 0 }, [15]],
    [{ purchaseType: 2 }, []],
    [{ subGroupKey: 1 }, []],
    [{ subGroupKey: 2 }, [9]],
    [{ subGroupKey: 3 }, [3]],
    [{ linkCustNo: 10001 }, [44]],
    [{ purchaseType: 0, subGroupKey: 3, linkCustNo: 10001 }, [3, 15, 44]],
  ])('card options from the form: %o gives %o', (choice, expected) => {
    expect(newCustomerCard(10005, { ...base, ...choice }).cardOptions).toEqual(expected);
  });

  it.each([
    [{ currency: 0, country: 0 }, true, false],
    [{ currency: 1, country: 1 }, false, true],
    [{ currency: 0, country: 1 }, true, true],
    [{ currency: 1, country: 0 }, false, true],
    [{ currency: 0, country: 2 }, true, false],
  ])('merchants for %o: US %s, CA %s', (choice, us, ca) => {
    expect(newCustomerCard(10005, { ...base, ...choice })).toMatchObject({ usAllowed: us, caAllowed: ca });
  });
});

describe('the count on the purchase requirements tab', () => {
  it('counts the ticked checkboxes the page shows, the location block only when shown', () => {
    expect(requirementsInEffect(derivePurchaseRequirements(details, [], []))).toBe(0);
    const r = derivePurchaseRequirements(details, codes(3, 9, 12), []);
    expect(requirementsInEffect(r)).toBe(3);
    expect(requirementsInEffect({ ...r, poContainsLocation: true, showLocation: false })).toBe(3);
    expect(requirementsInEffect({ ...r, poContainsLocation: true, showLocation: true })).toBe(4);
  });

  it('the badge truncates at 99 with a plus', () => {
    expect([0, 7, 99, 100, 1234].map(tabBadgeText)).toEqual(['0', '7', '99', '99+', '99+']);
  });
});
