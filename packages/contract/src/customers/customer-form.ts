import { BillCycle, DEFAULT_ADDRESS_TYPE, ExpressMail, PromoType } from './enums';

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
 * address type 2; cust_no is sent as 0 and loyalty card is always off.
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
