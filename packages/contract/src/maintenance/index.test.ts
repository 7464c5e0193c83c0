import { describe, expect, it } from 'vitest';
import {
  checkCoreRow,
  verifyCorePrice,
  coreUploadMessage,
  estesExportFileName,
  estesMappingSchema,
  formatTaxPercent,
  isTaxRateExpired,
  parseCoreDate,
  partsSearchFormSchema,
  percentToFraction,
  taxAddFormSchema,
  taxExpireFormSchema,
  toTaxCreatePayload,
} from './index';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? undefined : `${r.error!.issues[0]!.path.join('.')}:${r.error!.issues[0]!.message}`;

describe('parts search and add', () => {
  it.each([
    [{ part: 'ee123456', type: 'estes' }, undefined],
    [{ part: 'EE12345', type: 'estes' }, 'part:regex-format'],
    [{ part: 'EE1234567890', type: 'estes' }, 'part:regex-format'],
    [{ part: '2505384c1', type: 'international' }, undefined],
    [{ part: 'A B-C./D', type: 'international' }, undefined],
    [{ part: 'A_B', type: 'international' }, 'part:regex-format'],
    [{ part: '', type: 'international' }, 'part:required'],
    [{ part: 'A'.repeat(21), type: 'international' }, 'part:maxLength|max=20'],
    [{ part: 'A', type: '' }, 'type:required'],
  ])('%j: %s', (input, expected) => {
    expect(firstMessage(partsSearchFormSchema.safeParse(input))).toBe(expected);
  });

  it('uppercases on send', () => {
    expect(partsSearchFormSchema.parse({ part: ' ee12ab34 ', type: 'estes' }).part).toBe('EE12AB34');
    expect(estesMappingSchema.parse({ part_no: 'alt-12v/160', custom_part_no: 'eealt12v16' })).toEqual({
      part_no: 'ALT-12V/160',
      custom_part_no: 'EEALT12V16',
    });
  });

  it('names the export EstesParts_{MMDDYYYY}.csv', () => {
    expect(estesExportFileName(new Date(2026, 0, 5))).toBe('EstesParts_01052026.csv');
  });
});

describe('tax', () => {
  const today = '20261122';
  const valid = { cust_no: '10001', program: '96', cust_location: '001', tax_rate: '7.25', effective_date: '11/22/2026', expiry_date: '' };

  it('accepts a valid add form and turns it into the create payload', () => {
    expect(taxAddFormSchema(today).safeParse(valid).success).toBe(true);
    expect(toTaxCreatePayload({ ...valid, expiry_date: '12/31/2026' })).toEqual({
      cust_no: 10001,
      program: 96,
      cust_location: '001',
      tax_rate: 0.0725,
      effective_date: '20261122',
      expiry_date: '20261231',
    });
    expect(toTaxCreatePayload(valid)).not.toHaveProperty('expiry_date');
  });

  it.each([
    [{ cust_no: '' }, 'cust_no:required'],
    [{ cust_no: '10a' }, 'cust_no:numeric'],
    [{ cust_no: '123456' }, 'cust_no:maxLength|max=5'],
    [{ program: '' }, 'program:required'],
    [{ cust_location: '01' }, 'cust_location:location-format'],
    [{ tax_rate: '100.01' }, 'tax_rate:decimal-range|min=0&max=100'],
    [{ tax_rate: 'abc' }, 'tax_rate:decimal-range|min=0&max=100'],
    [{ effective_date: '2026-11-22' }, 'effective_date:date-format|format=MM/DD/YYYY'],
    [{ effective_date: '02/30/2027' }, 'effective_date:date-format|format=MM/DD/YYYY'],
    [{ effective_date: '11/21/2026' }, 'effective_date:past-date'],
    [{ expiry_date: '11/21/2026', effective_date: '11/22/2026' }, 'expiry_date:past-date'],
    [{ expiry_date: '12/01/2026', effective_date: '12/02/2026' }, 'expiry_date:expiry-before-effective'],
  ])('refuses %j with %s', (change, expected) => {
    expect(firstMessage(taxAddFormSchema(today).safeParse({ ...valid, ...change }))).toBe(expected);
  });

  it('expire form: required, MM/DD/YYYY, not in the past', () => {
    expect(firstMessage(taxExpireFormSchema(today).safeParse({ expiry_date: '' }))).toBe('expiry_date:required');
    expect(firstMessage(taxExpireFormSchema(today).safeParse({ expiry_date: '13/01/2026' }))).toBe(
      'expiry_date:date-format|format=MM/DD/YYYY',
    );
    expect(firstMessage(taxExpireFormSchema(today).safeParse({ expiry_date: '11/21/2026' }))).toBe('expiry_date:past-date');
    expect(taxExpireFormSchema(today).safeParse({ expiry_date: '11/22/2026' }).success).toBe(true);
  });

  it('percent and fraction', () => {
    expect(percentToFraction(7.25)).toBe(0.0725);
    expect(percentToFraction(100)).toBe(1);
    expect(percentToFraction(8.875)).toBe(0.08875);
    expect(formatTaxPercent('0.072500')).toBe('7.25');
    expect(formatTaxPercent(0.13)).toBe('13.00');
    expect(formatTaxPercent(null)).toBe('');
  });

  it('a rate is expired once its expiry is before today', () => {
    expect(isTaxRateExpired(null, today)).toBe(false);
    expect(isTaxRateExpired('2026-11-22', today)).toBe(false);
    expect(isTaxRateExpired('2026-11-21', today)).toBe(true);
  });
});

