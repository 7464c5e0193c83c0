import { describe, expect, it } from 'vitest';
import { validCustomerForm } from '../testing';
import {
  applyBillCycleChange,
  applyCountryChange,
  applyCustomerChange,
  applyProgramChange,
  applyPromoChange,
  applyReceivableChange,
} from './customer-transitions';

describe('applyCustomerChange: a choice of the create customer form and what it changes elsewhere', () => {
  it('a new country clears the state; the same country keeps it', () => {
    const form = validCustomerForm({ country: 0, state: 'NE' });
    expect(applyCustomerChange(form, 'country', 1)).toMatchObject({ country: 1, state: '' });
    expect(applyCustomerChange(form, 'country', 0)).toMatchObject({ country: 0, state: 'NE' });
  });

  it.each([
    ['program', applyProgramChange, 61],
    ['promo_type', applyPromoChange, 1],
    ['receivable_type', applyReceivableChange, 2],
    ['bill_cycle', applyBillCycleChange, 3],
    ['country', applyCountryChange, 2],
  ] as const)('%s changes what its own rule changes', (field, rule, value) => {
    const form = validCustomerForm();
    expect(applyCustomerChange(form, field, value)).toEqual(rule(form, value));
    expect(applyCustomerChange(form, field, null)).toEqual(rule(form, null));
  });
});
