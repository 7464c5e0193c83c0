import { z } from 'zod';
import { msg, optionalText, requiredText } from '../core/validation';
import { isValidPhone, isValidZip, statesOf } from './address';
import {
  ADDRESS_TYPES,
  BANK_ACCOUNT_TYPES,
  BillCycle,
  BILL_CYCLES,
  COUNTRIES,
  countryIso,
  CURRENCIES,
  Currency,
  EXPRESS_MAIL_TYPES,
  ExpressMail,
  Funding,
  DEFAULT_ADDRESS_TYPE,
  LANGUAGE_OPTIONS,
  LATE_GRACE_DAYS,
  PAY_DAY_VALUES,
  PAYMENT_TYPES,
  PaymentType,
  PriceLevel,
  PROGRAMS,
  PromoType,
  PROMO_TYPES,
  PURCHASE_TYPES,
  RECEIVABLE_TYPES,
  ReceivableType,
  SUB_GROUP_KEYS,
  TRX_GRACE_DAYS,
  type Option,
} from './enums';

/** Length limits of the create customer form (CUST-14, CUST-15). */
export const CUSTOMER_MAX = {
  cust_name: 60,
  dba: 60,
  buying_group: 10,
  name: 60,
  contact: 30,
  address_1: 30,
  address_2: 30,
  city: 30,
  phone: 20,
  fax: 20,
  email: 200,
  zip: 10,
  bank_aba_number: 9,
  bank_acct_number: 20,
  bank_name: 40,
  bank_account_name: 40,
  limit: 14,
  force_man_auth_amt: 12,
  express_mail_id: 10,
  request_rep: 60,
} as const;

/** The create payload (CUST-04), as the form holds it (null: nothing chosen). */
export interface CustomerForm {
  cust_name: string;
  program: number | null;
  cust_no: number;
  language: number | null;
  dba: string;
  buying_group: string;
  purchase_type: number | null;
  currency: number | null;
  test: boolean;
  promo_type: number | null;
  receivable_type: number | null;
  funding_cycle: number | null;
  price_level: number | null;
  all_makes_price_level: number | null;
  trx_grace_days: number | null;
  /** Decentralized credit. */
  credit_flag: boolean;
  centralized: boolean;
  competitive_advantage: boolean;
  loyalty_card: boolean;
  charge_lates: boolean;
  one_yr_promo: boolean;
  bill_cycle: number | null;
  sub_group_key: number | null;
  late_grace_days: number | null;
  pay_days: number | null;
  bank_acct_type: number | null;
  bank_acct_number: string;
  bank_account_name: string;
  payment_type: number | null;
  bank_aba_number: string;
  bank_name: string;
  limit: string;
  force_man_auth_amt: string;
  request_rep: string;
  address_type: number | null;
  name: string;
  contact: string;
  address_1: string;
  address_2: string;
  phone: string;
  fax: string;
  email: string;
  city: string;
  state: string;
  zip: string;
  country: number | null;
  express_mail_type: number | null;
  express_mail_id: string;
  link_cust_no: number | null;
}
export type CustomerField = keyof CustomerForm;

/**
 * The defaults (CUST-06): program 96, language 0, promo 0, trx grace 0, bill cycle 0,
 * late grace 0, pay day 7, centralized on, competitive advantage on, decentralized credit off, express mail 0;
 * address type 2 (section 3); cust_no is sent as 0 and loyalty card is always off.
 */
