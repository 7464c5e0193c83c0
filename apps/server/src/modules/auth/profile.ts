import { eq, sql } from 'drizzle-orm';
import { emailChangeNeedsPassword, MessageCode, type ProfileUpdate } from '@fc/contract';
import type { AppContext } from '../../context';
import { sessions, users } from '../../db/schema/index';
import { audit } from '../../audit/audit';
import type { SessionPrincipal } from '../../http/access';
import { AppError } from '../../http/errors';
import { enqueueMail, wakeMailWorker } from '../../mail/outbox';
import { verifyPassword } from './passwords';
import { countAttempt } from './service';
import { assertStepUp } from './second-factor/step-up';
import type { Caller } from './session-start';

/** The signed-in user's own profile: who they are, where reset links go, and the language. */
export async function getProfile(ctx: AppContext, userId: number) {
  const [row] = await ctx.db
    .select({
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      language: users.language,
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * A new recovery address needs the current password, checked as a sign-in's is: counted before the check
 * against the account's lockout (so a session cannot be used to guess it), and a right one clears the count.
 */
async function proveCurrentPassword(ctx: AppContext, caller: Caller, userId: number, password: string | undefined) {
  if (!password)
    throw new AppError(
      400,
      'required|field=currentPassword',
      'Enter your current password to change the e-mail address.',
      'currentPassword',
    );
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  const attempt = await countAttempt(ctx, userId);
  if (attempt === undefined) {
    caller.log.info({ event: 'profile-email-refused', reason: 'locked', userId }, 'e-mail change refused: account locked');
    throw new AppError(400, 'current-password-locked', 'Too many wrong passwords; try again later.', 'currentPassword');
  }
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    caller.log.info({ event: 'profile-email-refused', reason: 'wrong-password', userId, failures: attempt }, 'e-mail change refused');
    throw new AppError(400, 'current-password', 'The current password is not correct.', 'currentPassword');
  }
  await ctx.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** The session whose user saves: the step-up check reads it, and it follows a new saved language. */
export type ProfileSession = Pick<SessionPrincipal, 'userId' | 'sessionIdHash' | 'verifiedAt' | 'ssoUser'>;

export async function updateProfile(ctx: AppContext, caller: Caller, p: ProfileSession, input: ProfileUpdate) {
  const [stored] = await ctx.db
    .select({ email: users.email, username: users.username, fullName: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.id, p.userId))
    .limit(1);
  if (!stored) throw new AppError(401, MessageCode.LoginRequired, 'Sign in to use this page.');
  const moving = emailChangeNeedsPassword(stored.email, input.email);
  // Moving where reset links go is a sensitive change: a fresh check first (decision 0700), then the password.
  if (moving) assertStepUp(ctx.config, p);
  if (moving) await proveCurrentPassword(ctx, caller, p.userId, input.currentPassword);
  const changedAt = new Date();
  const saved = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, p.userId))
      .for('update');
    await tx
      .update(users)
      .set({ email: input.email, language: input.language, updatedAt: sql`now()` })
      .where(eq(users.id, p.userId));
    // A new saved language applies to this session too, over one picked on the login page (decision 0401).
    if (before && before.language !== input.language)
      await tx.update(sessions).set({ language: null }).where(eq(sessions.idHash, p.sessionIdHash));
    await audit(tx, caller, {
      entity: 'user',
      entityId: p.userId,
      action: 'profile',
      before,
      after: { email: input.email, language: input.language },
    });
    // The old address hears of the change, with the time and how to report it, in the language the account
    // had (a change of language in the same save does not choose the language of its own notice). Queued
    // with the change: both or neither.
    const oldEmail = before?.email;
    const notice =
      moving && oldEmail && oldEmail !== input.email
        ? await enqueueMail(ctx, tx, {
            template: 'email-changed',
            to: oldEmail,
            language: before?.language ?? stored.language,
            userId: p.userId,
            params: { fullName: stored.fullName, username: stored.username, changedAt: changedAt.toISOString() },
          })
        : undefined;
    return { email: input.email, language: input.language, notice };
  });
  if (saved.notice !== undefined) {
    wakeMailWorker(ctx);
    caller.log.info({ event: 'profile-email-changed', userId: p.userId, noticeQueued: true }, 'e-mail address changed');
  }
  return { email: saved.email, language: saved.language };
}
