import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PROMOTIONS, formatLongDate, formatMonthYear, formatNumber } from '@fc/contract';
import { useAppConfig } from '@/lib/session/app-config';

/** A YYYY-MM-DD (or YYYY-MM) calendar day, which the formatting layer never moves to another day. */
const day = (iso: string) => (iso.length === 7 ? `${iso}-01` : iso);

/**
 * The values of the promotion copy (credit-back and bonus offers) from the app config, formatted for the
 * page's language: dates in full ("April 1, 2025", "1 de abril de 2025"), the issue month ("January 2026"),
 * amounts with the language's grouping. Until the config answers, the specification's offers.
 */
export function usePromotion() {
  const { i18n } = useTranslation();
  const { data: config } = useAppConfig();
  const p = config?.promotions ?? DEFAULT_PROMOTIONS;
  const lang = i18n.language;
  return useMemo(() => {
    const date = { format: (d: string) => formatLongDate(d, lang) };
    const month = { format: (d: string) => formatMonthYear(d, lang) };
    const num = { format: (n: number) => formatNumber(n, lang, { maximumFractionDigits: 2, useGrouping: 'always' }) };
    const { creditBack: c, bonus: b } = p;
    return {
      percent: num.format(c.percent),
      from: date.format(day(c.from)),
      to: date.format(day(c.to)),
      issued: month.format(day(c.issued)),
      bonusFrom: date.format(day(b.from)),
      firstTo: date.format(day(b.firstTo)),
      firstSpend: num.format(b.firstSpend),
      firstCredit: num.format(b.firstCredit),
      bonusTo: date.format(day(b.to)),
      secondSpend: num.format(b.secondSpend),
      secondCredit: num.format(b.secondCredit),
      totalCredit: num.format(b.firstCredit + b.secondCredit),
    };
  }, [p, lang]);
}
