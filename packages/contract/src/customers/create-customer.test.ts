import { describe, expect, it } from 'vitest';
import {
  applyBillCycleChange,
  applyCountryChange,
  applyProgramChange,
  applyPromoChange,
  applyReceivableChange,
  billCycleOptions,
  clearCurrencyAndCountry,
  createCustomerSchema,
  currencyMismatch,
  customerDefaults,
  forcedCentralized,
  fundingOptions,
  isBankRequired,
  isCentralizedDisabled,
  isExpressMailIdRequired,
  isFundingDisabled,
  isFundingRequired,
  maskLast4,
  minimumPayDay,
  payDayOptions,
  priceLevelOptions,
  promoOptions,
  receivableOptions,
  type CustomerForm,
} from './index';
import { validCustomerForm } from '../testing';
import { statesOf } from './address';

const valuesOf = (options: { value: number }[]) => options.map((o) => o.value);

function errorsOf(form: unknown): Record<string, string> {
  const r = createCustomerSchema.safeParse(form);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('create-customer defaults (CUST-06)', () => {
  it('program 96, language 0, promo 0, trx grace 0, bill cycle 0, late grace 0, pay day 7, centralized, competitive advantage, no decentralized credit, express mail 0', () => {
    expect(customerDefaults()).toMatchObject({
      program: 96,
      language: 0,
      promo_type: 0,
      trx_grace_days: 0,
      bill_cycle: 0,
      late_grace_days: 0,
      pay_days: 7,
      centralized: true,
      competitive_advantage: true,
      credit_flag: false,
      express_mail_type: 0,
      address_type: 2,
      cust_no: 0,
      loyalty_card: false,
    });
  });
});

describe('program change', () => {
  it.each([
    [94, { receivable_type: 0, funding_cycle: null, pay_days: 7 }],
    [96, { receivable_type: 1, funding_cycle: 1, price_level: 2, all_makes_price_level: 2, pay_days: 7 }],
    [97, { receivable_type: 0, funding_cycle: null, pay_days: 20 }],
  ] as const)('program %i sets %o', (program, expected) => {
    const start: CustomerForm = {
      ...customerDefaults(),
      receivable_type: 4,
      funding_cycle: 0,
      price_level: 0,
      all_makes_price_level: 0,
      pay_days: 45,
    };
    expect(applyProgramChange(start, program)).toMatchObject({ program, ...expected });
  });

  it('program 5 changes nothing else', () => {
    const start = customerDefaults();
    expect(applyProgramChange(start, 5)).toEqual({ ...start, program: 5 });
  });

  it.each([
    [94, 1, null],
    [94, 2, 2],
    [94, 3, 3],
    [97, 1, null],
    [97, 2, null],
    [97, 3, null],
    [97, 0, 0],
    [96, 1, 1],
  ] as const)('program %i with promo %i leaves promo %s', (program, promo, expected) => {
    expect(applyProgramChange({ ...customerDefaults(), promo_type: promo }, program).promo_type).toBe(expected);
  });

  it('program 97 on a weekly bill cycle resets pay day 20, which weekly multi-service does not offer', () => {
    expect(applyProgramChange({ ...customerDefaults(), bill_cycle: 1 }, 97)).toMatchObject({
      receivable_type: 0,
      pay_days: null,
      bill_cycle: 1,
    });
  });

  it('program 94 on an EFT bill cycle resets the bill cycle (multi-service bills biweekly, weekly or daily)', () => {
    expect(applyProgramChange({ ...customerDefaults(), bill_cycle: 3 }, 94)).toMatchObject({ bill_cycle: null, pay_days: null });
  });
});

describe('promo change', () => {
  it.each([
    [0, 3, { receivable_type: null, credit_flag: false }],
    [0, 8, { receivable_type: null, credit_flag: false }],
    [3, 3, { receivable_type: null, credit_flag: false }],
    [3, 8, { receivable_type: null, credit_flag: false }],
    [0, 1, { receivable_type: 1, credit_flag: false }],
    [3, 4, { receivable_type: 4, credit_flag: false }],
    [1, 0, { receivable_type: 3, funding_cycle: 1, centralized: false, credit_flag: true }],
    [
      2,
      0,
      {
        receivable_type: 8,
        funding_cycle: 1,
        price_level: 0,
        all_makes_price_level: 0,
        centralized: true,
        credit_flag: false,
        pay_days: 30,
      },
    ],
  ] as const)('promo %i from receivable %i gives %o', (promo, receivable, expected) => {
    const start: CustomerForm = {
      ...customerDefaults(),
      program: 5,
      receivable_type: receivable,
      credit_flag: true,
      centralized: false,
      price_level: 2,
      all_makes_price_level: 2,
    };
    expect(applyPromoChange(start, promo)).toMatchObject({ promo_type: promo, ...expected });
  });
});

describe('receivable change sets funding', () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 1],
    [6, 1],
    [8, 1],
    [0, 0],
    [4, 0],
    [5, 0],
    [7, 0],
  ] as const)('receivable %i: funding %i', (receivable, funding) => {
    expect(applyReceivableChange({ ...customerDefaults(), promo_type: 0 }, receivable).funding_cycle).toBe(funding);
  });

  it('5 also turns centralized and decentralized credit off', () => {
    expect(applyReceivableChange({ ...customerDefaults(), centralized: true, credit_flag: true }, 5)).toMatchObject({
      centralized: false,
      credit_flag: false,
    });
  });

  it('8 also sets both price levels none and pay day 30', () => {
    expect(
      applyReceivableChange({ ...customerDefaults(), promo_type: 2, price_level: 2, all_makes_price_level: 2, pay_days: 7 }, 8),
    ).toMatchObject({
      price_level: 0,
      all_makes_price_level: 0,
      pay_days: 30,
    });
  });

  it('multi-service resets a pay day that its bill cycle does not offer', () => {
    expect(applyReceivableChange({ ...customerDefaults(), bill_cycle: 2, pay_days: 7 }, 0)).toMatchObject({
      pay_days: null,
      funding_cycle: 0,
    });
    expect(applyReceivableChange({ ...customerDefaults(), bill_cycle: 2, pay_days: 14 }, 0)).toMatchObject({ pay_days: 14 });
  });
});

