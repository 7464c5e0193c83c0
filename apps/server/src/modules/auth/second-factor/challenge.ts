import { SECOND_FACTOR_LOGIN_PATH, type AccountTypeSlug } from '@fc/contract';
import type { AppContext } from '../../../context';
import { hashToken, newToken } from '../../../http/access';
import { underAlias } from '../../../http/ui-prefixes';
import * as repo from './repo';

/**
 * The code step of a sign-in (decision 0700): after the right password, no session yet; a random token in
 * the fc_mfa cookie names a challenge row (its SHA-256) that lasts MFA_CHALLENGE_MINUTES.
 */
export async function openChallenge(
  ctx: AppContext,
  input: { userId: number; formType: AccountTypeSlug; alias: string | null; language: number | null; message?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ctx.config.MFA_CHALLENGE_MINUTES * 60_000);
  await repo.insertChallenge(ctx.db, {
    tokenHash: hashToken(token),
    userId: input.userId,
    formType: input.formType,
    alias: input.alias,
    language: input.language,
    message: input.message ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The live challenge named by a cookie's token, with its user; undefined when absent, malformed or expired. */
export async function liveChallenge(ctx: AppContext, token: string | undefined) {
  if (!token || token.length > 200) return undefined;
  const row = await repo.findChallenge(ctx.db, hashToken(token));
  return row ? { ...row, tokenHash: hashToken(token) } : undefined;
}

/** The code page under the alias the user came in on. */
export function codePageUrl(alias: string | null, message?: string): string {
  const page = underAlias(SECOND_FACTOR_LOGIN_PATH, alias);
  return message ? `${page}?MESSAGE=${encodeURIComponent(message)}` : page;
}