export function customerDefaults(): CustomerForm {
  return {
    cust_name: '',
    program: 96,
    cust_no: 0,
    language: 0,
    dba: '',
    buying_group: '',
    purchase_type: null,
    currency: null,
    test: false,
    promo_type: PromoType.Normal,
    receivable_type: null,
    funding_cycle: null,
    price_level: null,
    all_makes_price_level: null,
    trx_grace_days: 0,
    credit_flag: false,
    centralized: true,
    competitive_advantage: true,
    loyalty_card: false,
    charge_lates: false,
    one_yr_promo: false,
    bill_cycle: BillCycle.Biweekly,
    sub_group_key: null,
    late_grace_days: 0,
    pay_days: 7,
    bank_acct_type: null,
    bank_acct_number: '',
    bank_account_name: '',
    payment_type: null,
    bank_aba_number: '',
    bank_name: '',
    limit: '',
    force_man_auth_amt: '',
    request_rep: '',
    address_type: DEFAULT_ADDRESS_TYPE,
    name: '',
    contact: '',
    address_1: '',
    address_2: '',
    phone: '',
    fax: '',
    email: '',
    city: '',
    state: '',
    zip: '',
    country: null,
    express_mail_type: ExpressMail.Regular,
    express_mail_id: '',
    link_cust_no: null,
  };
}

const values = (options: readonly Option[]) => options.map((o) => o.value);
const pick = (options: readonly Option[], allowed: readonly number[]) => options.filter((o) => allowed.includes(o.value));

// ---------------------------------------------------------------- filtered option lists (section 4)

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

const BILL_CYCLE_OPTIONS = BILL_CYCLES;

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

/** Canadian dollars for a country other than Canada, or another currency for Canada: ask to confirm. */
export function currencyMismatch(currency: number | null | undefined, country: number | null | undefined): boolean {
  if (currency === null || currency === undefined || country === null || country === undefined) return false;
  return (currency === Currency.CAD) !== (country === 1);
}

/** Daily billing: pay day at least 4 with EFT payment, otherwise 0 or more (message payDays). */
export function minimumPayDay(billCycle: number | null | undefined, paymentType: number | null | undefined): number {
  return billCycle === BillCycle.Daily && paymentType === PaymentType.Eft ? 4 : 0;
}

// ---------------------------------------------------------------- transitions (section 4)

const inList = (options: readonly Option[], v: number | null) => v === null || options.some((o) => o.value === v);

/**
 * Resets what the filtered lists no longer allow: the promo for the programme, the receivable for the
 * promo, the bill cycle for the receivable and the pay day for the receivable and bill cycle.
 */
export function normalizeCustomer(form: CustomerForm): CustomerForm {
  const f = { ...form };
  if (!inList(promoOptions(f.program), f.promo_type)) f.promo_type = null;
  if (!inList(receivableOptions(f.promo_type), f.receivable_type)) f.receivable_type = null;
  if (!inList(billCycleOptions(f.receivable_type), f.bill_cycle)) f.bill_cycle = null;
  if (!inList(payDayOptions(f.receivable_type, f.bill_cycle, f.pay_days), f.pay_days)) f.pay_days = null;
  return f;
}

/**
 * 94: receivable multi-service, funding cleared, pay day 7. 96: receivable navistar, funding biweekly-7, both
 * price levels national, pay day 7. 97: receivable multi-service, funding cleared, pay day 20.
 */
export function applyProgramChange(form: CustomerForm, program: number | null): CustomerForm {
  const f: CustomerForm = { ...form, program };
  if (program === 94) Object.assign(f, { receivable_type: ReceivableType.MultiService, funding_cycle: null, pay_days: 7 });
  if (program === 96)
    Object.assign(f, {
      receivable_type: ReceivableType.Navistar,
      funding_cycle: Funding.Biweekly7,
      price_level: PriceLevel.National,
      all_makes_price_level: PriceLevel.National,
      pay_days: 7,
    });
  if (program === 97) Object.assign(f, { receivable_type: ReceivableType.MultiService, funding_cycle: null, pay_days: 20 });
  return normalizeCustomer(f);
}

/**
 * 0 or 3: clears an other-receivable or recourse receivable, decentralized credit off. 1: receivable other,
 * funding biweekly-7, centralized off, decentralized credit on. 2: receivable recourse, funding biweekly-7,
 * both price levels none, centralized on, decentralized credit off, pay day 30.
 */
