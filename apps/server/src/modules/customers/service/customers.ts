import type { z } from 'zod';
import { MASKED_BANK_FIELDS, maskLast4, newCustomerCard, type CreateCustomer, type customerListQuerySchema } from '@fc/contract/customers';
import { audit, type Actor } from '../../../audit/audit';
import type { AppContext } from '../../../context';
import { badRequest, notFound } from '../../../http/errors';
import { creditReps, customerExists, customerPage, customerRow, insertCustomer, nextCustNo } from '../repo/customers';

export { customerCsvColumns, customerCsvFrom } from '../repo/customers';

type ListQuery = z.output<typeof customerListQuerySchema>;

/** The first customer number is 10001; customer numbers have at most 5 digits. */
const FIRST_CUST_NO = 10001;
const LAST_CUST_NO = 99999;
/** The location code of a new customer's own address. */
const FIRST_LOCATION = '001';

/** The stored create options of a customer (the columns the table has no place for). */
function createOptions(input: CreateCustomer) {
  return {
    buyingGroup: input.buying_group ?? null,
    purchaseType: input.purchase_type ?? null,
    test: input.test,
    promoType: input.promo_type,
    receivableType: input.receivable_type,
    fundingCycle: input.funding_cycle ?? null,
    trxGraceDays: input.trx_grace_days,
    creditFlag: input.credit_flag,
    centralized: input.centralized,
    competitiveAdvantage: input.competitive_advantage,
    loyaltyCard: input.loyalty_card,
    chargeLates: input.charge_lates,
    oneYrPromo: input.one_yr_promo,
    billCycle: input.bill_cycle,
    lateGraceDays: input.late_grace_days,
    payDays: input.pay_days,
    paymentType: input.payment_type,
    bankAcctType: input.bank_acct_type ?? null,
    bankAcctNumber: input.bank_acct_number || null,
    bankAccountName: input.bank_account_name || null,
    bankAbaNumber: input.bank_aba_number || null,
    bankName: input.bank_name || null,
    limit: input.limit,
    forceManAuthAmt: input.force_man_auth_amt || null,
    requestRep: input.request_rep || null,
    addressType: input.address_type,
    expressMailType: input.express_mail_type,
    expressMailId: input.express_mail_id || null,
  };
}

/** The customers row of a new customer. */
function customerRowOf(custNo: number, input: CreateCustomer) {
  return {
    custNo,
    custName: input.cust_name,
    program: input.program,
    currency: input.currency,
    language: input.language,
    dba: input.dba ?? null,
    country: input.country,
    addressName: input.name,
    contact: input.contact,
    address1: input.address_1,
    address2: input.address_2 ?? null,
    city: input.city,
    state: input.state,
    zip: input.zip,
    phone: input.phone,
    fax: input.fax || null,
    email: input.email || null,
    priceLevel: input.price_level,
    allMakesPriceLevel: input.all_makes_price_level,
    subGroupKey: input.sub_group_key,
    linkCustNo: input.link_cust_no ?? null,
    options: createOptions(input),
  };
}

/**
 * POST /framework/customers/create. The body passed the contract's schema (every rule of the form); here
 * the rules that need the database: the link customer and the credit rep must exist. The server assigns the
 * customer number under a transaction-scoped lock, so two creations never take the same number.
 */
export async function createCustomer(ctx: AppContext, actor: Actor, input: CreateCustomer): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    if (input.link_cust_no != null && !(await customerExists(tx, input.link_cust_no)))
      throw badRequest('invalid', `Link customer ${input.link_cust_no} does not exist`, 'link_cust_no');
    if (input.request_rep) {
      const reps = await creditReps(tx);
      if (!reps.some((r) => r.value === input.request_rep))
        throw badRequest('invalid', `${input.request_rep} is not a credit rep`, 'request_rep');
    }
    const custNo = await nextCustNo(tx, FIRST_CUST_NO, LAST_CUST_NO);
    if (custNo > LAST_CUST_NO) throw badRequest('invalid', 'No customer numbers are left', 'cust_no');
    const row = customerRowOf(custNo, input);
    // Its first location (tax rates are kept per location) and its first card (the purchase requirements
    // page reads it) are created with it, so no customer exists without them (docs/decisions/0080).
    const location = { custNo, location: FIRST_LOCATION, city: input.city, state: input.state };
    const card = newCustomerCard(custNo, {
      purchaseType: input.purchase_type ?? null,
      subGroupKey: input.sub_group_key,
      linkCustNo: input.link_cust_no ?? null,
      currency: input.currency,
      country: input.country,
    });
    await insertCustomer(tx, row, location, card);
    await audit(tx, actor, { entity: 'customer', entityId: custNo, action: 'create', after: { ...row, location, card } });
    return custNo;
  });
}

/** One page of the customer maintenance list (issue 22: keyset paging, estimated counts). */
export function listCustomers(ctx: AppContext, q: ListQuery) {
  return customerPage(ctx.database, q, ctx.config.LIST_EXACT_COUNT_MAX);
}

/** One customer with its stored create options, the bank numbers masked. */
export async function customerDetails(ctx: AppContext, custNo: number) {
  const row = await customerRow(ctx.db, custNo);
  if (!row) throw notFound('not-found', `No customer ${custNo}`);
  const { options, ...rest } = row;
  const details: Record<string, unknown> = { ...rest, ...(options as Record<string, unknown>) };
  for (const field of MASKED_BANK_FIELDS) details[field] = maskLast4(details[field] as string | null | undefined);
  return details as typeof rest & Record<string, unknown>;
}
