import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { CustLoyaltyProgram } from '@fc/contract/loyalty';
import { ToastProvider } from '@/components/toast';
import { i18nReady, switchLanguage } from '@/lib/i18n';
import { renderPage } from '../../../../test/render';
import { ProgramCard } from './program-card';

/** Issue 17: the spending label names its currency once ("7 835,40 $US USD" in French named it twice). */
const program: CustLoyaltyProgram = {
  custLoyaltyProgramSeq: 1,
  loyaltyProgramSeq: 1,
  loyaltyProgramName: 'Brake Rewards',
  loyaltyProgramStatus: 'Enrolled',
  startDate: '2026-01-01',
  endDate: '2099-12-31',
  currentSpend: 7835.4,
  totalPayout: 0,
  currency: 0,
  custNo: 10001,
  milestones: [{ number: '1', amount: '10000', rate: '0.02', cap: '' }],
  bundleType: null,
  bundleName: null,
};
/** Intl separates groups and the currency with no-break spaces; compare with plain ones. */
const spending = async () =>
  (await screen.findByTestId('spending-label', {}, { timeout: 10_000 })).textContent!.replace(/[\u00a0\u202f]/g, ' ');

afterAll(async () => {
  await switchLanguage('en-us');
});

describe('the spending label', () => {
  it.each([
    ['fr', 0, 'Dépenses : 7 835,40 USD'],
    ['fr', 1, 'Dépenses : 7 835,40 CAD'],
    ['es', 0, 'Gasto: 7835,40 USD'],
    ['en-us', 0, 'Spending: USD 7,835.40'],
    ['en-us', 1, 'Spending: CAD 7,835.40'],
  ] as const)('%s, currency %i: %s', async (lang, currency, text) => {
    await i18nReady;
    await switchLanguage(lang);
    renderPage(
      <ToastProvider>
        <ProgramCard program={{ ...program, currency }} />
      </ToastProvider>,
    );
    expect(await spending()).toBe(text);
  });
});
