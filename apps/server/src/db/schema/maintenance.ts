import { bigserial, date, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { parts } from './parts';

/**
 * Parts mapping (PART-02, PART-03): an international part number of the catalogue and the custom part number
 * of the outside carrier. One custom number per part (AEP11) and one part per custom number (AEP10).
 */
export const estesParts = pgTable('estes_parts', {
  partNo: text('part_no')
    .primaryKey()
    .references(() => parts.partNo),
  customPartNo: text('custom_part_no').notNull().unique('estes_parts_custom_part_no_key'),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Tax rates of a customer location. A rate is active from its effective date to its expiry date, both
 * included (no expiry: open ended); the periods of one customer location never overlap (AET09, AET11).
 */
export const custTaxRates = pgTable(
  'cust_tax_rates',
  {
    custTaxRateSeq: bigserial('cust_tax_rate_seq', { mode: 'number' }).primaryKey(),
    custNo: integer('cust_no')
      .notNull()
      .references(() => customers.custNo),
    program: smallint('program').notNull(),
    custLocation: text('cust_location').notNull(),
    /** A fraction: 0.0725 is 7.25 %. */
    taxRate: numeric('tax_rate', { precision: 8, scale: 6 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cust_tax_rates_location_idx').on(t.custNo, t.custLocation, t.effectiveDate),
    index('cust_tax_rates_effective_idx').on(t.effectiveDate),
  ],
);

/**
 * Core parts of a customer, loaded by the Coreless (file type 0) and Price Verify (1) uploads; one row
 * per customer, part and file type, replaced by a later upload.
 */
export const coreParts = pgTable(
  'core_parts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    custNo: integer('cust_no')
      .notNull()
      .references(() => customers.custNo),
    partNo: text('part_no').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    /** A active, I inactive. */
    status: text('status').notNull().default('A'),
    /** 0 Coreless, 1 Price Verify. */
    fileType: smallint('file_type').notNull(),
    /** Price Verify: the verified price, at or below the part's programme price (docs/decisions/0082). */
    price: numeric('price', { precision: 12, scale: 2 }),
    sourceFileSeq: integer('source_file_seq'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('core_parts_key').on(t.custNo, t.partNo, t.fileType), index('core_parts_part_idx').on(t.partNo)],
);
