/**
 * Enumerations (CUST-05). Where the specification gives no values (bank account types,
 * purchase types, transaction and late grace days, pay days, payment types other than EFT, express mail
 * carriers, address types other than 2), docs/decisions/0010-customers-accounts-and-audit.md records ours.
 * Labels here are the English defaults; the web app translates them under customers:options.<list>.<value>.
 */
export interface Option<V extends number | string = number> {
  value: V;
  label: string;
}

export const BillCycle = { Biweekly: 0, Weekly: 1, Daily: 2, Eft: 3 } as const;
export const BILL_CYCLES: readonly Option[] = [
  { value: 0, label: 'Biweekly' },
  { value: 1, label: 'Weekly' },
  { value: 2, label: 'Daily' },
  { value: 3, label: 'EFT' },
];

export const Country = { US: 0, Canada: 1, Mexico: 2, Bahamas: 3 } as const;
export type CountryCode = 'US' | 'CA' | 'MX' | 'BS';
export const COUNTRIES: readonly (Option & { iso: CountryCode })[] = [
  { value: 0, label: 'United States', iso: 'US' },
  { value: 1, label: 'Canada', iso: 'CA' },
  { value: 2, label: 'Mexico', iso: 'MX' },
  { value: 3, label: 'Bahamas', iso: 'BS' },
];
export function countryIso(country: number | null | undefined): CountryCode {
  return COUNTRIES.find((c) => c.value === country)?.iso ?? 'US';
}

/** Currency 1 is Canadian dollars; 0 is the system currency (US dollars). */
export const Currency = { USD: 0, CAD: 1 } as const;
export const CURRENCIES: readonly Option[] = [
  { value: 0, label: 'US dollars' },
  { value: 1, label: 'Canadian dollars' },
];

export const ReceivableType = {
  MultiService: 0,
  Navistar: 1,
  OtherReceivable: 3,
  BankCard: 4,
  MerchantPaid: 5,
  PassThrough: 7,
  Recourse: 8,
} as const;
export const RECEIVABLE_TYPES: readonly Option[] = [
  { value: 0, label: 'Multi-service' },
  { value: 1, label: 'Navistar' },
  { value: 3, label: 'Other receivable' },
  { value: 4, label: 'Bank card' },
  { value: 5, label: 'Merchant paid' },
  { value: 7, label: 'Pass through' },
  { value: 8, label: 'Recourse' },
];

export const PromoType = { Normal: 0, InternationalAdvantage: 1, FcOne: 2, AlsoListed: 3 } as const;
export const PROMO_TYPES: readonly Option[] = [
  { value: 0, label: 'Normal' },
  { value: 1, label: 'International advantage' },
  { value: 2, label: 'FC One' },
  { value: 3, label: 'Also listed' },
];

export const Program = { Core: 5, Select: 94, Brand: 96, Advantage: 97 } as const;
/** 96 is the programme named after the product ({product}); the web app fills in the brand name. */
export const PROGRAMS: readonly Option[] = [
  { value: 5, label: 'Core' },
  { value: 94, label: 'Select' },
  { value: 96, label: '{brand}' },
  { value: 97, label: 'Advantage' },
];

export const Funding = { None: 0, Biweekly7: 1 } as const;
export const FUNDING_CYCLES: readonly Option[] = [
  { value: 0, label: 'None' },
  { value: 1, label: 'Biweekly-7' },
];

export const PriceLevel = { None: 0, National: 2, Core: 5 } as const;
export const PRICE_LEVELS: readonly Option[] = [
  { value: 0, label: 'None' },
  { value: 2, label: 'National' },
  { value: 5, label: 'Core' },
];

export const ExpressMail = { Regular: 0 } as const;
export const EXPRESS_MAIL_TYPES: readonly Option[] = [
  { value: 0, label: 'Regular mail' },
  { value: 1, label: 'FedEx' },
  { value: 2, label: 'UPS' },
  { value: 3, label: 'DHL' },
];

export const DEFAULT_ADDRESS_TYPE = 2;
export const ADDRESS_TYPES: readonly Option[] = [
  { value: 0, label: 'Physical' },
  { value: 1, label: 'Mailing' },
  { value: 2, label: 'Billing' },
];

export const PaymentType = { Eft: 3 } as const;
export const PAYMENT_TYPES: readonly Option[] = [
  { value: 0, label: 'Check' },
  { value: 1, label: 'Wire transfer' },
  { value: 2, label: 'Lockbox' },
  { value: 3, label: 'EFT' },
];

export const BANK_ACCOUNT_TYPES: readonly Option[] = [
  { value: 0, label: 'Checking' },
  { value: 1, label: 'Savings' },
];

export const PURCHASE_TYPES: readonly Option[] = [
  { value: 0, label: 'Parts only' },
  { value: 1, label: 'Parts and service' },
  { value: 2, label: 'Service only' },
];

/** Session language codes (I18N-02): 0 English US, 1 Spanish, 2 French. */
export const LANGUAGE_OPTIONS: readonly Option[] = [
  { value: 0, label: 'English (US)' },
  { value: 1, label: 'Spanish' },
  { value: 2, label: 'French' },
];

export const TRX_GRACE_DAYS: readonly Option[] = [0, 1, 2, 3, 5, 7, 10].map((d) => ({ value: d, label: String(d) }));
export const LATE_GRACE_DAYS: readonly Option[] = [0, 5, 10, 15, 30].map((d) => ({ value: d, label: String(d) }));

/** Sub-group keys (PREQ-04): 0 none, 1 card determines location, 2 PO contains location, 3 unit contains location. */
export const SubGroupKey = { None: 0, CardDeterminesLocation: 1, PoContainsLocation: 2, UnitContainsLocation: 3 } as const;
export const SUB_GROUP_KEYS: readonly Option[] = [
  { value: 0, label: 'None' },
  { value: 1, label: 'Card determines location' },
  { value: 2, label: 'PO contains location' },
  { value: 3, label: 'Unit contains location' },
];

/**
 * Every pay day code: the multi-service sets (CUST-11) (7, 20, 21, 23, 30, 45; 10, 24, 27, 34;
 * 14, 27, 30, 37) and, for daily billing of other receivables, the short terms 0 and 2 (pay day 0 or more;
 * at least 4 with EFT).
 */
export const PAY_DAY_VALUES = [0, 2, 4, 7, 10, 14, 20, 21, 23, 24, 27, 30, 34, 37, 45] as const;
export const PAY_DAYS: readonly Option[] = PAY_DAY_VALUES.map((d) => ({ value: d, label: String(d) }));

export const labelOf = (options: readonly Option[], value: number | null | undefined): string =>
  options.find((o) => o.value === value)?.label ?? (value == null ? '' : String(value));
