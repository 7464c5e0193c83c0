import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    accountType: smallint('account_type').notNull(),
    workingAccountType: smallint('working_account_type'),
    grantedTasks: integer('granted_tasks')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isAdmin: boolean('is_admin').notNull().default(false),
    alternatePortalUser: boolean('alternate_portal_user').notNull().default(false),
    ssoUser: boolean('sso_user').notNull().default(false),
    language: smallint('language').notNull().default(0),
    custNo: integer('cust_no'),
    merchantNo: integer('merchant_no'),
    disabled: boolean('disabled').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Usernames are unique regardless of case.
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/** Earlier password hashes, so a reset cannot reuse the previous password (code 9). */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_history_user_idx').on(t.userId)],
);

/** Database sessions behind the HttpOnly cookie; the cookie holds a random id, the row its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastTouch: timestamp('last_touch', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * The language picked on the login page before this sign-in (0, 1, 2), kept for this session over the
     * user's saved language; null: the saved language (issue 20, decision 0401).
     */
    language: smallint('language'),
    /** The last check of the password or a second-factor code (sign-in, or the step-up verify call; decision 0700). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    /** The policy requires a second factor the user has not enrolled: the session may only enrol (decision 0700). */
    mfaEnrolmentRequired: boolean('mfa_enrolment_required').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password-reset requests: the token is random, stored only as a hash, single use, expiring. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Sign-in and password-reset throttle counters (modules/auth/throttle.ts), shared by every server process on
 * the database. `key_hash` is the SHA-256 of the counter's name (it names an address or a username, which
 * are kept out of the table); a counter counts `hits` until `expires_at`, then starts again.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    keyHash: text('key_hash').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttles_expires_idx').on(t.expiresAt)],
);
