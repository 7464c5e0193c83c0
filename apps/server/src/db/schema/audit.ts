import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per write in the portal: who, when, which entity, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    /**
     * The CSV export's `change` cell, written with the record (src/audit/audit.ts, auditChangeText): the
     * export is then one COPY that formats nothing per row (docs/decisions/0120-csv-exports-by-copy.md).
     * Null on records written without it; the export computes those from before and after.
     */
    change: text('change'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_idx').on(t.username),
  ],
);
