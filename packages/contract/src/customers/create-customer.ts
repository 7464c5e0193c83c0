import { z } from 'zod';
import { msg, optionalText, requiredText } from '../core/validation';
import { isValidPhone, isValidZip, statesOf } from './address';
import { CUSTOMER_MAX, type CustomerField } from './customer-form';
import {
  BILL_CYCLE_OPTIONS,
  billCycleOptions,
  forcedCentralized,
  fundingOptions,
  inOptionList as inList,
  isBankRequired,
  isExpressMailIdRequired,
  isFundingDisabled,
  isFundingRequired,
  minimumPayDay,
  payDayOptions,
  priceLevelOptions,
  promoOptions,
  receivableOptions,
} from './customer-options';
import {
  ADDRESS_TYPES,
  BANK_ACCOUNT_TYPES,
  COUNTRIES,
  countryIso,
  CURRENCIES,
  EXPRESS_MAIL_TYPES,
  Funding,
  LANGUAGE_OPTIONS,
  LATE_GRACE_DAYS,
  PAYMENT_TYPES,
  PROGRAMS,
  PROMO_TYPES,
  PURCHASE_TYPES,
  RECEIVABLE_TYPES,
  SUB_GROUP_KEYS,
  TRX_GRACE_DAYS,
  type Option,
} from './enums';

const values = (options: readonly Option[]) => options.map((o) => o.value);

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
