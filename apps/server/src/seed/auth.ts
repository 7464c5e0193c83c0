import { isNull, sql } from 'drizzle-orm';
import { ALL_TASKS, Task } from '@fc/contract';
import type { Tx } from '../db/client';
import { users } from '../db/schema/index';
import { hashPassword, upsertUser } from '../modules/auth/index';
import { DEMO_PASSWORD } from './core';

/**
 * Users whose passwords, sessions and languages the browser tests change (password reset, session timeout, sign-out, language),
 * so that no other flow depends on them: a sign-out ends every session of its user, in every browser, and
 * would cut short another test signed in as the same user. Demo data only.
 */
export const AUTH_TEST_USERS = [
  { username: 'resetdemo', fullName: 'Riley Reset', email: 'resetdemo@example.com', accountType: 2, grantedTasks: [], custNo: 10004 },
  { username: 'timeoutdemo', fullName: 'Tess Timeout', email: 'timeoutdemo@example.com', accountType: 2, grantedTasks: [], custNo: 10004 },
  { username: 'signoutcorp', fullName: 'Sol Signout', email: 'signoutcorp@example.com', accountType: 0, grantedTasks: [] },
  { username: 'mfademo', fullName: 'Max Factor', email: 'mfademo@example.com', accountType: 0, grantedTasks: [] },
  {
    username: 'signoutmerc',
    fullName: 'Sid Signout',
    email: 'signoutmerc@example.com',
    accountType: 1,
    grantedTasks: [],
    merchantNo: 1001,
  },
  // The manuals flow switches its saved language to French and back: a dealer of its own, so that no other
  // flow signing in meanwhile meets French.
  { username: 'manualmerc', fullName: 'Manu Manual', email: 'manualmerc@example.com', accountType: 1, grantedTasks: [], merchantNo: 1001 },
  { username: 'signoutcust', fullName: 'Sky Signout', email: 'signoutcust@example.com', accountType: 2, grantedTasks: [], custNo: 10004 },
  // Saved language French; the language test picks another on the login page and changes it after sign-in.
  {
    username: 'languagedemo',
    fullName: 'Lane Language',
    email: 'languagedemo@example.com',
    accountType: 2,
    grantedTasks: [],
    custNo: 10004,
    language: 2,
  },
] as const;

/**
 * The users of the browser test that walks every page in Spanish, French and the pseudo-locale
 * (e2e/tests/i18n-walk.spec.ts): for each account type the demo users cover (corporate with every task,
 * corporate with view tasks, administrator, dealer, US and Canadian customers) one user per language, with
 * that language saved (the pseudo-locale's user keeps English US; the browser shows the pseudo-locale), and
 * the rights of the demo user it stands for. So the walks run side by side, and no other browser test reads
 * a page in a language it did not choose. Demo data only.
 */
const WALK_KINDS = [
  { kind: 'corp', fullName: 'Wren Walker', accountType: 0, grantedTasks: [...ALL_TASKS] },
  { kind: 'view', fullName: 'Val Walker', accountType: 0, grantedTasks: [Task.PartsMappingView, Task.CoreView, Task.CorpLoyaltyView] },
  { kind: 'admin', fullName: 'Ash Walker', accountType: 0, grantedTasks: [...ALL_TASKS], isAdmin: true },
  { kind: 'dealer', fullName: 'Dale Walker', accountType: 1, grantedTasks: [Task.TaxModify], merchantNo: 1001 },
  { kind: 'cust', fullName: 'Cam Walker', accountType: 2, grantedTasks: [Task.CustLoyaltyView], custNo: 10004 },
  { kind: 'custca', fullName: 'Kit Walker', accountType: 2, grantedTasks: [Task.CustLoyaltyView], custNo: 10002 },
] as const;

/** The walk's languages: the saved language code of its users (I18N-02), 0 for the pseudo-locale. */
const WALK_LANGUAGES = { es: 1, fr: 2, xa: 0 } as const;

export const WALK_TEST_USERS = WALK_KINDS.flatMap(({ kind, ...user }) =>
  Object.entries(WALK_LANGUAGES).map(([lng, language]) => ({
    ...user,
    grantedTasks: [...user.grantedTasks],
    username: `walk${kind}${lng}`,
    email: `walk${kind}${lng}@example.com`,
    language,
  })),
);

/** Every demo user gets an e-mail address (username@example.com), so "Forgot password" works for each. */
export async function seedAuth(tx: Tx) {
  await tx
    .update(users)
    .set({ email: sql`lower(${users.username}) || '@example.com'` })
    .where(isNull(users.email));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of AUTH_TEST_USERS) await upsertUser(tx, { ...u, grantedTasks: [], passwordHash });
  for (const u of WALK_TEST_USERS) await upsertUser(tx, { ...u, passwordHash });
}
