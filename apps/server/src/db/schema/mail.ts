import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the portal sends, from the moment it is asked for (in the transaction of the business write)
 * to its delivery or final failure (docs/decisions/0421-e-mail-outbox-and-job.md). `params` hold what the
 * template needs and never a secret: a password-reset link is made when the job sends the message.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    template: text('template').notNull(),
    /** The recipient's saved language when the message was asked for (0 en-us, 1 es, 2 fr). */
    language: smallint('language').notNull().default(0),
    recipient: text('recipient').notNull(),
    /** The recipient's account, when the recipient is a portal user. */
    userId: integer('user_id'),
    params: jsonb('params').notNull(),
    /** Files sent with the message: [{ filename, contentType, base64 }]. */
    attachments: jsonb('attachments'),
    /** queued, sent, failed (retries exhausted) or cancelled (no longer to be sent). */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The kind of the last failure (an error code, never the message's text). */
    lastError: text('last_error'),
    jobId: text('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_state_idx').on(t.state, t.createdAt)],
);
