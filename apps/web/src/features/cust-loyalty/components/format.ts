import { currencyCode } from '@fc/contract/loyalty';

/** The BCP 47 tag of an app language ('en-us' → 'en-US'). */
const tag = (language: string) => language.replace(/-([a-z]+)$/, (_, r: string) => `-${r.toUpperCase()}`);

/**
 * An amount in the programme's currency (0 USD, 1 CAD), in the user's language. `code: true` names the
 * currency by its ISO code ("USD 7,835.40", "7 835,40 USD"), once: for a label that must say which
 * currency the amount is in, where the symbol alone is ambiguous ("$" in en-us). A text must not add the
 * code again ("7 835,40 $US USD" in French, issue 17).
 */
export function formatMoney(amount: number, currency: number, language: string, opts: { code?: boolean } = {}): string {
  return new Intl.NumberFormat(tag(language), {
    style: 'currency',
    currency: currencyCode(currency),
    ...(opts.code ? { currencyDisplay: 'code' as const } : {}),
  }).format(amount);
}

/** A rate sent as a fraction (0.025) as a percentage ('2.5 %' in the user's language). */
export function formatRate(fraction: number, language: string): string {
  return new Intl.NumberFormat(tag(language), { style: 'percent', maximumFractionDigits: 4 }).format(fraction);
}
