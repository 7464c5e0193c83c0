import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';

/** Bundles of item codes (LOY-18). status 0 Active, 1 Inactive. */
export const loyaltyBundles = pgTable(
  'loyalty_bundles',
  {
    bundleSeq: bigserial('bundle_seq', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    comment: text('comment'),
    status: smallint('status').notNull().default(0),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: text('modified_by'),
    /** The optional comment given when the bundle was deactivated (corporate back office, issue 8). */
    deactivateComment: text('deactivate_comment'),
  },
  (t) => [uniqueIndex('loyalty_bundles_name_idx').on(sql`lower(${t.name})`)],
);

export const loyaltyItemCodes = pgTable(
  'loyalty_item_codes',
  {
    itemCodeSeq: bigserial('item_code_seq', { mode: 'number' }).primaryKey(),
    bundleSeq: integer('bundle_seq')
      .notNull()
      .references(() => loyaltyBundles.bundleSeq),
    itemCode: text('item_code').notNull(),
    description: text('description'),
    comment: text('comment'),
    dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: text('modified_by'),
  },
  (t) => [uniqueIndex('loyalty_item_codes_bundle_code_idx').on(t.bundleSeq, t.itemCode)],
);

/** Programme templates. status 0 Active, 1 Inactive; currency_config 0 system currency, 1 CAD. */
export const loyaltyPrograms = pgTable(
  'loyalty_programs',
  {
    loyaltyProgramSeq: bigserial('loyalty_program_seq', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    status: smallint('status').notNull().default(0),
    currencyConfig: smallint('currency_config').notNull().default(0),
    bundleSeq: integer('bundle_seq').references(() => loyaltyBundles.bundleSeq),
    /** Include | Exclude, null with no bundle. */
    bundleType: text('bundle_type'),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: text('modified_by'),
  },
  (t) => [
    uniqueIndex('loyalty_programs_name_idx').on(sql`lower(${t.name})`),
    // The engine refreshes the spend of the templates that use a bundle whose item codes changed.
    index('loyalty_programs_bundle_idx').on(t.bundleSeq),
  ],
);

/** Milestones ascend by amount; a milestone has either a rate (fraction) or a cap. */
export const loyaltyMilestones = pgTable(
  'loyalty_milestones',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loyaltyProgramSeq: integer('loyalty_program_seq')
      .notNull()
      .references(() => loyaltyPrograms.loyaltyProgramSeq, { onDelete: 'cascade' }),
    milestoneNo: integer('milestone_no').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    rate: numeric('rate', { precision: 7, scale: 6 }),
    cap: numeric('cap', { precision: 14, scale: 2 }),
  },
  (t) => [
    uniqueIndex('loyalty_milestones_program_no_idx').on(t.loyaltyProgramSeq, t.milestoneNo),
    // The engine's current / next milestone lookups: highest amount at most the spend, first above it.
    index('loyalty_milestones_program_amount_idx').on(t.loyaltyProgramSeq, t.amount),
  ],
);

/** A template's terms as a closed enrolment keeps them (loyalty_enrolments.closed_terms). */
export interface ClosedTerms {
  currency: number;
  bundleSeq: number | null;
  bundleType: 'Include' | 'Exclude' | null;
  /** Ascending by amount; numerics as JSON numbers of the stored scale. */
  milestones: { number: number; amount: number; rate: number | null; cap: number | null }[];
}

/**
 * Enrolments of customers in programmes. `status` is the stored lifecycle
 * (Pre Enrolled, Enrolled, Pending Reconciliation, Not Reconciled, Completed, BC Completed, Unenrolled);
 * the rebate engine moves it on when the dates pass and fixes the final payout.
 *
 * `current_spend` is the engine's materialised spend (docs/decisions/0009-loyalty-engine.md): the
 * qualifying purchases of the window, kept up to date by the triggers of src/db/sql/loyalty-engine.sql on
 * every write to transactions, item codes, templates and enrolments, and frozen once the status is closed.
 * Never write it from application code.
 */
export const loyaltyEnrolments = pgTable(
  'loyalty_enrolments',
  {
    custLoyaltyProgramSeq: bigserial('cust_loyalty_program_seq', { mode: 'number' }).primaryKey(),
    custNo: integer('cust_no')
      .notNull()
      .references(() => customers.custNo),
    loyaltyProgramSeq: integer('loyalty_program_seq')
      .notNull()
      .references(() => loyaltyPrograms.loyaltyProgramSeq),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    finalSpend: numeric('final_spend', { precision: 14, scale: 2 }),
    finalPayout: numeric('final_payout', { precision: 14, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: text('modified_by'),
    currentSpend: numeric('current_spend', { precision: 14, scale: 2 }).notNull().default('0'),
    /** When the status was closed (reconciled or unenrolled) and the final figures fixed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * The template's terms when the enrolment closed (docs/decisions/0072): its milestones, currency and
     * bundle rule. A template whose enrolments are all closed may be edited; closed enrolments read these.
     */
    closedTerms: jsonb('closed_terms').$type<ClosedTerms>(),
    /** The last transactions.id counted when it closed: the export of a closed enrolment lists no later purchase. */
    countedThroughTrxId: bigint('counted_through_trx_id', { mode: 'number' }),
  },
  (t) => [
    index('loyalty_enrolments_cust_idx').on(t.custNo),
    index('loyalty_enrolments_program_idx').on(t.loyaltyProgramSeq),
    // Paging the enrolment list by current spend reads 25 rows of this index, not every enrolment.
    index('loyalty_enrolments_spend_idx').on(t.currentSpend, t.custLoyaltyProgramSeq),
    index('loyalty_enrolments_end_idx').on(t.endDate),
  ],
);

/**
 * What a closed enrolment counted, by item code and currency (docs/decisions/0072): written when it closes,
 * from the purchases of its window and the template's bundle rule at that moment. Its breakdown and its
 * spend export read these, so they keep agreeing with the final spend after the template or its bundle
 * changes. `reason` is one of the breakdown reasons of @fc/contract/loyalty.
 */
export const loyaltyClosedSpend = pgTable(
  'loyalty_closed_spend',
  {
    custLoyaltyProgramSeq: bigint('cust_loyalty_program_seq', { mode: 'number' })
      .notNull()
      .references(() => loyaltyEnrolments.custLoyaltyProgramSeq, { onDelete: 'cascade' }),
    itemCode: text('item_code').notNull(),
    currency: smallint('currency').notNull(),
    reason: text('reason').notNull(),
    purchases: integer('purchases').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** The code's description in the template's bundle (the export's), and the one the breakdown showed. */
    bundleDescription: text('bundle_description'),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.custLoyaltyProgramSeq, t.itemCode, t.currency] })],
);

/**
 * The last completed run of the daily loyalty jobs, one row per job: every process checks it (every
 * JOB_STALE_SECONDS / 2) and queues a catch-up run only when the last one was before today. The run
 * locks its row, so two runs queued at once by two processes take turns and the second sees the first's day.
 */
export const loyaltyJobRuns = pgTable('loyalty_job_runs', {
  job: text('job').primaryKey(),
  /** The server's calendar day the last completed run computed (YYYY-MM-DD); null before the first. */
  lastRunDay: date('last_run_day', { mode: 'string' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
