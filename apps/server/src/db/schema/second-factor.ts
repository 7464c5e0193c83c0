import { bigint, bigserial, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A user's TOTP second factor (issue 19, decision 0700). The secret is encrypted at rest (AES-256-GCM with
 * MFA_ENCRYPTION_KEY: modules/auth/second-factor/crypto.ts); a row without `confirmed_at` is an enrolment not
 * yet confirmed by a first code. `last_used_step` is the time step of the last code accepted: a code of that
 * step or an earlier one is refused (no reuse within its window).
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: each stored as a salted SHA-256 (`salt` hex, `code_hash` hex), never in clear. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The code step of a sign-in: after the right password, before the session. The browser holds the random
 * token in the fc_mfa cookie; the row keeps its SHA-256, what the session will need (form, alias, language)
 * and the expiry (MFA_CHALLENGE_MINUTES). Used or expired rows are deleted.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formType: text('form_type').notNull(),
    alias: text('alias'),
    language: smallint('language'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId), index('mfa_challenges_expires_idx').on(t.expiresAt)],
);
