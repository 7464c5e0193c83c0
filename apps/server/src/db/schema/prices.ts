import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The prices a dealer's price files set and the catalogue accepted (at or below the programme's
 * guaranteed price): one row per dealer and part, the latest accepted price winning.
 */
export const dealerPrices = pgTable(
  'dealer_prices',
  {
    merchantNo: integer('merchant_no').notNull(),
    partNo: text('part_no').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** The price file (inbound_files.seq) that last set this price. */
    sourceFileSeq: integer('source_file_seq').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantNo, t.partNo] }), index('dealer_prices_part_idx').on(t.partNo)],
);