describe('bill cycle change', () => {
  it.each([
    [0, 7, 7],
    [1, 7, null],
    [1, 10, 10],
    [2, 30, 30],
    [2, 45, null],
  ] as const)('multi-service bill cycle %i keeps pay day %i as %s', (billCycle, payDay, expected) => {
    expect(applyBillCycleChange({ ...customerDefaults(), receivable_type: 0, pay_days: payDay }, billCycle).pay_days).toBe(expected);
  });
  it('other receivables keep any pay day', () => {
    expect(applyBillCycleChange({ ...customerDefaults(), receivable_type: 1, pay_days: 2 }, 2).pay_days).toBe(2);
  });
});

describe('filtered options', () => {
  it.each([
    [94, [0, 2, 3]],
    [97, [0]],
    [96, [0, 1, 2, 3]],
    [5, [0, 1, 2, 3]],
  ] as const)('program %i offers promos %o', (program, promos) => {
    expect(valuesOf(promoOptions(program))).toEqual(promos);
  });

  it.each([
    [0, [0, 1, 4, 5, 7]],
    [3, [0, 1, 4, 5, 7]],
    [null, [0, 1, 4, 5, 7]],
    [1, [3]],
    [2, [8]],
  ] as const)('promo %s offers receivables %o', (promo, receivables) => {
    expect(valuesOf(receivableOptions(promo))).toEqual(receivables);
  });

  it('funding none is never offered; the core price level is never offered', () => {
    expect(valuesOf(fundingOptions())).toEqual([1]);
    expect(valuesOf(priceLevelOptions())).toEqual([0, 2]);
  });

  it.each([
    [0, [0, 1, 2]],
    [1, [0, 1, 2, 3]],
    [8, [0, 1, 2, 3]],
    [null, [0, 1, 2, 3]],
  ] as const)('receivable %s offers bill cycles %o', (receivable, cycles) => {
    expect(valuesOf(billCycleOptions(receivable))).toEqual(cycles);
  });

  it.each([
    [0, 0, 7, [7, 20, 23, 30, 45]],
    [0, 0, 21, [7, 20, 21, 23, 30, 45]],
    [0, 1, 21, [10, 24, 27, 34]],
    [0, 1, null, [10, 24, 27, 34]],
    [0, 2, null, [14, 27, 30, 37]],
    [0, null, null, []],
    [1, 0, null, [0, 2, 4, 7, 10, 14, 20, 21, 23, 24, 27, 30, 34, 37, 45]],
  ] as const)('receivable %s, bill cycle %s, current %s: pay days %o', (receivable, billCycle, current, days) => {
    expect(valuesOf(payDayOptions(receivable, billCycle, current))).toEqual(days);
  });

  it.each([
    [0, true, false],
    [4, true, false],
    [5, true, false],
    [7, true, false],
    [1, false, true],
    [3, false, true],
    [8, false, true],
    [null, false, false],
  ] as const)('receivable %s: funding disabled %s, required %s', (receivable, disabled, required) => {
    expect(isFundingDisabled(receivable)).toBe(disabled);
    expect(isFundingRequired(receivable)).toBe(required);
  });

  it.each([
    [0, 1, false, undefined],
    [3, 1, false, undefined],
    [1, 3, true, false],
    [2, 8, true, true],
    [0, 5, true, false],
  ] as const)('promo %i, receivable %i: centralized disabled %s (held at %s)', (promo, receivable, disabled, forced) => {
    expect(isCentralizedDisabled(promo, receivable)).toBe(disabled);
    expect(forcedCentralized(promo, receivable)).toBe(forced);
  });

  it('bank fields for EFT; express mail id unless regular mail; pay day minimum for daily EFT', () => {
    expect([0, 1, 2, 3].map(isBankRequired)).toEqual([false, false, false, true]);
    expect([0, 1, 2, 3, null].map(isExpressMailIdRequired)).toEqual([false, true, true, true, false]);
    expect(minimumPayDay(2, 3)).toBe(4);
    expect(minimumPayDay(2, 0)).toBe(0);
    expect(minimumPayDay(0, 3)).toBe(0);
  });

  it('country clears the state and filters the states', () => {
    expect(applyCountryChange({ ...customerDefaults(), country: 0, state: 'IL' }, 1)).toMatchObject({ country: 1, state: '' });
    expect(applyCountryChange({ ...customerDefaults(), country: 0, state: 'IL' }, 0)).toMatchObject({ state: 'IL' });
    expect(statesOf(1).map((s) => s.value)).toContain('ON');
    expect(statesOf(1).map((s) => s.value)).not.toContain('IL');
    expect(statesOf(2).every((s) => s.country === 'MX')).toBe(true);
    expect(statesOf(null)).toEqual([]);
  });

  it('currency and country mismatch; cancel clears both', () => {
    expect(currencyMismatch(1, 0)).toBe(true);
    expect(currencyMismatch(0, 1)).toBe(true);
    expect(currencyMismatch(1, 1)).toBe(false);
    expect(currencyMismatch(0, 0)).toBe(false);
    expect(currencyMismatch(0, 2)).toBe(false);
    expect(currencyMismatch(null, 1)).toBe(false);
    expect(clearCurrencyAndCountry({ ...customerDefaults(), currency: 1, country: 0, state: 'IL' })).toMatchObject({
      currency: null,
      country: null,
      state: '',
    });
  });
});

