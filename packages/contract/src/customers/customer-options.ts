import {
  BILL_CYCLES,
  BillCycle,
  Currency,
  ExpressMail,
  Funding,
  PAY_DAY_VALUES,
  PaymentType,
  PriceLevel,
  PROMO_TYPES,
  PromoType,
  RECEIVABLE_TYPES,
  ReceivableType,
  type Option,
} from './enums';

// The create customer form’s filtered option lists and the states of its fields (CUST-07 to CUST-13).

const pick = (options: readonly Option[], allowed: readonly number[]) => options.filter((o) => allowed.includes(o.value));

/** Whether a choice is one a filtered list offers (nothing chosen always is). */
export const inOptionList = (options: readonly Option[], v: number | null) => v === null || options.some((o) => o.value === v);

// ---------------------------------------------------------------- filtered option lists (CUST-07 to CUST-12)

/** Program 94 drops the international advantage promo; program 97 allows only the normal promo. */
export function promoOptions(program: number | null | undefined): Option[] {
  if (program === 97) return pick(PROMO_TYPES, [PromoType.Normal]);
  if (program === 94) return PROMO_TYPES.filter((o) => o.value !== PromoType.InternationalAdvantage);
  return [...PROMO_TYPES];
}

/** Promo 1 allows only other receivable, promo 2 only recourse; otherwise both are hidden. */
export function receivableOptions(promo: number | null | undefined): Option[] {
  if (promo === PromoType.InternationalAdvantage) return pick(RECEIVABLE_TYPES, [ReceivableType.OtherReceivable]);
  if (promo === PromoType.FcOne) return pick(RECEIVABLE_TYPES, [ReceivableType.Recourse]);
  return RECEIVABLE_TYPES.filter((o) => o.value !== ReceivableType.OtherReceivable && o.value !== ReceivableType.Recourse);
}

/** Funding none is never offered. */
export function fundingOptions(): Option[] {
  return FUNDING_CYCLES_OFFERED;
}
const FUNDING_CYCLES_OFFERED: Option[] = [{ value: Funding.Biweekly7, label: 'Biweekly-7' }];

/** The core price level is never offered. */
export function priceLevelOptions(): Option[] {
  return [
    { value: PriceLevel.None, label: 'None' },
    { value: PriceLevel.National, label: 'National' },
  ];
}

export const BILL_CYCLE_OPTIONS = BILL_CYCLES;

/** Multi-service receivables bill only biweekly, weekly or daily. */
export function billCycleOptions(receivable: number | null | undefined): Option[] {
  if (receivable === ReceivableType.MultiService) return BILL_CYCLE_OPTIONS.filter((o) => o.value !== BillCycle.Eft);
  return [...BILL_CYCLE_OPTIONS];
}

/** Pay-day sets of multi-service receivables per bill cycle; 21 stays offered for biweekly when already chosen. */
export const MULTI_SERVICE_PAY_DAYS: Readonly<Record<number, readonly number[]>> = {
  [BillCycle.Biweekly]: [7, 20, 23, 30, 45],
  [BillCycle.Weekly]: [10, 24, 27, 34],
  [BillCycle.Daily]: [14, 27, 30, 37],
};

export function payDayOptions(
  receivable: number | null | undefined,
  billCycle: number | null | undefined,
  current: number | null | undefined,
): Option[] {
  const label = (d: number): Option => ({ value: d, label: String(d) });
  if (receivable !== ReceivableType.MultiService) return PAY_DAY_VALUES.map(label);
  if (billCycle === null || billCycle === undefined) return [];
  const set = [...(MULTI_SERVICE_PAY_DAYS[billCycle] ?? [])];
  if (billCycle === BillCycle.Biweekly && current === 21) set.push(21);
  // In numeric order: 21 comes after 20, not after 7 (issue 17).
  return set.sort((a, b) => a - b).map(label);
}

// ---------------------------------------------------------------- enabled and required states

const FUNDING_DISABLED: readonly number[] = [
  ReceivableType.MultiService,
  ReceivableType.BankCard,
  ReceivableType.MerchantPaid,
  ReceivableType.PassThrough,
];

/** Funding cycle is disabled for multi-service, bank card, merchant paid and pass through. */
export function isFundingDisabled(receivable: number | null | undefined): boolean {
  return receivable !== null && receivable !== undefined && FUNDING_DISABLED.includes(receivable);
}

/** Otherwise it is required once a receivable is chosen. */
export function isFundingRequired(receivable: number | null | undefined): boolean {
  return receivable !== null && receivable !== undefined && !FUNDING_DISABLED.includes(receivable);
}

/** Centralized billing is disabled for promo 1 or 2, or a merchant-paid receivable. */
export function isCentralizedDisabled(promo: number | null | undefined, receivable: number | null | undefined): boolean {
  return promo === PromoType.InternationalAdvantage || promo === PromoType.FcOne || receivable === ReceivableType.MerchantPaid;
}

/** The value a disabled centralized box holds: set by the promo or receivable that disabled it. */
export function forcedCentralized(promo: number | null | undefined, receivable: number | null | undefined): boolean | undefined {
  if (promo === PromoType.InternationalAdvantage || receivable === ReceivableType.MerchantPaid) return false;
  if (promo === PromoType.FcOne) return true;
  return undefined;
}

export const isBankRequired = (paymentType: number | null | undefined) => paymentType === PaymentType.Eft;
export const isExpressMailIdRequired = (type: number | null | undefined) =>
  type !== null && type !== undefined && type !== ExpressMail.Regular;

/** Which of the create customer form's fields the other choices make required or disabled (CUST-09 to CUST-12). */
export function customerFieldRules(form: {
  receivable_type: number | null;
  promo_type: number | null;
  payment_type: number | null;
  express_mail_type: number | null;
}) {
  return {
    fundingDisabled: isFundingDisabled(form.receivable_type),
    fundingRequired: isFundingRequired(form.receivable_type),
    centralizedDisabled: isCentralizedDisabled(form.promo_type, form.receivable_type),
    bankRequired: isBankRequired(form.payment_type),
    expressMailIdRequired: isExpressMailIdRequired(form.express_mail_type),
  };
}

/** Canadian dollars for a country other than Canada, or another currency for Canada: ask to confirm. */
export function currencyMismatch(currency: number | null | undefined, country: number | null | undefined): boolean {
  if (currency === null || currency === undefined || country === null || country === undefined) return false;
  return (currency === Currency.CAD) !== (country === 1);
}

/** Daily billing: pay day at least 4 with EFT payment, otherwise 0 or more (message payDays). */
export function minimumPayDay(billCycle: number | null | undefined, paymentType: number | null | undefined): number {
  return billCycle === BillCycle.Daily && paymentType === PaymentType.Eft ? 4 : 0;
}
