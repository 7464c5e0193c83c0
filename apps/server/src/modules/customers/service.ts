import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { csvCell } from '../../http/csv';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
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
  MASKED_BANK_FIELDS,
  maskLast4,
  newCustomerCard,
  LINK_CUSTOMER_LIMIT,
  type CreateCustomer,
  type CustomerOptionList,
  type customerListQuerySchema,
} from '@fc/contract/customers';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { cards, customerLocations, customers, users } from '../../db/schema/index';
import { audit } from '../../audit/audit';
import { badRequest, notFound } from '../../http/errors';
import { contains, keyset, orderBy, pageAndCount, type KeyColumn } from '../../http/list';

type ListQuery = z.output<typeof customerListQuerySchema>;

export interface OptionGroup {
  /** The payload field the options are for. */
  name: string;
  options: readonly { value: number | string; label: string; country?: string }[];
}

/** Credit reps: the active corporate employees (request_rep holds the username). */
async function creditReps(db: Tx) {
  return db
    .select({ value: users.username, label: users.fullName })
    .from(users)
    .where(and(eq(users.accountType, 0), eq(users.disabled, false), eq(users.isAdmin, false)))
    .orderBy(asc(users.fullName));
}

/**
 * The link customer type-ahead: customers whose name contains the text (any case) or whose number
 * starts with it, the exact number first, then by name; at most LINK_CUSTOMER_LIMIT, all in SQL.
 */
async function linkCustomers(db: Tx, search: string | undefined) {
  const byNumber = search && /^\d+$/.test(search);
  return db
    .select({ value: customers.custNo, label: customers.custName })
    .from(customers)
    .where(
      search
        ? or(contains(customers.custName, search), byNumber ? sql`${customers.custNo}::text like ${`${search}%`}` : undefined)
        : undefined,
    )
    .orderBy(
      ...(byNumber ? [sql`(${customers.custNo}::text = ${search}) desc`] : []),
      sql`lower(${customers.custName})`,
      asc(customers.custNo),
    )
    .limit(LINK_CUSTOMER_LIMIT);
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

/** The first customer number is 10001; customer numbers have at most 5 digits. */
const FIRST_CUST_NO = 10001;
const LAST_CUST_NO = 99999;
/** The location code of a new customer's own address. */
const FIRST_LOCATION = '001';

/**
 * POST /framework/customers/create. The body passed the contract's schema (every rule of the form); here
 * the rules that need the database: the link customer and the credit rep must exist. The server assigns the
 * customer number under a transaction-scoped lock, so two creations never take the same number.
 */
export async function createCustomer(ctx: AppContext, req: FastifyRequest, input: CreateCustomer): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    if (input.link_cust_no != null) {
      const [link] = await tx.select({ custNo: customers.custNo }).from(customers).where(eq(customers.custNo, input.link_cust_no));
      if (!link) throw badRequest('invalid', `Link customer ${input.link_cust_no} does not exist`, 'link_cust_no');
    }
    if (input.request_rep) {
      const reps = await creditReps(tx);
      if (!reps.some((r) => r.value === input.request_rep))
        throw badRequest('invalid', `${input.request_rep} is not a credit rep`, 'request_rep');
    }
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [{ next } = { next: FIRST_CUST_NO }] = await tx
      .select({ next: sql<number>`(coalesce(max(${customers.custNo}), ${FIRST_CUST_NO - 1}) + 1)::int` })
      .from(customers)
      .where(sql`${customers.custNo} <= ${LAST_CUST_NO}`);
    const custNo = Math.max(Number(next), FIRST_CUST_NO);
    if (custNo > LAST_CUST_NO) throw badRequest('invalid', 'No customer numbers are left', 'cust_no');
    const options = {
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
    const row = {
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
      options,
    };
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
    await tx.insert(customers).values(row);
    await tx.insert(customerLocations).values(location);
    await tx.insert(cards).values({ custNo, ...card });
    await audit(tx, req, { entity: 'customer', entityId: custNo, action: 'create', after: { ...row, location, card } });
    return custNo;
  });
}

