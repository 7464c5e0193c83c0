import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';

// The token and link of a password-reset mail, made when the mail is prepared for sending (prepare.ts), so
// that a token only exists once its mail goes out.

/** 256 random bits, base64url: far beyond the 128 bits a guess would have to beat. */
export const newResetToken = () => randomBytes(32).toString('base64url');

export const resetLink = (ctx: AppContext, token: string) =>
  `${ctx.config.PUBLIC_URL}/ui/password/update?token=${encodeURIComponent(token)}`;
