import { eq } from 'drizzle-orm';
import { MfaCode, normaliseCode, TOTP_CODE_PATTERN, type SecondFactorStatus } from '@fc/contract';
import type { AppContext } from '../../../context';
import { audit } from '../../../audit/audit';
import { users } from '../../../db/schema/index';
import { AppError } from '../../../http/errors';
import { wakeMailWorker } from '../../../mail/outbox';
import { verifyPassword } from '../passwords';
import { countAttempt } from '../service';
import { encryptionKey, hashRecoveryCode, newRecoveryCodes, openSecret, sealSecret } from './crypto';
import { secondFactorApplies, secondFactorRequired, type PolicySubject } from './policy';
import * as repo from './repo';
import { matchingStep, newTotpSecret, totpOf } from './totp';
import { checkCode, notifyUser, type Actor, type CodePurpose } from './verify';

/** The signed-in user as these services need it: who, and what the policy looks at. */
export interface SecondFactorUser extends Actor, PolicySubject {}

const invalid = (field = 'code') => new AppError(400, MfaCode.Invalid, 'The code is wrong or was already used.', field);
const passwordInvalid = () => new AppError(400, MfaCode.PasswordInvalid, 'The password is not correct.', 'password');
/** Locked by failed codes or passwords: the session ends (the caller clears its cookie). */
export const lockedOut = () => new AppError(401, '5', 'Too many failed attempts: the account is locked for a while.');

function refuseSso(ctx: AppContext, u: SecondFactorUser) {
  if (!secondFactorApplies(ctx.config.MFA_POLICY, u))
    throw new AppError(403, '209', 'Second factors are not used for this account (single sign-on, or MFA_POLICY=off).');
}

export async function secondFactorStatus(ctx: AppContext, u: SecondFactorUser): Promise<SecondFactorStatus> {
  const factor = await repo.findFactor(ctx.db, u.userId);
  const enrolled = !!factor?.confirmedAt;
  return {
    enrolled,
    required: secondFactorRequired(ctx.config.MFA_POLICY, u),
    enrolledAt: factor?.confirmedAt?.toISOString() ?? null,
    recoveryCodesLeft: enrolled ? await repo.recoveryCodesLeft(ctx.db, u.userId) : 0,
  };
}

/** A new pending secret (replacing a pending one) and its otpauth URI for the QR code. */
export async function startEnrolment(ctx: AppContext, u: SecondFactorUser) {
  refuseSso(ctx, u);
  const secret = newTotpSecret();
  const saved = await repo.savePending(ctx.db, u.userId, sealSecret(encryptionKey(ctx.config), u.userId, secret));
  if (!saved) throw new AppError(409, 'mfa-enrolled', 'A second factor is already set up: remove it first.');
  return { secret, otpauthUri: totpOf(secret, u.username, ctx.config.BRAND_NAME).toString() };
}

/** Confirms the pending secret with a first code: ten recovery codes (shown once), mail and audit. */
export async function confirmEnrolment(ctx: AppContext, u: SecondFactorUser, typed: string, now = Date.now()) {
  refuseSso(ctx, u);
  const code = normaliseCode(typed);
  const factor = await repo.findFactor(ctx.db, u.userId);
  if (!factor || factor.confirmedAt) throw new AppError(409, 'mfa-no-enrolment', 'Start the set-up again: no enrolment is pending.');
  const step = TOTP_CODE_PATTERN.test(code)
    ? matchingStep(openSecret(encryptionKey(ctx.config), u.userId, factor.secretEnc), code, now)
    : undefined;
  const codes = newRecoveryCodes();
  const ok = await ctx.db.transaction(async (tx) => {
    if (step === undefined || !(await repo.acceptStep(tx, u.userId, step, true))) return false;
    await repo.replaceRecoveryCodes(
      tx,
      u.userId,
      codes.map((c) => hashRecoveryCode(c)),
    );
    await repo.clearEnrolmentMark(tx, u.userId);
    await audit(tx, u, { entity: 'user', entityId: u.userId, action: 'second-factor-enrolled' });
    await notifyUser(ctx, tx, u.userId, 'second-factor-added', {});
    return true;
  });
  if (!ok) {
    await audit(ctx.db, u, {
      entity: 'user',
      entityId: u.userId,
      action: 'second-factor-failed',
      after: { purpose: 'confirm' satisfies CodePurpose },
    });
    throw invalid();
  }
  wakeMailWorker(ctx);
  return { recoveryCodes: codes };
}

