import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatPercent, formatRate, parseMsg } from '@fc/contract';
import i18n, { translateValidation } from '@/lib/i18n';

/** A form error holding the server's own text rather than a message key (section 8: "shown with the server message"). */
const SERVER_TEXT = 'server-text:';
export const serverText = (detail: string) => `${SERVER_TEXT}${detail}`;

/** Whether this feature has a text for a code, plain or with plural forms (date-too-far_one, _other). */
const hasLoyaltyCode = (code: string) =>
  i18n.exists(`corp-loyalty:codes.${code}`) || i18n.exists(`corp-loyalty:codes.${code}`, { count: 2 });

/** Whether a code has a text of its own in this feature or in `validation`. */
export function isKnownCode(code: string | undefined): boolean {
  return !!code && (hasLoyaltyCode(code) || i18n.exists(`validation:${code}`));
}

/**
 * Texts of contract messages for this feature: the loyalty codes (ALP.., ALB.., past-date, ...) and this
 * feature's validation keys from the `corp-loyalty` namespace, the rest from `validation`.
 */
export function useLoyaltyText() {
  const { t } = useTranslation('corp-loyalty');
  return useCallback(
    (message: string | undefined, fieldLabel?: string): string => {
      if (!message) return '';
      if (message.startsWith(SERVER_TEXT)) return message.slice(SERVER_TEXT.length);
      const { key, params } = parseMsg(message);
      // A number of years is said with its plural form ("1 year", "2 years"): i18next chooses by `count`.
      const count = params.years === undefined ? {} : { count: Number(params.years) };
      if (hasLoyaltyCode(key)) return t(`codes.${key}`, { ...params, ...count, field: fieldLabel ?? t('this-field') });
      return translateValidation(message, fieldLabel);
    },
    [t],
  );
}

/**
 * Money in the programme's currency (currency 0 is the system currency, USD; 1 is CAD), percents and
 * timestamps, through the one formatting layer (decision 0400): numbers in the interface language, times
 * MM/dd/yyyy HH:mm:ss in every language.
 */
export function useFormats() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(
    () => ({
      money: (amount: number | null | undefined, currency = 0) => formatMoney(amount, currency === 1 ? 1 : 0, lang),
      /** A percent value (0 to 100). */
      percent: (value: number | null | undefined) => formatPercent(value, lang, { maximumFractionDigits: 2 }),
      /** A fraction as a percent. */
      rate: (fraction: number | null | undefined) => formatRate(fraction, lang),
      timestamp: (iso: string | null | undefined) => formatDateTime(iso),
    }),
    [lang],
  );
}
