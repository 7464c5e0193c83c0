import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { mfaChallenges, sessions, userRecoveryCodes, userSecondFactors, users } from '../../../db/schema/index';

export type SecondFactorRow = typeof userSecondFactors.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;

export async function findFactor(tx: Tx, userId: number): Promise<SecondFactorRow | undefined> {
  const [row] = await tx.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId)).limit(1);
  return row;
}

/** True when the user has a confirmed second factor. */
export async function isEnrolled(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ userId: userSecondFactors.userId })
    .from(userSecondFactors)
    .where(and(eq(userSecondFactors.userId, userId), isNotNull(userSecondFactors.confirmedAt)))
    .limit(1);
  return !!row;
}

/** Keeps a new pending secret in place of any other pending one; a confirmed factor is never replaced here. */
export async function savePending(tx: Tx, userId: number, secretEnc: string): Promise<boolean> {
  const rows = await tx
    .insert(userSecondFactors)
    .values({ userId, secretEnc })
    .onConflictDoUpdate({
      target: userSecondFactors.userId,
      set: { secretEnc, createdAt: sql`now()`, lastUsedStep: null },
      setWhere: isNull(userSecondFactors.confirmedAt),
    })
    .returning({ userId: userSecondFactors.userId });
  return rows.length > 0;
}

/**
 * Accepts a code's time step once: true when this call moved last_used_step forward (no code of this step or
 * an earlier one was accepted before). One statement, so two requests with the same code cannot both pass.
 * `confirm`: the first code of a pending enrolment, which confirms it.
 */
export async function acceptStep(tx: Tx, userId: number, step: number, confirm: boolean): Promise<boolean> {
  const rows = await tx
    .update(userSecondFactors)
    .set({ lastUsedStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
    .where(
      and(
        eq(userSecondFactors.userId, userId),
        confirm ? isNull(userSecondFactors.confirmedAt) : isNotNull(userSecondFactors.confirmedAt),
        or(isNull(userSecondFactors.lastUsedStep), lt(userSecondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userSecondFactors.userId });
  return rows.length > 0;
}

export async function deleteFactor(tx: Tx, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(userSecondFactors)
    .where(eq(userSecondFactors.userId, userId))
    .returning({ userId: userSecondFactors.userId });
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  return rows.length > 0;
}

export async function replaceRecoveryCodes(tx: Tx, userId: number, hashes: { salt: string; codeHash: string }[]) {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  if (hashes.length > 0) await tx.insert(userRecoveryCodes).values(hashes.map((h) => ({ userId, ...h })));
}

export async function unusedRecoveryCodes(tx: Tx, userId: number) {
  return tx
    .select({ id: userRecoveryCodes.id, salt: userRecoveryCodes.salt, codeHash: userRecoveryCodes.codeHash })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
}

/** Marks a recovery code used; false when another request used it first (single use, one statement). */
export async function useRecoveryCode(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userRecoveryCodes.id, id), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A good code clears the failure count of the lockout, as a right password does. */
export async function clearFailures(tx: Tx, userId: number) {
  await tx.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export async function markVerified(tx: Tx, sessionIdHash: string): Promise<Date> {
  const [row] = await tx
    .update(sessions)
    .set({ verifiedAt: sql`now()` })
    .where(eq(sessions.idHash, sessionIdHash))
    .returning({ verifiedAt: sessions.verifiedAt });
  return row?.verifiedAt ?? new Date();
}

/** After enrolment: none of the user's open sessions is held to enrolment any more. */
export async function clearEnrolmentMark(tx: Tx, userId: number) {
  await tx
    .update(sessions)
    .set({ mfaEnrolmentRequired: false })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), eq(sessions.mfaEnrolmentRequired, true)));
}

export async function insertChallenge(tx: Tx, values: typeof mfaChallenges.$inferInsert) {
  // One code step at a time per user, and expired ones are not kept.
  await tx.delete(mfaChallenges).where(or(eq(mfaChallenges.userId, values.userId), lt(mfaChallenges.expiresAt, sql`now()`)));
  await tx.insert(mfaChallenges).values(values);
}

/** The live challenge of a token hash, with its user. */
export async function findChallenge(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({ challenge: mfaChallenges, user: users })
    .from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), sql`${mfaChallenges.expiresAt} > now()`))
    .limit(1);
  return row;
}

/** Ends a challenge; false when it was already gone (used by a concurrent request, or expired and swept). */
export async function deleteChallenge(tx: Tx, tokenHash: string): Promise<boolean> {
  const rows = await tx.delete(mfaChallenges).where(eq(mfaChallenges.tokenHash, tokenHash)).returning({ t: mfaChallenges.tokenHash });
  return rows.length > 0;
}