export function applyPromoChange(form: CustomerForm, promo: number | null): CustomerForm {
  const f: CustomerForm = { ...form, promo_type: promo };
  if (promo === PromoType.Normal || promo === PromoType.AlsoListed) {
    if (f.receivable_type === ReceivableType.OtherReceivable || f.receivable_type === ReceivableType.Recourse) f.receivable_type = null;
    f.credit_flag = false;
  }
  if (promo === PromoType.InternationalAdvantage)
    Object.assign(f, {
      receivable_type: ReceivableType.OtherReceivable,
      funding_cycle: Funding.Biweekly7,
      centralized: false,
      credit_flag: true,
    });
  if (promo === PromoType.FcOne)
    Object.assign(f, {
      receivable_type: ReceivableType.Recourse,
      funding_cycle: Funding.Biweekly7,
      price_level: PriceLevel.None,
      all_makes_price_level: PriceLevel.None,
      centralized: true,
      credit_flag: false,
      pay_days: 30,
    });
  return normalizeCustomer(f);
}

const FUNDED_RECEIVABLES: readonly number[] = [1, 2, 3, 6, 8];

/**
 * 1, 2, 3, 6 and 8 set funding biweekly-7; 0, 4, 5 and 7 set none. 5 also turns centralized and
 * decentralized credit off; 8 also sets both price levels none and pay day 30.
 */
export function applyReceivableChange(form: CustomerForm, receivable: number | null): CustomerForm {
  const f: CustomerForm = { ...form, receivable_type: receivable };
  if (receivable !== null) f.funding_cycle = FUNDED_RECEIVABLES.includes(receivable) ? Funding.Biweekly7 : Funding.None;
  if (receivable === ReceivableType.MerchantPaid) Object.assign(f, { centralized: false, credit_flag: false });
  if (receivable === ReceivableType.Recourse)
    Object.assign(f, { price_level: PriceLevel.None, all_makes_price_level: PriceLevel.None, pay_days: 30 });
  return normalizeCustomer(f);
}

export function applyBillCycleChange(form: CustomerForm, billCycle: number | null): CustomerForm {
  return normalizeCustomer({ ...form, bill_cycle: billCycle });
}

/** Changing the country clears the state (the states are filtered by country). */
export function applyCountryChange(form: CustomerForm, country: number | null): CustomerForm {
  return { ...form, country, state: form.country === country ? form.state : '' };
}

/** Cancel on the currency and country mismatch dialog clears both. */
export function clearCurrencyAndCountry(form: CustomerForm): CustomerForm {
  return { ...form, currency: null, country: null, state: '' };
}

// ---------------------------------------------------------------- the schema (form and server)

const requiredChoice = (options: readonly Option[]) => {
  const allowed = values(options);
  return z.number({ error: msg('required') }).refine((v) => allowed.includes(v), { error: msg('invalid') });
};
const optionalChoice = (options: readonly Option[]) => {
  const allowed = values(options);
  return z
    .number({ error: msg('invalid') })
    .nullish()
    .refine((v) => v === null || v === undefined || allowed.includes(v), { error: msg('invalid') });
};
const digitsOnly = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: msg('maxLength', { max }) })
    .regex(/^\d*$/, { error: msg('integer') });
const decimal = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: msg('maxLength', { max }) })
    .regex(/^(\d+(\.\d{1,2})?)?$/, { error: msg('decimal') });