/**
 * Checks the password as a sign-in does (counted before the check in the lockout, a right one clears the
 * count); throws password-invalid, or the lockout (401, code 5).
 */
export async function provePassword(ctx: AppContext, u: Actor, password: string, purpose: CodePurpose) {
  const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, u.userId)).limit(1);
  const attempt = await countAttempt(ctx, u.userId);
  if (attempt === undefined) throw lockedOut();
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    const locked = attempt >= ctx.config.LOGIN_LOCK_ATTEMPTS;
    await audit(ctx.db, u, {
      entity: 'user',
      entityId: u.userId,
      action: purpose === 'step-up' ? 'step-up-failed' : 'second-factor-failed',
      after: { purpose, failures: attempt, locked, with: 'password' },
    });
    if (locked) throw lockedOut();
    throw passwordInvalid();
  }
  await repo.clearFailures(ctx.db, u.userId);
}

/** Checks a code and throws mfa-invalid or the lockout. */
export async function proveCode(ctx: AppContext, u: Actor, code: string, purpose: CodePurpose, now?: number) {
  const result = await checkCode(ctx, u, code, purpose, { now });
  if (result.ok) return result.kind;
  if (result.locked) throw lockedOut();
  throw invalid();
}

/** Removes the second factor, with the password and a code (TOTP or recovery); mail and audit. */
export async function removeSecondFactor(ctx: AppContext, u: SecondFactorUser, input: { password: string; code: string }) {
  refuseSso(ctx, u);
  if (!(await repo.isEnrolled(ctx.db, u.userId))) throw new AppError(409, 'mfa-no-factor', 'No second factor is set up.');
  await provePassword(ctx, u, input.password, 'remove');
  await proveCode(ctx, u, input.code, 'remove');
  await ctx.db.transaction(async (tx) => {
    await repo.deleteFactor(tx, u.userId);
    await audit(tx, u, { entity: 'user', entityId: u.userId, action: 'second-factor-removed' });
    await notifyUser(ctx, tx, u.userId, 'second-factor-removed', { byAdministrator: false });
  });
  wakeMailWorker(ctx);
}

/** Ten new recovery codes in place of the old ones, for a code of the factor (TOTP or a recovery code). */
export async function regenerateRecoveryCodes(ctx: AppContext, u: SecondFactorUser, code: string) {
  refuseSso(ctx, u);
  if (!(await repo.isEnrolled(ctx.db, u.userId))) throw new AppError(409, 'mfa-no-factor', 'No second factor is set up.');
  await proveCode(ctx, u, code, 'recovery-codes');
  const codes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    await repo.replaceRecoveryCodes(
      tx,
      u.userId,
      codes.map((c) => hashRecoveryCode(c)),
    );
    await audit(tx, u, { entity: 'user', entityId: u.userId, action: 'recovery-codes-replaced' });
  });
  return { recoveryCodes: codes };
}

/**
 * The step-up check (POST /fc-common-api/session/verify): a code for users with a second factor (their
 * password alone is not enough), else the password. Sets the session's verified_at.
 */
export async function verifySession(
  ctx: AppContext,
  u: SecondFactorUser & { sessionIdHash: string },
  input: { password?: string; code?: string },
  now?: number,
): Promise<Date> {
  if (await repo.isEnrolled(ctx.db, u.userId)) {
    if (input.code === undefined) throw new AppError(400, MfaCode.Invalid, 'Enter a code from your authenticator app.', 'code');
    await proveCode(ctx, u, input.code, 'step-up', now);
  } else {
    if (input.password === undefined) throw new AppError(400, MfaCode.PasswordInvalid, 'Enter your password.', 'password');
    await provePassword(ctx, u, input.password, 'step-up');
  }
  return repo.markVerified(ctx.db, u.sessionIdHash);
}

/** The users CLI: removes a user's second factor (and recovery codes); audited, mailed. False: none was set up. */
export async function resetSecondFactor(ctx: AppContext, target: { userId: number; username: string }, operator: string): Promise<boolean> {
  const removed = await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteFactor(tx, target.userId))) return false;
    // No portal user acts: the record names the operator of the command.
    await audit(tx, null, {
      entity: 'user',
      entityId: target.userId,
      action: 'second-factor-reset',
      after: { username: target.username, by: operator },
    });
    await notifyUser(ctx, tx, target.userId, 'second-factor-removed', { byAdministrator: true });
    return true;
  });
  if (removed) wakeMailWorker(ctx);
  return removed;
}
