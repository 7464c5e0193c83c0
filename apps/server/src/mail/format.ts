import type { Language } from '@fc/contract';

/**
 * Dates and numbers in e-mails, in the recipient's language. A time is said in UTC (and says so): the
 * portal does not know the recipient's time zone.
 */
const LOCALE: Record<Language, string> = { 'en-us': 'en-US', es: 'es', fr: 'fr' };

/** A long date and time, e.g. "November 26, 2026 at 10:15 AM UTC", "26 de noviembre de 2026, 10:15 UTC". */
export function mailDateTime(at: Date | string, language: Language): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return `${new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

export function mailNumber(n: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language]).format(n);
}

export function pluralCategory(n: number, language: Language): Intl.LDMLPluralRule {
  return new Intl.PluralRules(LOCALE[language]).select(n);
}