const baseCustomerSchema = z.object({
  cust_name: requiredText(CUSTOMER_MAX.cust_name),
  program: requiredChoice(PROGRAMS),
  cust_no: z.literal(0, { error: msg('invalid') }),
  language: requiredChoice(LANGUAGE_OPTIONS),
  dba: optionalText(CUSTOMER_MAX.dba),
  buying_group: optionalText(CUSTOMER_MAX.buying_group),
  purchase_type: optionalChoice(PURCHASE_TYPES),
  currency: requiredChoice(CURRENCIES),
  test: z.boolean({ error: msg('invalid') }),
  promo_type: requiredChoice(PROMO_TYPES),
  receivable_type: requiredChoice(RECEIVABLE_TYPES),
  funding_cycle: z.number({ error: msg('invalid') }).nullish(),
  price_level: requiredChoice(priceLevelOptions()),
  all_makes_price_level: requiredChoice(priceLevelOptions()),
  trx_grace_days: requiredChoice(TRX_GRACE_DAYS),
  credit_flag: z.boolean({ error: msg('invalid') }),
  centralized: z.boolean({ error: msg('invalid') }),
  competitive_advantage: z.boolean({ error: msg('invalid') }),
  loyalty_card: z.literal(false, { error: msg('invalid') }),
  charge_lates: z.boolean({ error: msg('invalid') }),
  one_yr_promo: z.boolean({ error: msg('invalid') }),
  bill_cycle: requiredChoice(BILL_CYCLE_OPTIONS),
  sub_group_key: requiredChoice(SUB_GROUP_KEYS),
  late_grace_days: requiredChoice(LATE_GRACE_DAYS),
  pay_days: z.number({ error: msg('required') }).int({ error: msg('integer') }),
  bank_acct_type: optionalChoice(BANK_ACCOUNT_TYPES),
  bank_acct_number: digitsOnly(CUSTOMER_MAX.bank_acct_number),
  bank_account_name: z
    .string()
    .trim()
    .max(CUSTOMER_MAX.bank_account_name, { error: msg('maxLength', { max: CUSTOMER_MAX.bank_account_name }) }),
  payment_type: requiredChoice(PAYMENT_TYPES),
  bank_aba_number: digitsOnly(CUSTOMER_MAX.bank_aba_number),
  bank_name: z
    .string()
    .trim()
    .max(CUSTOMER_MAX.bank_name, { error: msg('maxLength', { max: CUSTOMER_MAX.bank_name }) }),
  limit: requiredText(CUSTOMER_MAX.limit).regex(/^(\d+(\.\d{1,2})?)?$/, { error: msg('decimal') }),
  force_man_auth_amt: decimal(CUSTOMER_MAX.force_man_auth_amt),
  request_rep: z
    .string()
    .trim()
    .max(CUSTOMER_MAX.request_rep, { error: msg('maxLength', { max: CUSTOMER_MAX.request_rep }) }),
  address_type: requiredChoice(ADDRESS_TYPES),
  name: requiredText(CUSTOMER_MAX.name),
  contact: requiredText(CUSTOMER_MAX.contact),
  address_1: requiredText(CUSTOMER_MAX.address_1),
  address_2: optionalText(CUSTOMER_MAX.address_2),
  phone: requiredText(CUSTOMER_MAX.phone),
  fax: z
    .string()
    .trim()
    .max(CUSTOMER_MAX.fax, { error: msg('maxLength', { max: CUSTOMER_MAX.fax }) })
    .refine((v) => !v.startsWith('1'), { error: msg('fax') }),
  email: z
    .string()
    .trim()
    .max(CUSTOMER_MAX.email, { error: msg('maxLength', { max: CUSTOMER_MAX.email }) })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: msg('email') }),
  city: requiredText(CUSTOMER_MAX.city),
  state: z
    .string({ error: msg('required') })
    .trim()
    .min(1, { error: msg('required') }),
  zip: requiredText(CUSTOMER_MAX.zip),
  country: requiredChoice(COUNTRIES),
  express_mail_type: requiredChoice(EXPRESS_MAIL_TYPES),
  express_mail_id: z
    .string()
    .trim()
    .max(CUSTOMER_MAX.express_mail_id, { error: msg('maxLength', { max: CUSTOMER_MAX.express_mail_id }) }),
  link_cust_no: z
    .number({ error: msg('invalid') })
    .int()
    .positive({ error: msg('invalid') })
    .nullish(),
});

type Issue = { path: CustomerField; message: string };

/**
 * The rules that depend on several fields (CUST-07 to CUST-17). Reads the raw input, so that the
 * form shows them next to the plain required errors.
 */
