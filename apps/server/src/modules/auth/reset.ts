import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { COMMON_PASSWORD_CODE, fillLink, linkValues, MessageCode, RESET_TOKEN_PATTERN } from '@fc/contract';
import { enqueueMail, wakeMailWorker } from '../../mail/outbox';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { passwordHistory, passwordResetTokens, sessions, users } from '../../db/schema/index';
import { hashToken } from '../../http/access';
import { AppError } from '../../http/errors';
import { audit } from '../../audit/audit';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './passwords';
import { findUserByUsername } from './repo';
import type { Caller } from './session-start';

/** The current hash and this many earlier ones are refused as a new password (code 9). */
export const PASSWORD_HISTORY_DEPTH = 5;

/** The reset requests still at work after their answer, per app context (so that closing waits for them). */
const backlog = new WeakMap<AppContext, Set<Promise<void>>>();

/** The audit record of a reset step: the user the reset is for acts, before any session of theirs exists. */
function auditResetStep(tx: Tx, caller: Caller, user: { id: number; username: string }, action: string, after: unknown): Promise<void> {
  return audit(
    tx,
    { userId: null, username: null, requestId: caller.requestId },
    { actor: { userId: user.id, username: user.username }, entity: 'user', entityId: user.id, action, after },
  );
}

/**
 * Forgot password, after the answer: the route answers every request the same way at once, and this does the
 * work afterwards, so neither the answer nor its timing tells whether the username has an account (a known
 * one writes a token and an audit row and sends a mail; an unknown one does nothing). A failure is logged.
 */
export function queueResetRequest(ctx: AppContext, caller: Caller, username: string): void {
  let pending = backlog.get(ctx);
  if (!pending) backlog.set(ctx, (pending = new Set()));
  const work = createResetRequest(ctx, caller, username).catch((err: unknown) => {
    caller.log.error({ event: 'password-reset-request-error', error: (err as Error)?.name ?? 'Error' }, 'password reset request failed');
  });
  pending.add(work);
  void work.finally(() => pending.delete(work));
}

/** Resolves once every queued reset request of this context has finished (app close, tests). */
export async function resetRequestsSettled(ctx: AppContext): Promise<void> {
  const pending = backlog.get(ctx);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}

/**
 * The work of a forgot-password request: a known, enabled user with an e-mail address gets a new link by
 * e-mail (queued, sent by the e-mail job); earlier unused links of that user keep working until they expire
 * or one is used. Runs after the answer (queueResetRequest).
 */
export async function createResetRequest(ctx: AppContext, caller: Caller, username: string): Promise<void> {
  const user = await findUserByUsername(ctx.db, username);
  if (!user || user.disabled || !user.email) {
    caller.log.info(
      { event: 'password-reset-request', outcome: user ? 'no-email-or-disabled' : 'unknown-user' },
      'password reset requested: nothing sent',
    );
    return;
  }
  if (user.ssoUser) {
    // No portal password to reset: the owner is told (at the account's address only) where to sign in.
    const signIn = fillLink(ctx.config.EXTERNAL_LOGIN_URL, linkValues(user));
    const signInUrl = /^https?:\/\//.test(signIn) ? signIn : `${ctx.config.PUBLIC_URL}${signIn}`;
    await ctx.db.transaction((tx) =>
      enqueueMail(ctx, tx, {
        template: 'sso-reset',
        to: user.email!,
        language: user.language,
        userId: user.id,
        params: { fullName: user.fullName, username: user.username, signInUrl },
      }),
    );
    wakeMailWorker(ctx);
    caller.log.info(
      { event: 'password-reset-request', outcome: 'sso-user', userId: user.id },
      'password reset requested: single-sign-on user',
    );
    return;
  }
  // The link itself is made by the e-mail job when it sends the message (decision 0421): the token never
  // waits in the outbox or the job queue. Earlier links stay good until they expire or one of them is used:
  // anyone may ask for a reset of a username, and a new request must not break the link its owner already
  // holds (the per-username throttle bounds how many there are).
  await ctx.db.transaction(async (tx) => {
    const mailId = await enqueueMail(ctx, tx, {
      template: 'password-reset',
      to: user.email!,
      language: user.language,
      userId: user.id,
      params: { fullName: user.fullName, username: user.username },
    });
    await auditResetStep(tx, caller, user, 'password-reset-request', { mailId, linkMinutes: ctx.config.RESET_TOKEN_MINUTES });
  });
  wakeMailWorker(ctx);
  caller.log.info({ event: 'password-reset-request', outcome: 'queued', userId: user.id }, 'password reset requested');
}

/** The unused, unexpired request of a token, with its user, or undefined. */
export async function findOpenRequest(ctx: AppContext, token: string) {
  if (!RESET_TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await ctx.db
    .select({ tokenHash: passwordResetTokens.tokenHash, expiresAt: passwordResetTokens.expiresAt, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  // A single-sign-on user's link (one sent before the account became one) no longer resets anything.
  if (!row || row.user.disabled || row.user.ssoUser) return undefined;
  return row;
}

const resetFailed = () =>
  new AppError(400, MessageCode.PasswordResetFailed, 'This password-reset link is invalid, expired or already used.', 'token');

/**
 * Sets a new password through an e-mailed token. common-password when it is in the list of common and
 * breached passwords; code 9 when it equals the current or one of the last few; then the token stays usable. On success the token is spent, the account unlocked and every
 * session of the user ended.
 */
export async function resetPassword(ctx: AppContext, caller: Caller, token: string, password: string): Promise<void> {
  const open = await findOpenRequest(ctx, token);
  if (!open) {
    caller.log.info({ event: 'password-reset-refused', reason: 'bad-token' }, 'password reset refused');
    throw resetFailed();
  }
  const user = open.user;
  if (isCommonPassword(password)) {
    caller.log.info({ event: 'password-reset-refused', reason: 'common-password', userId: user.id }, 'password reset refused');
    throw new AppError(
      400,
      COMMON_PASSWORD_CODE,
      'This password is too common (it is in lists of breached passwords); choose another one.',
      'password',
    );
  }
  const previous = await ctx.db
    .select({ passwordHash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, user.id))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY_DEPTH - 1);
  for (const h of [user.passwordHash, ...previous.map((p) => p.passwordHash)]) {
    if (await verifyPassword(h, password)) {
      caller.log.info({ event: 'password-reset-refused', reason: 'reused', userId: user.id }, 'password reset refused');
      throw new AppError(
        400,
        MessageCode.PasswordSameAsPrevious,
        'The new password must be different from your previous passwords.',
        'password',
      );
    }
  }
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // Claiming the token and changing the password are one step: of two concurrent uses, one wins.
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, open.tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (claimed.length === 0) throw resetFailed();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt), ne(passwordResetTokens.tokenHash, open.tokenHash)),
      );
    await tx.insert(passwordHistory).values({ userId: user.id, passwordHash: user.passwordHash });
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ endedAt: sql`now()` })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt)));
    await auditResetStep(tx, caller, user, 'password-reset', { unlocked: !!user.lockedUntil });
  });
  caller.log.info({ event: 'password-reset', userId: user.id }, 'password reset');
}
