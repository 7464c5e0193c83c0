import { formatDateTime, formatLongDate, formatNumber, localeTag, type Language } from '@fc/contract';

/**
 * Dates and numbers in e-mails, through the portal's one formatting layer (`@fc/contract` format.ts): long
 * dates with the month named in the recipient's language, times on the 24-hour clock of the specification's
 * display format, numbers in the language. A time is in UTC (and the texts say so): the portal does not
 * know the recipient's time zone.
 */
const UTC = { timeZone: 'UTC' };

/** "November 26, 2026", "26 de noviembre de 2026", "26 novembre 2026". */
export const mailLongDate = (at: Date | string, language: Language) => formatLongDate(at, language, UTC);

/** "15:42" (HH:mm of MM/dd/yyyy HH:mm:ss), in UTC. */
export const mailTime = (at: Date | string, language: Language) => formatDateTime(at, language, UTC).slice(11, 16);

export const mailNumber = (n: number, language: Language) => formatNumber(n, language);

export function pluralCategory(n: number, language: Language): Intl.LDMLPluralRule {
  return new Intl.PluralRules(localeTag(language)).select(n);
}
