import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady, switchLanguage } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';
import { taxFieldErrors } from './tax-server-errors';
import { useMaintenanceFieldMessage } from './field-message';

const ADD_FIELDS = ['cust_no', 'program', 'cust_location', 'tax_rate', 'effective_date', 'expiry_date'] as const;
const LABEL: Record<string, string> = {
  cust_no: 'Customer number',
  program: 'Program',
  cust_location: 'Location',
  tax_rate: 'Tax rate',
  effective_date: 'Effective date',
  expiry_date: 'Expiry date',
};

/** An error answer of the tax calls, each error with the field the server names (or none). */
const refusal = (...errors: [code: string, field?: string][]) =>
  new ApiError(
    400,
    errors.map(([code, field]) => ({ status: '400', title: 'Bad Request', code, ...(field ? { source: { pointer: `/${field}` } } : {}) })),
  );

beforeAll(async () => {
  await i18nReady;
  await switchLanguage('en-us');
  await i18n.loadNamespaces(['maintenance', 'validation']);
});

describe('every AET code (TAX-08) goes to its field with its message', () => {
  // [code, the field the server names, the field the form marks (undefined: a message), the text]
  it.each([
    ['AET01', 'cust_no', 'cust_no', 'This customer number is not valid'],
    ['AET02', 'cust_no', 'cust_no', 'This customer number is not valid'],
    // The code's own field wins over the one the server named.
    ['AET01', undefined, 'cust_no', 'This customer number is not valid'],
    ['AET03', 'cust_location', 'cust_location', 'This location is not a location of the customer'],
    ['AET03', undefined, 'cust_location', 'This location is not a location of the customer'],
    ['AET04', 'tax_rate', 'tax_rate', 'Tax rate is invalid'],
    ['AET05', 'effective_date', 'effective_date', 'Effective date is invalid'],
    ['AET08', 'tax_rate', 'tax_rate', 'Tax rate is required'],
    ['AET09', 'expiry_date', 'expiry_date', 'Expiry date is already in use by another rate of this location'],
    ['AET09', undefined, 'expiry_date', 'Expiry date is already in use by another rate of this location'],
    ['AET12', 'expiry_date', 'expiry_date', 'Expiry date is invalid'],
    ['AET13', 'program', 'program', 'Program is invalid'],
    ['AET15', 'effective_date', 'effective_date', 'Effective date cannot be in the past'],
    ['AET18', undefined, 'program', 'The customer is not in this program'],
    // Any other code marks the field the server named.
    ['AEX99', 'cust_location', 'cust_location', 'Location is invalid'],
  ] as const)('%s (server field %s) marks %s: "%s"', (code, serverField, formField, text) => {
    const { byField, other } = taxFieldErrors(refusal([code, serverField]), ADD_FIELDS);
    expect(byField).toEqual({ [formField]: code });
    expect(other).toEqual([]);
    const { result } = renderHook(() => useMaintenanceFieldMessage());
    expect(result.current(code, LABEL[formField])).toBe(text);
  });

  it('AET11 marks both dates as already in use', () => {
    const { byField } = taxFieldErrors(refusal(['AET11', 'effective_date'], ['AET11', 'expiry_date']), ADD_FIELDS);
    expect(byField).toEqual({ effective_date: 'AET11', expiry_date: 'AET11' });
    const { result } = renderHook(() => useMaintenanceFieldMessage());
    expect(result.current('AET11', 'Effective date')).toBe('Effective date is already in use by another rate of this location');
  });

  it('AET17 and AET14 have no field of the Add dialog: they come back as messages', () => {
    const { byField, other } = taxFieldErrors(refusal(['AET17'], ['AET14', 'cust_tax_rate_seq']), ADD_FIELDS);
    expect(byField).toEqual({});
    expect(other).toEqual(['AET17', 'AET14']);
    const { result } = renderHook(() => useMaintenanceFieldMessage());
    expect(result.current('AET17')).toBe('The customer’s subgroup was not found');
  });

  it('the Expire dialog marks its date and leaves the rest to its error message', () => {
    expect(taxFieldErrors(refusal(['AET15', 'expiry_date']), ['expiry_date'] as const)).toEqual({
      byField: { expiry_date: 'AET15' },
      other: [],
    });
    expect(taxFieldErrors(refusal(['AET14', 'cust_tax_rate_seq']), ['expiry_date'] as const).byField).toEqual({});
  });

  it('a call that never reached the server is a network error', () => {
    expect(taxFieldErrors(new TypeError('Failed to fetch'), ADD_FIELDS)).toEqual({ byField: {}, other: ['network'] });
  });
});
