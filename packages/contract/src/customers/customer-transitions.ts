import type { CustomerForm } from './customer-form';
import { billCycleOptions, inOptionList as inList, payDayOptions, promoOptions, receivableOptions } from './customer-options';
import { Funding, PriceLevel, PromoType, ReceivableType } from './enums';

// What the create customer form changes when a choice changes (CUST-07 to CUST-12).

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

/** The choices of the create customer form that change other fields, and what each changes. */
const TRANSITIONS = {
  program: applyProgramChange,
  promo_type: applyPromoChange,
  receivable_type: applyReceivableChange,
  bill_cycle: applyBillCycleChange,
  country: applyCountryChange,
} as const;
export type CustomerTransitionField = keyof typeof TRANSITIONS;

/** The form after `field` is set to `value`, with what that choice changes elsewhere (CUST-07 to CUST-12). */
export function applyCustomerChange(form: CustomerForm, field: CustomerTransitionField, value: number | null): CustomerForm {
  return TRANSITIONS[field](form, value);
}