describe('core rows', () => {
  it('parses the dates a spreadsheet writes', () => {
    expect(parseCoreDate('1/5/2027')).toBe('2027-01-05');
    expect(parseCoreDate('01/05/2027')).toBe('2027-01-05');
    expect(parseCoreDate('20270105')).toBe('2027-01-05');
    expect(parseCoreDate('2027-01-05')).toBe('2027-01-05');
    expect(parseCoreDate('2/30/2027')).toBeNull();
    expect(parseCoreDate('tomorrow')).toBeNull();
  });

  it('checks one row and names every problem', () => {
    expect(checkCoreRow({ cust_no: '10001', part_no: 'abc-1', effective_date: '1/1/2027', expiry_date: '', status: '' })).toEqual({
      ok: true,
      custNo: 10001,
      partNo: 'ABC-1',
      effectiveDate: '2027-01-01',
      expiryDate: null,
      status: 'A',
      price: null,
    });
    const bad = checkCoreRow({ cust_no: 'x', part_no: '', effective_date: '1/1/2027', expiry_date: '12/31/2026', status: 'Q' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => p.column)).toEqual(['cust_no', 'part_no', 'expiry_date', 'status']);
  });

  it('reads a price in Price Verify files only', () => {
    const row = { cust_no: '10001', part_no: '3544390C91', effective_date: '1/1/2027', price: '80.5' };
    expect(checkCoreRow(row, { priceVerify: true })).toMatchObject({ ok: true, price: '80.5' });
    expect(checkCoreRow(row)).toMatchObject({ ok: true, price: null });
    expect(checkCoreRow({ ...row, price: 'abc' })).toMatchObject({ ok: true, price: null });
    for (const price of ['abc', '1.234', '-5', '0', '0.00']) {
      const bad = checkCoreRow({ ...row, price }, { priceVerify: true });
      expect(!bad.ok && bad.problems).toEqual([{ column: 'price', value: price, reason: { code: 'core-price-invalid' } }]);
    }
  });

  it('verifies a Price Verify price against the programme price', () => {
    expect(verifyCorePrice('3544390C91', '84.50', '84.50')).toEqual({ ok: true, price: '84.50' });
    expect(verifyCorePrice('3544390C91', '80.5', '84.50')).toEqual({ ok: true, price: '80.50' });
    expect(verifyCorePrice('3544390C91', null, '84.50')).toEqual({ ok: true, price: '84.50' });
    expect(verifyCorePrice('3544390C91', '84.51', '84.50')).toEqual({
      ok: false,
      problem: {
        column: 'price',
        value: '84.51',
        reason: { code: 'price-above-program', values: { price: '84.51', programPrice: '84.50', part: '3544390C91' } },
      },
    });
    expect(verifyCorePrice('X-1', '10', null)).toEqual({
      ok: false,
      problem: { column: 'part_no', value: 'X-1', reason: { code: 'no-program-price', values: { part: 'X-1' } } },
    });
  });

  it('maps an upload failure to its message', () => {
    expect(coreUploadMessage('ACP03')).toBe('ACP03');
    expect(coreUploadMessage('internal')).toBe('core-upload-unknown');
    expect(coreUploadMessage(undefined)).toBe('ACP02');
    // A failed request is an upload error: no answer, or a server failure without a code of the page's.
    expect(coreUploadMessage('internal', 500)).toBe('ACP02');
    expect(coreUploadMessage('500', 500)).toBe('ACP02');
    expect(coreUploadMessage(undefined, 0)).toBe('ACP02');
    expect(coreUploadMessage('ACP03', 500)).toBe('ACP03');
    expect(coreUploadMessage('file-odd', 400)).toBe('core-upload-unknown');
  });
});
