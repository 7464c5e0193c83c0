import { currencyCode } from '@fc/contract/loyalty';

/** The BCP 47 tag of an app language ('en-us' → 'en-US'). */
const tag = (language: string) => language.replace(/-([a-z]+)$/, (_, r: string) => `-${r.toUpperCase()}`);

/** An amount in the programme's currency (0 USD, 1 CAD), in the user's language. */
export function formatMoney(amount: number, currency: number, language: string): string {
  return new Intl.NumberFormat(tag(language), { style: 'currency', currency: currencyCode(currency) }).format(amount);
}

/** A rate sent as a fraction (0.025) as a percentage ('2.5 %' in the user's language). */
export function formatRate(fraction: number, language: string): string {
  return new Intl.NumberFormat(tag(language), { style: 'percent', maximumFractionDigits: 4 }).format(fraction);
}
