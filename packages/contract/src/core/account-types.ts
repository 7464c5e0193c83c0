/** Account types of the programme (AUTH-01). */
export const AccountType = { Corporate: 0, Merchant: 1, Customer: 2 } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];
export const ACCOUNT_TYPES: readonly AccountType[] = [0, 1, 2];

/** The `{type}` path segment of login, request and welcome routes. */
export const AccountTypeSlug = { 0: 'corp', 1: 'merc', 2: 'cust' } as const satisfies Record<AccountType, string>;
export type AccountTypeSlug = (typeof AccountTypeSlug)[AccountType];
export const SLUG_TO_ACCOUNT_TYPE: Record<AccountTypeSlug, AccountType> = { corp: 0, merc: 1, cust: 2 };

export function isAccountType(value: unknown): value is AccountType {
  return value === 0 || value === 1 || value === 2;
}

/** Session language codes: 0 English US, 1 Spanish, 2 French. */
export const LANGUAGES = ['en-us', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_CODE: Record<Language, 0 | 1 | 2> = { 'en-us': 0, es: 1, fr: 2 };
export function languageFromCode(code: number | null | undefined): Language {
  return LANGUAGES[code ?? 0] ?? 'en-us';
}