const sortColumns = {
  cust_no: customers.custNo,
  cust_name: sql`lower(${customers.custName})`,
  program: customers.program,
  city: sql`lower(${customers.city})`,
  state: customers.state,
  country: customers.country,
  status: customers.status,
  created_at: customers.createdAt,
};

/** The sorts that page by seeking (NOT NULL columns, each with an index: decision 0620). */
const keyColumns: Partial<Record<keyof typeof sortColumns, KeyColumn>> = {
  cust_no: { expr: customers.custNo, kind: 'int' },
  cust_name: { expr: sortColumns.cust_name, kind: 'text' },
  created_at: { expr: customers.createdAt, kind: 'timestamp' },
};

/** The list's filters and search, shared by the page and the CSV export. */
function customerWhere(q: ListQuery) {
  return and(
    q.filters.program !== undefined ? eq(customers.program, q.filters.program) : undefined,
    q.filters.status !== undefined ? eq(customers.status, q.filters.status) : undefined,
    q.filters.country !== undefined ? eq(customers.country, q.filters.country) : undefined,
    q.search
      ? or(
          contains(customers.custNo, q.search),
          contains(customers.custName, q.search),
          contains(customers.dba, q.search),
          contains(customers.city, q.search),
          contains(customers.contact, q.search),
        )
      : undefined,
  );
}

export async function listCustomers(ctx: AppContext, q: ListQuery) {
  const where = customerWhere(q);
  const ks = keyset(q, { columns: keyColumns, tieBreaker: { expr: customers.custNo, kind: 'int' } });
  const got = await pageAndCount(ctx.db, {
    page: q.page,
    exact: q.exactCount,
    max: ctx.config.LIST_EXACT_COUNT_MAX,
    matching: sql`select 1 from ${customers} where ${where ?? sql`true`}`,
    rows: () =>
      ctx.db
        .select({
          custNo: customers.custNo,
          custName: customers.custName,
          program: customers.program,
          city: customers.city,
          state: customers.state,
          country: customers.country,
          status: customers.status,
          currency: customers.currency,
          createdAt: customers.createdAt,
          ...ks.select,
        })
        .from(customers)
        .where(and(where, ks.seek))
        .orderBy(...orderBy(q.sort, sortColumns, customers.custNo))
        .limit(q.page.size)
        .offset(ks.offset),
    count: async () => (await ctx.db.select({ n: count() }).from(customers).where(where))[0]?.n ?? 0,
  });
  return { ...got, rows: ks.strip(got.rows), nextCursor: ks.nextCursor(got.rows) };
}

/** The CSV export's columns: the list's, every cell formula-safe (csv_cell). */
export const customerCsvColumns = (): { header: string; cell: SQL }[] => [
  { header: 'cust_no', cell: sql`${customers.custNo}::text` },
  { header: 'cust_name', cell: csvCell(sql`${customers.custName}`) },
  { header: 'program', cell: sql`${customers.program}::text` },
  { header: 'city', cell: csvCell(sql`${customers.city}`) },
  { header: 'state', cell: csvCell(sql`${customers.state}`) },
  { header: 'country', cell: sql`${customers.country}::text` },
  { header: 'status', cell: sql`${customers.status}::text` },
  { header: 'currency', cell: sql`${customers.currency}::text` },
  { header: 'created_at', cell: sql`to_char(${customers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` },
];

/** FROM, WHERE and ORDER BY of the export: the list's filters, search and sort, without paging. */
export function customerCsvFrom(q: ListQuery): SQL {
  return sql`from ${customers} where ${customerWhere(q) ?? sql`true`} order by ${sql.join(orderBy(q.sort, sortColumns, customers.custNo), sql`, `)}`;
}

export async function customerDetails(ctx: AppContext, custNo: number) {
  const [row] = await ctx.db.select().from(customers).where(eq(customers.custNo, custNo));
  if (!row) throw notFound('not-found', `No customer ${custNo}`);
  const { options, ...rest } = row;
  const details: Record<string, unknown> = { ...rest, ...(options as Record<string, unknown>) };
  for (const field of MASKED_BANK_FIELDS) details[field] = maskLast4(details[field] as string | null | undefined);
  return details as typeof rest & Record<string, unknown>;
}
