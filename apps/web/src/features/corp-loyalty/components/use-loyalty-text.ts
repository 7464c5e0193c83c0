import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMsg } from '@fc/contract';
import i18n, { translateValidation } from '@/lib/i18n';

/** A form error holding the server's own text rather than a message key (section 8: "shown with the server message"). */
const SERVER_TEXT = 'server-text:';
export const serverText = (detail: string) => `${SERVER_TEXT}${detail}`;

/** Whether a code has a text of its own in this feature or in `validation`. */
export function isKnownCode(code: string | undefined): boolean {
  return !!code && (i18n.exists(`corp-loyalty:codes.${code}`) || i18n.exists(`validation:${code}`));
}

/**
 * Texts of contract messages for this feature: the loyalty codes (ALP.., ALB.., past-date, ...) and this
 * feature's validation keys from the `corp-loyalty` namespace, the rest from `validation`.
 */
export function useLoyaltyText() {
  const { t, i18n } = useTranslation('corp-loyalty');
  return useCallback(
    (message: string | undefined, fieldLabel?: string): string => {
      if (!message) return '';
      if (message.startsWith(SERVER_TEXT)) return message.slice(SERVER_TEXT.length);
      const { key, params } = parseMsg(message);
      if (i18n.exists(`corp-loyalty:codes.${key}`)) return t(`codes.${key}`, { ...params, field: fieldLabel ?? t('this-field') });
      return translateValidation(message, fieldLabel);
    },
    [t, i18n],
  );
}

/** Money in the programme's currency (currency 0 is the system currency, USD; 1 is CAD), percents and dates. */
export function useFormats() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const money = [0, 1].map((c) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: c === 1 ? 'CAD' : 'USD' }));
    const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    const stamp = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
    return {
      money: (amount: number | null | undefined, currency = 0) =>
        amount === null || amount === undefined ? '' : money[currency === 1 ? 1 : 0]!.format(amount),
      /** A percent value (0 to 100). */
      percent: (value: number | null | undefined) => (value === null || value === undefined ? '' : `${percent.format(value)} %`),
      /** A fraction as a percent. */
      rate: (fraction: number | null | undefined) =>
        fraction === null || fraction === undefined ? '' : `${percent.format(Math.round(fraction * 1_000_000) / 10_000)} %`,
      timestamp: (iso: string | null | undefined) => (iso ? stamp.format(new Date(iso)) : ''),
    };
  }, [i18n.language]);
}
