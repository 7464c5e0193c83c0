import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Customers (fleets) of the programme. The create payload (CUST-04) is stored in columns
 * where other screens filter or join on it, the rest in `options`.
 */
export const customers = pgTable(
  'customers',
  {
    custNo: integer('cust_no').primaryKey(),
    custName: text('cust_name').notNull(),
    program: smallint('program').notNull(),
    currency: smallint('currency').notNull().default(0),
    /** 0 active, 1 inactive (LOY-07: customer option status 1 means inactive). */
    status: smallint('status').notNull().default(0),
    language: smallint('language').notNull().default(0),
    dba: text('dba'),
    country: smallint('country').notNull().default(0),
    addressName: text('address_name'),
    contact: text('contact'),
    address1: text('address_1'),
    address2: text('address_2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    priceLevel: smallint('price_level'),
    allMakesPriceLevel: smallint('all_makes_price_level'),
    subGroupKey: smallint('sub_group_key').notNull().default(0),
    linkCustNo: integer('link_cust_no'),
    options: jsonb('options')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Every sort of the list reads its page from an index, with the customer number that breaks ties (cust_no
  // has the primary key): at 1,000,000 customers a page sorted by city was otherwise a sort of every row
  // (decision 0991). The name and the creation time also page by seeking (decision 0620).
  (t) => [
    index('customers_name_idx').on(sql`lower(${t.custName})`, t.custNo),
    index('customers_created_idx').on(t.createdAt, t.custNo),
    index('customers_city_idx').on(sql`lower(${t.city})`, t.custNo),
    index('customers_state_idx').on(t.state, t.custNo),
    index('customers_program_idx').on(t.program, t.custNo),
    index('customers_country_idx').on(t.country, t.custNo),
    index('customers_status_idx').on(t.status, t.custNo),
  ],
);

/** Customer locations (3-digit location codes used by tax rates). */
export const customerLocations = pgTable(
  'customer_locations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    custNo: integer('cust_no')
      .notNull()
      .references(() => customers.custNo),
    location: text('location').notNull(),
    city: text('city'),
    state: text('state'),
  },
  (t) => [index('customer_locations_cust_idx').on(t.custNo, t.location)],
);

/** Cards issued to a customer, with their card options (PREQ-03 codes). */
export const cards = pgTable(
  'cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    custNo: integer('cust_no')
      .notNull()
      .references(() => customers.custNo),
    cardNo: text('card_no').notNull(),
    cardTypes: text('card_types').notNull().default(''),
    showCard: boolean('show_card').notNull().default(true),
    usAllowed: boolean('us_allowed').notNull().default(true),
    caAllowed: boolean('ca_allowed').notNull().default(false),
    ebs: text('ebs'),
    cardOptions: integer('card_options')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Column rules: [{columnType 0 PO/1 unit/2 VIN, ruleType 0 length/1 prefix/2 suffix/3 amount, value}]. */
    columnRules: jsonb('column_rules')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [index('cards_cust_idx').on(t.custNo)],
);

/**
 * Parts purchases (FILE-10, LOY-34): loaded by the demo seed and by the daily transactions file;
 * the loyalty engine sums them.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    custNo: integer('cust_no').notNull(),
    trxDate: date('trx_date', { mode: 'string' }).notNull(),
    invoice: text('invoice').notNull(),
    itemCode: text('item_code').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: smallint('currency').notNull().default(0),
    sourceFileSeq: integer('source_file_seq'),
  },
  (t) => [
    index('transactions_cust_date_idx').on(t.custNo, t.trxDate),
    index('transactions_item_idx').on(t.itemCode),
    index('transactions_invoice_idx').on(t.custNo, t.invoice, t.itemCode),
  ],
);

/**
 * Account requests of the public request form (ACCT-01, ACCT-06). The ten fields as sent, the
 * country of the chosen state, and the review status corporate staff move on (new, in-review, approved,
 * rejected).
 */
export const accountRequests = pgTable(
  'account_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fullName: text('full_name').notNull(),
    jobTitle: text('job_title').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    accountNumber: integer('account_number').notNull(),
    companyName: text('company_name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    zip: text('zip').notNull(),
    status: text('status').notNull().default('new'),
    reviewedBy: text('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_requests_status_idx').on(t.status, t.createdAt), index('account_requests_created_idx').on(t.createdAt)],
);