export function customerRuleIssues(raw: Partial<Record<CustomerField, unknown>>): Issue[] {
  const issues: Issue[] = [];
  const num = (k: CustomerField) => (typeof raw[k] === 'number' ? (raw[k] as number) : null);
  const str = (k: CustomerField) => (typeof raw[k] === 'string' ? (raw[k] as string).trim() : '');
  const program = num('program');
  const promo = num('promo_type');
  const receivable = num('receivable_type');
  const billCycle = num('bill_cycle');
  const payDay = num('pay_days');
  const paymentType = num('payment_type');
  const country = num('country');
  const funding = num('funding_cycle');

  if (promo !== null && program !== null && !inList(promoOptions(program), promo))
    issues.push({ path: 'promo_type', message: msg('invalid') });
  if (receivable !== null && !inList(receivableOptions(promo), receivable))
    issues.push({ path: 'receivable_type', message: msg('invalid') });
  if (isFundingDisabled(receivable)) {
    if (funding !== null && funding !== Funding.None) issues.push({ path: 'funding_cycle', message: msg('invalid') });
  } else if (isFundingRequired(receivable)) {
    if (funding === null) issues.push({ path: 'funding_cycle', message: msg('required') });
    else if (!inList(fundingOptions(), funding)) issues.push({ path: 'funding_cycle', message: msg('invalid') });
  } else if (funding !== null && funding !== Funding.None && !inList(fundingOptions(), funding))
    issues.push({ path: 'funding_cycle', message: msg('invalid') });
  const forced = forcedCentralized(promo, receivable);
  if (forced !== undefined && typeof raw.centralized === 'boolean' && raw.centralized !== forced)
    issues.push({ path: 'centralized', message: msg('invalid') });
  if (billCycle !== null && !inList(billCycleOptions(receivable), billCycle)) issues.push({ path: 'bill_cycle', message: msg('invalid') });
  if (payDay !== null) {
    if (payDay < minimumPayDay(billCycle, paymentType))
      issues.push({ path: 'pay_days', message: msg('payDays', { min: minimumPayDay(billCycle, paymentType) }) });
    else if (!inList(payDayOptions(receivable, billCycle, payDay), payDay)) issues.push({ path: 'pay_days', message: msg('invalid') });
  }
  if (isBankRequired(paymentType)) {
    for (const k of ['bank_aba_number', 'bank_acct_number', 'bank_name', 'bank_account_name'] as const)
      if (!str(k)) issues.push({ path: k, message: msg('required') });
  }
  const aba = str('bank_aba_number');
  if (aba && /^\d+$/.test(aba) && aba.length !== 9) issues.push({ path: 'bank_aba_number', message: msg('digits', { length: 9 }) });
  if (isExpressMailIdRequired(num('express_mail_type')) && !str('express_mail_id'))
    issues.push({ path: 'express_mail_id', message: msg('required') });
  if (country !== null && COUNTRIES.some((c) => c.value === country)) {
    const iso = countryIso(country);
    const state = str('state');
    if (state && !statesOf(country).some((s) => s.value === state)) issues.push({ path: 'state', message: msg('invalid') });
    const phone = str('phone');
    if (phone && phone.length <= CUSTOMER_MAX.phone && !isValidPhone(phone, iso)) issues.push({ path: 'phone', message: msg('phone') });
    const zip = str('zip');
    if (zip && zip.length <= CUSTOMER_MAX.zip && !isValidZip(zip, iso)) issues.push({ path: 'zip', message: msg('zipCode') });
  }
  return issues;
}

/** POST /framework/customers/create: the form and the server validate with this one schema. */
export const createCustomerSchema = baseCustomerSchema.superRefine(
  (value, ctx) => {
    for (const issue of customerRuleIssues(value as Partial<Record<CustomerField, unknown>>))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  },
  // Cross-field rules run even when some fields failed (the form shows both), but only on an object:
  // a missing or non-object body is the plain type error.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
);
export type CreateCustomerInput = z.input<typeof createCustomerSchema>;
export type CreateCustomer = z.output<typeof createCustomerSchema>;

/** Bank numbers never leave the server in full: the details answer shows their last four digits. */
export const MASKED_BANK_FIELDS = ['bankAcctNumber', 'bankAbaNumber'] as const;

/** '000123456789' → '•••• 6789'; nothing stays nothing. */
export function maskLast4(value: string | null | undefined): string | null {
  if (!value) return null;
  return `•••• ${value.slice(-4)}`;
}
