import { boolean, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The parts catalogue: international part numbers with the programme's guaranteed price. */
export const parts = pgTable('parts', {
  partNo: text('part_no').primaryKey(),
  description: text('description').notNull(),
  programPrice: numeric('program_price', { precision: 12, scale: 2 }),
  isCore: boolean('is_core').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