describe('createCustomerSchema', () => {
  it('accepts a valid customer', () => {
    expect(errorsOf(validCustomerForm())).toEqual({});
  });

  it('names every missing required field', () => {
    const errors = errorsOf({
      ...customerDefaults(),
      program: null,
      language: null,
      promo_type: null,
      trx_grace_days: null,
      bill_cycle: null,
      late_grace_days: null,
      pay_days: null,
      express_mail_type: null,
    });
    for (const f of [
      'cust_name',
      'program',
      'language',
      'currency',
      'promo_type',
      'receivable_type',
      'price_level',
      'all_makes_price_level',
      'trx_grace_days',
      'bill_cycle',
      'sub_group_key',
      'late_grace_days',
      'payment_type',
      'pay_days',
      'limit',
      'name',
      'contact',
      'phone',
      'address_1',
      'city',
      'country',
      'state',
      'express_mail_type',
      'zip',
    ])
      expect(errors[f], f).toBe('required');
  });

  it.each([
    ['cust_name', 'x'.repeat(61), 'maxLength|max=60'],
    ['dba', 'x'.repeat(61), 'maxLength|max=60'],
    ['buying_group', 'x'.repeat(11), 'maxLength|max=10'],
    ['address_2', 'x'.repeat(31), 'maxLength|max=30'],
    ['contact', 'x'.repeat(31), 'maxLength|max=30'],
    ['email', 'not-an-email', 'email'],
    ['fax', '18005550100', 'fax'],
    ['limit', '12x', 'decimal'],
    ['limit', '1'.repeat(15), 'maxLength|max=14'],
    ['force_man_auth_amt', '1'.repeat(13), 'maxLength|max=12'],
    ['force_man_auth_amt', 'abc', 'decimal'],
    ['express_mail_id', 'x'.repeat(11), 'maxLength|max=10'],
    ['price_level', 5, 'invalid'],
    ['all_makes_price_level', 5, 'invalid'],
    ['phone', '1234', 'phone'],
    ['zip', '1234', 'zipCode'],
    ['state', 'ON', 'invalid'],
    ['loyalty_card', true, 'invalid'],
    ['cust_no', 10001, 'invalid'],
    ['bank_aba_number', '12345678', 'digits|length=9'],
    ['bank_aba_number', '12345678a', 'integer'],
    ['bank_acct_number', '-5', 'integer'],
    ['bank_name', 'x'.repeat(41), 'maxLength|max=40'],
    ['bank_account_name', 'x'.repeat(41), 'maxLength|max=40'],
  ] as const)('%s = %j: %s', (field, value, message) => {
    expect(errorsOf(validCustomerForm({ [field]: value } as Partial<CustomerForm>))[field]).toBe(message);
  });

  it('fax not starting with 1 is fine', () => {
    expect(errorsOf(validCustomerForm({ fax: '4025550199' }))).toEqual({});
  });

  it('bank fields are required with EFT payment', () => {
    const errors = errorsOf(validCustomerForm({ payment_type: 3 }));
    expect(errors).toMatchObject({
      bank_aba_number: 'required',
      bank_acct_number: 'required',
      bank_name: 'required',
      bank_account_name: 'required',
    });
    expect(
      errorsOf(
        validCustomerForm({
          payment_type: 3,
          bank_aba_number: '071000013',
          bank_acct_number: '123456789',
          bank_name: 'First Bank',
          bank_account_name: 'Prairie',
        }),
      ),
    ).toEqual({});
  });

  it('express mail id is required unless regular mail', () => {
    expect(errorsOf(validCustomerForm({ express_mail_type: 1 })).express_mail_id).toBe('required');
    expect(errorsOf(validCustomerForm({ express_mail_type: 1, express_mail_id: 'FX123' }))).toEqual({});
  });

  it('daily billing with EFT: pay day at least 4 (payDays)', () => {
    const eft = {
      payment_type: 3,
      bank_aba_number: '071000013',
      bank_acct_number: '1',
      bank_name: 'B',
      bank_account_name: 'A',
      bill_cycle: 2,
    };
    expect(errorsOf(validCustomerForm({ ...eft, pay_days: 2 })).pay_days).toBe('payDays|min=4');
    expect(errorsOf(validCustomerForm({ ...eft, pay_days: 4 }))).toEqual({});
    expect(errorsOf(validCustomerForm({ bill_cycle: 2, pay_days: 0 }))).toEqual({});
  });

  it('refuses what the filtered lists do not offer', () => {
    expect(errorsOf(validCustomerForm({ program: 97, promo_type: 2 })).promo_type).toBe('invalid');
    expect(errorsOf(validCustomerForm({ program: 94, promo_type: 1 })).promo_type).toBe('invalid');
    expect(errorsOf(validCustomerForm({ receivable_type: 8 })).receivable_type).toBe('invalid');
    expect(errorsOf(validCustomerForm({ receivable_type: 0, funding_cycle: 0, bill_cycle: 3 })).bill_cycle).toBe('invalid');
    expect(errorsOf(validCustomerForm({ receivable_type: 0, funding_cycle: 0, bill_cycle: 1, pay_days: 7 })).pay_days).toBe('invalid');
    expect(errorsOf(validCustomerForm({ receivable_type: 0, funding_cycle: 0, bill_cycle: 0, pay_days: 21 }))).toEqual({});
  });

  it('funding cycle: required for a funded receivable, never with a disabled one, never none when offered', () => {
    expect(errorsOf(validCustomerForm({ funding_cycle: null })).funding_cycle).toBe('required');
    expect(errorsOf(validCustomerForm({ funding_cycle: 0 })).funding_cycle).toBe('invalid');
    expect(errorsOf(validCustomerForm({ receivable_type: 4, funding_cycle: 1 })).funding_cycle).toBe('invalid');
    expect(errorsOf(validCustomerForm({ receivable_type: 4, funding_cycle: 0 }))).toEqual({});
  });

  it('centralized holds the value its promo or receivable sets', () => {
    expect(errorsOf(validCustomerForm({ promo_type: 1, receivable_type: 3, centralized: true })).centralized).toBe('invalid');
    expect(errorsOf(validCustomerForm({ receivable_type: 5, funding_cycle: 0, centralized: true })).centralized).toBe('invalid');
    expect(errorsOf(validCustomerForm({ receivable_type: 5, funding_cycle: 0, centralized: false }))).toEqual({});
  });

  it.each([
    [1, 'ON', 'M5H 1A1', '4165550111'],
    [2, 'JAL', '44100', '3312345678'],
    [3, 'BS-NP', 'N-1234', '2423221234'],
  ] as const)('country %i: phone and zip checked for that country', (country, state, zip, phone) => {
    const currency = country === 1 ? 1 : 0;
    expect(errorsOf(validCustomerForm({ country, currency, state, zip, phone }))).toEqual({});
    if (country !== 3) expect(errorsOf(validCustomerForm({ country, currency, state, zip: '1234567', phone })).zip).toBe('zipCode');
    expect(errorsOf(validCustomerForm({ country, currency, state, zip, phone: '12345' })).phone).toBe('phone');
  });
});

describe('bank numbers are masked to their last four digits', () => {
  it.each([
    ['000123456789', '•••• 6789'],
    ['071000013', '•••• 0013'],
    ['123', '•••• 123'],
    ['', null],
    [null, null],
  ])('%s → %s', (value, masked) => {
    expect(maskLast4(value)).toBe(masked);
  });
});

describe('a body that is not an object', () => {
  it.each([null, undefined, '', 42, []])('%o is refused, not thrown on', (body) => {
    expect(createCustomerSchema.safeParse(body).success).toBe(false);
  });
});
