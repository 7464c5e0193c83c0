import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN, normaliseCode } from '@fc/contract';
import type { AppContext } from '../../../context';
import { audit, type Actor as AuditActor } from '../../../audit/audit';
import { enqueueMail, wakeMailWorker } from '../../../mail/outbox';
import { users } from '../../../db/schema/index';
import { eq } from 'drizzle-orm';
import { countAttempt } from '../service';
import { encryptionKey, openSecret, recoveryCodeMatches } from './crypto';
import { matchingStep } from './totp';
import * as repo from './repo';

/** Who acts: a known user (the sign-in's code step has no session yet), and the request of the audit record. */
export interface Actor extends AuditActor {
  userId: number;
  username: string;
}

/** What a code was given for (written into the audit record of a failure). */
export type CodePurpose = 'sign-in' | 'step-up' | 'remove' | 'recovery-codes' | 'confirm';

export type CodeCheck = { ok: true; kind: 'totp' | 'recovery' } | { ok: false; locked: boolean };

/** A recovery code typed without its hyphen gets it back. */
function asRecoveryCode(code: string): string {
  return /^[a-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

/**
 * Checks a code of a user's confirmed second factor: a TOTP code not used before, or an unused recovery code
 * (used up by this check). Counted before the check in the same lockout as passwords (users.failed_logins,
 * countAttempt: one conditional statement, so concurrent wrong codes cannot pass the limit); a good code
 * clears the count. Failures and recovery-code uses are audited; a recovery-code use is mailed to the user.
 */
export async function checkCode(
  ctx: AppContext,
  actor: Actor,
  typed: string,
  purpose: CodePurpose,
  opts: { recovery?: boolean; now?: number } = {},
): Promise<CodeCheck> {
  const attempt = await countAttempt(ctx, actor.userId);
  if (attempt === undefined) return { ok: false, locked: true };
  const code = normaliseCode(typed);
  let kind: 'totp' | 'recovery' | undefined;
  if (TOTP_CODE_PATTERN.test(code)) {
    const factor = await repo.findFactor(ctx.db, actor.userId);
    if (factor?.confirmedAt) {
      const secret = openSecret(encryptionKey(ctx.config), actor.userId, factor.secretEnc);
      const step = matchingStep(secret, code, opts.now);
      if (step !== undefined && (await repo.acceptStep(ctx.db, actor.userId, step, false))) kind = 'totp';
    }
  } else if (opts.recovery !== false && RECOVERY_CODE_PATTERN.test(asRecoveryCode(code))) {
    const given = asRecoveryCode(code);
    for (const row of await repo.unusedRecoveryCodes(ctx.db, actor.userId)) {
      if (recoveryCodeMatches(given, row) && (await repo.useRecoveryCode(ctx.db, row.id))) {
        kind = 'recovery';
        break;
      }
    }
  }
  if (kind) {
    await repo.clearFailures(ctx.db, actor.userId);
    if (kind === 'recovery') await recoveryCodeUsed(ctx, actor, purpose);
    return { ok: true, kind };
  }
  const locked = attempt >= ctx.config.LOGIN_LOCK_ATTEMPTS;
  await audit(ctx.db, actor, {
    entity: 'user',
    entityId: actor.userId,
    action: 'second-factor-failed',
    after: { purpose, failures: attempt, locked },
  });
  return { ok: false, locked };
}

async function recoveryCodeUsed(ctx: AppContext, actor: Actor, purpose: CodePurpose) {
  const queued = await ctx.db.transaction(async (tx) => {
    const left = await repo.recoveryCodesLeft(tx, actor.userId);
    await audit(tx, actor, {
      entity: 'user',
      entityId: actor.userId,
      action: 'recovery-code-used',
      after: { purpose, left },
    });
    return notifyUser(ctx, tx, actor.userId, 'recovery-code-used', { left });
  });
  if (queued) wakeMailWorker(ctx);
}

/**
 * Queues a notice to the user's saved address, in the user's saved language, inside `tx`; false when the user
 * has no address (nothing to send).
 */
export async function notifyUser(
  ctx: AppContext,
  tx: Parameters<typeof enqueueMail>[1],
  userId: number,
  template: 'second-factor-added' | 'second-factor-removed' | 'recovery-code-used',
  params: Record<string, unknown>,
): Promise<boolean> {
  const [u] = await tx
    .select({ email: users.email, language: users.language, fullName: users.fullName, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u?.email) return false;
  await enqueueMail(ctx, tx, {
    template,
    to: u.email,
    language: u.language,
    userId,
    params: { fullName: u.fullName, username: u.username, at: new Date().toISOString(), ...params },
  });
  return true;
}
