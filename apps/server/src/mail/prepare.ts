import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { passwordResetTokens, users } from '../db/schema/index';
import { hashToken } from '../http/access';
import type { mailOutbox } from '../db/schema/index';
import { newResetToken, resetLink } from './reset-link';

export interface PreparedMail {
  /** Values made at send time (a password-reset link), added to the stored params; never stored. */
  values: Record<string, unknown>;
  /** Undoes what preparing did when the message could not be sent (the unsent link's token is removed). */
  undo?: () => Promise<void>;
}

/**
 * What a message needs at the moment it is sent. A password-reset message gets its link now (decision
 * 0421): the token is created with the attempt that sends it, stored hashed as always, and removed again
 * when that attempt fails, so no usable link waits in the outbox or the job queue. A message that is no
 * longer wanted (the account was disabled, became single-sign-on, or lost its address) answers undefined.
 */
export async function prepareMail(ctx: AppContext, row: typeof mailOutbox.$inferSelect): Promise<PreparedMail | undefined> {
  if (row.template !== 'password-reset') return { values: {} };
  if (!row.userId) return undefined;
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, disabled: users.disabled, ssoUser: users.ssoUser })
    .from(users)
    .where(eq(users.id, row.userId))
    .limit(1);
  if (!user || user.disabled || user.ssoUser || !user.email) return undefined;
  const token = newResetToken();
  const tokenHash = hashToken(token);
  const minutes = ctx.config.RESET_TOKEN_MINUTES;
  await ctx.db.insert(passwordResetTokens).values({ tokenHash, userId: user.id, expiresAt: new Date(Date.now() + minutes * 60_000) });
  return {
    values: { link: resetLink(ctx, token), minutes },
    undo: async () => {
      await ctx.db.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
    },
  };
}
