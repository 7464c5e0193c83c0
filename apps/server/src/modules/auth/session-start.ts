import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MessageCode, type AccountTypeSlug } from '@fc/contract';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/index';
import { hashToken, newToken } from '../../http/access';
import { audit, type Actor } from '../../audit/audit';
import { endSession, insertSession, type UserRow } from './repo';

/** Session languages (I18N-02): 0 English US, 1 Spanish, 2 French. */
const LANGUAGE_CODES = new Set([0, 1, 2]);

/**
 * Who acts, with the request's logger: what the auth services take instead of the request (issue 18). The
 * routes make it (routes.ts, callerOf); the request itself stays in the routes (cookies, redirects).
 */
export interface Caller extends Actor {
  log: FastifyBaseLogger;
}

/** The request a session starts from, as plain values. */
export interface SessionOrigin {
  requestId: string;
  ip: string;
  userAgent: string;
  /** The session the browser held before, ended by this sign-in. */
  previousSessionHash?: string;
  log: FastifyBaseLogger;
}

export type SessionStart = { ok: true; token: string; message?: MessageCode } | { ok: false; message: MessageCode };

/**
 * Creates the session of a user whose sign-in is complete (password, and code when the user has a second
 * factor): a new session id every time (the one the browser held before is ended), the failure count
 * cleared, the sign-in audited. `mfaEnrolmentRequired`: the session may only enrol a second factor.
 */
export async function startSession(
  ctx: AppContext,
  origin: SessionOrigin,
  user: UserRow,
  opts: { type: AccountTypeSlug; language: number | null; mfaEnrolmentRequired?: boolean; secondFactor?: 'totp' | 'recovery' },
): Promise<SessionStart> {
  const token = newToken();
  const badLanguage = !LANGUAGE_CODES.has(user.language);
  try {
    await ctx.db.transaction(async (tx) => {
      if (origin.previousSessionHash) await endSession(tx, origin.previousSessionHash);
      await insertSession(tx, {
        idHash: hashToken(token),
        userId: user.id,
        ip: origin.ip,
        userAgent: origin.userAgent.slice(0, 300),
        language: opts.language,
        mfaEnrolmentRequired: opts.mfaEnrolmentRequired ?? false,
      });
      await tx
        .update(users)
        .set({ failedLogins: 0, lockedUntil: null, ...(badLanguage ? { language: 0 } : {}) })
        .where(eq(users.id, user.id));
      await audit(
        tx,
        { userId: null, username: null, requestId: origin.requestId },
        {
          actor: { userId: user.id, username: user.username },
          entity: 'session',
          entityId: user.id,
          action: 'sign-in',
          after: {
            username: user.username,
            type: opts.type,
            ...(opts.secondFactor ? { secondFactor: opts.secondFactor } : {}),
            ...(opts.mfaEnrolmentRequired ? { mfaEnrolmentRequired: true } : {}),
          },
        },
      );
    });
  } catch (err) {
    origin.log.error({ event: 'login-error', userId: user.id, err }, 'session not created');
    return { ok: false, message: MessageCode.SessionCreationFailed };
  }
  origin.log.info({ event: 'login-success', userId: user.id }, 'signed in');
  // A language code the portal does not have falls back to English US, and the welcome page says so (1410).
  return { ok: true, token, ...(badLanguage ? { message: MessageCode.LanguageUnavailable } : {}) };
}
