import { describe, expect, it } from 'vitest';
import { checkTransactionRow, rowMessageText } from './index';

const row = (over: Record<string, string>) => ({
  cust_no: '10001',
  date: '20261120',
  invoice: 'INV-1',
  item_code: 'IC-1',
  amount: '12.50',
  currency: 'USD',
  ...over,
});

describe('negative amounts in a transactions file (decision 0301)', () => {
  it('a negative amount without a credit flag or a reversal is a row error, in every language', () => {
    const check = checkTransactionRow(row({ amount: '-50000.00' }));
    expect(check).toEqual({ ok: false, message: { code: 'negative-not-credit', values: { value: '-50000.00' } } });
    if (check.ok) return;
    expect(rowMessageText('en-us', { ...check.message, line: 4 })).toBe(
      'Line 4: amount "-50000.00" is negative, but the row is neither a credit (credit Y) nor a reversal (reverses names the invoice)',
    );
    expect(rowMessageText('es', check.message)).toContain('es negativo');
    expect(rowMessageText('fr', check.message)).toContain('est négatif');
    expect(checkTransactionRow(row({ amount: '-1.00', credit: 'N', reverses: '' })).ok).toBe(false);
  });

  it('a credit (credit Y) or a reversal naming an invoice is taken; the job checks the invoice exists', () => {
    expect(checkTransactionRow(row({ amount: '-20.50', credit: 'y' }))).toMatchObject({ ok: true, cents: -2050, reverses: null });
    expect(checkTransactionRow(row({ amount: '-20.50', reverses: 'INV-0' }))).toMatchObject({ ok: true, cents: -2050, reverses: 'INV-0' });
    // A positive amount needs neither; a reversal column on it is not a reversal.
    expect(checkTransactionRow(row({ reverses: 'INV-0' }))).toMatchObject({ ok: true, cents: 1250, reverses: null });
  });

  it('a credit flag other than Y or N, or an over-long reversed invoice, is a row error', () => {
    expect(checkTransactionRow(row({ amount: '-1.00', credit: 'maybe' }))).toMatchObject({
      ok: false,
      message: { code: 'credit-invalid' },
    });
    expect(checkTransactionRow(row({ amount: '-1.00', reverses: 'X'.repeat(31) }))).toMatchObject({
      ok: false,
      message: { code: 'reverses-invalid' },
    });
  });
});
