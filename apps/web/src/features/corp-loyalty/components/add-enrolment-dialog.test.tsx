import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { stubEmptyApi } from '../../../../test/fresh-browser';
import { i18nReady, switchLanguage } from '@/lib/i18n';
import { renderPage, TEST_CONFIG } from '../../../../test/render';
import { AddEnrolmentDialog } from './add-enrolment-dialog';

// Customer options and programmes: none are needed to check the dates.
beforeEach(stubEmptyApi);
afterEach(() => {
  vi.unstubAllGlobals();
});
afterAll(async () => {
  await switchLanguage('en-us');
});

/** MM/DD/YYYY of today plus `years` years and `days` days. */
function typed(years: number, days = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() + years);
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}/${p(d.getDate())}/${d.getFullYear()}`;
}

async function submitDates(start: string, end: string, maxYears = 5) {
  renderPage(
    <ToastProvider>
      <AddEnrolmentDialog open onClose={() => {}} />
    </ToastProvider>,
    { config: { ...TEST_CONFIG, enrolmentMaxYears: maxYears } },
  );
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  const date = (name: RegExp) => within(dialog).getByRole('textbox', { name });
  fireEvent.change(date(/^(Enrolment date|Fecha de inscripción|Date d’inscription)/), { target: { value: start } });
  fireEvent.change(date(/^(Expiration date|Fecha de vencimiento|Date d’expiration)/), { target: { value: end } });
  fireEvent.click(
    within(dialog)
      .getAllByRole('button')
      .find((b) => b.getAttribute('type') === 'submit')!,
  );
  return dialog;
}

describe('enrolment dates have an upper bound (issue 17 item 3, decision 0342)', () => {
  it('12/31/9999 is refused with the configured number of years, in en-us', async () => {
    const dialog = await submitDates(typed(0), '12/31/9999');
    expect(await within(dialog).findByText('Expiration date cannot be more than 5 years from today')).toBeTruthy();
  });

  it('the limit comes from the app config: 2 years, one day past it on both dates', async () => {
    const dialog = await submitDates(typed(2, 1), typed(2, 1), 2);
    expect(await within(dialog).findByText('Enrolment date cannot be more than 2 years from today')).toBeTruthy();
    expect(within(dialog).getByText('Expiration date cannot be more than 2 years from today')).toBeTruthy();
  });

  it.each([
    ['es', 'no puede superar los 5 años a partir de hoy'],
    ['fr', 'ne peut pas dépasser 5 ans à partir d’aujourd’hui'],
  ] as const)('%s: the same message', async (lang, text) => {
    await i18nReady;
    await switchLanguage(lang);
    const dialog = await submitDates(typed(0), '12/31/9999');
    expect(await within(dialog).findByText(new RegExp(text.replace(/[’']/g, "['’]")))).toBeTruthy();
  });
});
