import {
  ADDRESS_TYPES,
  BANK_ACCOUNT_TYPES,
  BILL_CYCLES,
  COUNTRIES,
  CURRENCIES,
  EXPRESS_MAIL_TYPES,
  FUNDING_CYCLES,
  LANGUAGE_OPTIONS,
  LATE_GRACE_DAYS,
  PAY_DAYS,
  PAYMENT_TYPES,
  PRICE_LEVELS,
  PROGRAMS,
  PROMO_TYPES,
  PURCHASE_TYPES,
  RECEIVABLE_TYPES,
  STATES,
  SUB_GROUP_KEYS,
  TRX_GRACE_DAYS,
  type CustomerOptionList,
} from '@fc/contract/customers';
import type { AppContext } from '../../../context';
import { creditReps, linkCustomers } from '../repo/customers';

export interface OptionGroup {
  /** The payload field the options are for. */
  name: string;
  options: readonly { value: number | string; label: string; country?: string }[];
}

/** The option lists of GET /framework/customers/options/{list}; the browser adds '-- Select One --'. */
export async function optionGroups(ctx: AppContext, list: CustomerOptionList, search?: string): Promise<OptionGroup[]> {
  const group = (name: string, options: OptionGroup['options']): OptionGroup => ({ name, options });
  switch (list) {
    case 'link_customer':
      return [group('link_cust_no', await linkCustomers(ctx.db, search))];
    case 'credit_rep':
      return [group('request_rep', await creditReps(ctx.db))];
    case 'address':
      return [
        group('address_type', ADDRESS_TYPES),
        group(
          'country',
          COUNTRIES.map(({ value, label }) => ({ value, label })),
        ),
        group('state', STATES),
        group('express_mail_type', EXPRESS_MAIL_TYPES),
      ];
    case 'billing':
      return [
        group('currency', CURRENCIES),
        group('promo_type', PROMO_TYPES),
        group('receivable_type', RECEIVABLE_TYPES),
        group('funding_cycle', FUNDING_CYCLES),
        group('price_level', PRICE_LEVELS),
        group('all_makes_price_level', PRICE_LEVELS),
        group('bill_cycle', BILL_CYCLES),
        group('pay_days', PAY_DAYS),
        group('payment_type', PAYMENT_TYPES),
        group('bank_acct_type', BANK_ACCOUNT_TYPES),
        group('trx_grace_days', TRX_GRACE_DAYS),
        group('late_grace_days', LATE_GRACE_DAYS),
      ];
    case 'customer':
      return [
        group(
          'program',
          PROGRAMS.map((p) => ({ value: p.value, label: p.label.replace('{brand}', ctx.config.BRAND_NAME) })),
        ),
        group('language', LANGUAGE_OPTIONS),
        group('purchase_type', PURCHASE_TYPES),
        group('sub_group_key', SUB_GROUP_KEYS),
      ];
  }
}
