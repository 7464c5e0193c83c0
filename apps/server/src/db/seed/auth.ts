import { isNull, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { users } from '../schema/index';
import { hashPassword } from '../../modules/auth/passwords';
import { upsertUser } from '../../modules/auth/repo';
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
  {
    username: 'signoutmerc',
    fullName: 'Sid Signout',
    email: 'signoutmerc@example.com',
    accountType: 1,
    grantedTasks: [],
    merchantNo: 1001,
  },
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

/** Every demo user gets an e-mail address (username@example.com), so "Forgot password" works for each. */
export async function seedAuth(tx: Tx) {
  await tx
    .update(users)
    .set({ email: sql`lower(${users.username}) || '@example.com'` })
    .where(isNull(users.email));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of AUTH_TEST_USERS) await upsertUser(tx, { ...u, grantedTasks: [], passwordHash });
}
