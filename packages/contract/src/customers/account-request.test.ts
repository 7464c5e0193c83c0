import { describe, expect, it } from 'vitest';
import { accountRequestSchema, emptyAccountRequest, isAccountRequestComplete } from './account-request';
import { validAccountRequest as valid } from '../testing';
import { countryOfState, formatPhoneNational, isValidZip, STATES } from './address';

function errorsOf(form: unknown) {
  const r = accountRequestSchema.safeParse(form);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('request account form', () => {
  it('accepts a complete request in each country', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, state: 'ON', zip: 'M5H 1A1', phone: '416 555 0111' })).toEqual({});
    expect(errorsOf({ ...valid, state: 'NLE', zip: '64000', phone: '81 1234 5678' })).toEqual({});
    expect(errorsOf({ ...valid, state: 'BS-NP', zip: 'anything', phone: '242 322 1234' })).toEqual({});
  });

  it('every field is required', () => {
    const errors = errorsOf(emptyAccountRequest());
    for (const f of Object.keys(valid)) expect(errors[f], f).toBe('required');
  });

  it.each([
    ['full_name', 61, 60],
    ['job_title', 61, 60],
    ['phone', 21, 20],
    ['email', 201, 200],
    ['account_number', 6, 5],
    ['company_name', 61, 60],
    ['address', 31, 30],
    ['city', 31, 30],
    ['zip', 11, 10],
  ] as const)('%s longer than its maximum', (field, length, max) => {
    expect(errorsOf({ ...valid, [field]: '1'.repeat(length) })[field]).toBe(`maxLength|max=${max}`);
  });

  it.each([
    ['email', 'nope', 'email'],
    ['account_number', '12a', 'integer'],
    ['account_number', '1.5', 'integer'],
    ['state', 'ZZ', 'invalid'],
    ['phone', '555', 'phone'],
    ['zip', '6053', 'zipCode'],
    ['zip', 'M5H 1A1', 'zipCode'],
  ] as const)('%s = %s: %s', (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })[field]).toBe(message);
  });

  it('the phone is checked for the country of the chosen state', () => {
    // A Canadian number is valid with a Canadian province; a Bahamas number (area code 242) is not a US number.
    expect(errorsOf({ ...valid, state: 'ON', zip: 'K1A 0B1', phone: '6135550111' })).toEqual({});
    expect(errorsOf({ ...valid, phone: '2423221234' }).phone).toBe('phone');
    expect(errorsOf({ ...valid, state: 'BS-NP', zip: 'N-1', phone: '2423221234' })).toEqual({});
  });

  it('submit is enabled only when every field holds something', () => {
    expect(isAccountRequestComplete(valid)).toBe(true);
    expect(isAccountRequestComplete({ ...valid, state: '' })).toBe(false);
    expect(isAccountRequestComplete({ ...valid, city: '   ' })).toBe(false);
  });
});

describe('addresses', () => {
  it('every state value is unique and belongs to US, CA, MX or BS', () => {
    expect(new Set(STATES.map((s) => s.value)).size).toBe(STATES.length);
    expect(new Set(STATES.map((s) => s.country))).toEqual(new Set(['US', 'CA', 'MX', 'BS']));
  });

  it('the country of a state; US by default', () => {
    expect(countryOfState('ON')).toBe('CA');
    expect(countryOfState('jal')).toBe('MX');
    expect(countryOfState('BS-NP')).toBe('BS');
    expect(countryOfState('')).toBe('US');
  });

  it.each([
    ['US', '60532', true],
    ['US', '60532-1234', true],
    ['US', '605321234', false],
    ['CA', 'M5H 1A1', true],
    ['CA', 'm5h1a1', true],
    ['CA', '12345', false],
    ['MX', '44100', true],
    ['MX', '4410', false],
    ['BS', 'N-1234', true],
  ] as const)('zip %s %s: %s', (country, zip, ok) => {
    expect(isValidZip(zip, country)).toBe(ok);
  });

  it('phones in national format by country', () => {
    expect(formatPhoneNational('6305550100', 'US')).toBe('(630) 555-0100');
    expect(formatPhoneNational('4165550111', 'CA')).toBe('(416) 555-0111');
    expect(formatPhoneNational('', 'US')).toBe('');
  });
});
