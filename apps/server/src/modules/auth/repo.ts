import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { passwordHistory, sessions, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(tx: Tx, username: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function insertSession(tx: Tx, values: typeof sessions.$inferInsert) {
  await tx.insert(sessions).values(values);
}

export async function endSession(tx: Tx, idHash: string) {
  await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(eq(sessions.idHash, idHash));
}

/** Ends every open session of a user (sign-out ends them in every browser). */
export async function endUserSessions(tx: Tx, userId: number) {
  await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

export async function touchSession(tx: Tx, idHash: string): Promise<Date> {
  const [row] = await tx
    .update(sessions)
    .set({ lastTouch: sql`now()` })
    .where(eq(sessions.idHash, idHash))
    .returning({ lastTouch: sessions.lastTouch });
  return row?.lastTouch ?? new Date();
}

export interface UserInput {
  username: string;
  fullName: string;
  email?: string | null;
  passwordHash: string;
  accountType: number;
  grantedTasks: number[];
  isAdmin?: boolean;
  alternatePortalUser?: boolean;
  ssoUser?: boolean;
  custNo?: number | null;
  merchantNo?: number | null;
  language?: number;
}

/** Creates the user, or updates the one with that username (any case), keeping the old hash in the history. */
export async function upsertUser(tx: Tx, input: UserInput): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByUsername(tx, input.username);
  const values = {
    fullName: input.fullName,
    email: input.email ?? null,
    passwordHash: input.passwordHash,
    accountType: input.accountType,
    grantedTasks: input.grantedTasks,
    isAdmin: input.isAdmin ?? false,
    alternatePortalUser: input.alternatePortalUser ?? false,
    ssoUser: input.ssoUser ?? false,
    custNo: input.custNo ?? null,
    merchantNo: input.merchantNo ?? null,
    language: input.language ?? 0,
    failedLogins: 0,
    lockedUntil: null,
    updatedAt: new Date(),
  };
  if (existing) {
    if (existing.passwordHash !== input.passwordHash) {
      await tx.insert(passwordHistory).values({ userId: existing.id, passwordHash: existing.passwordHash });
    }
    const [user] = await tx.update(users).set(values).where(eq(users.id, existing.id)).returning();
    return { user: user!, created: false };
  }
  const [user] = await tx
    .insert(users)
    .values({ username: input.username, ...values })
    .returning();
  return { user: user!, created: true };
}
