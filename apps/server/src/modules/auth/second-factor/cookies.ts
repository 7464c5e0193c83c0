import { MFA_CHALLENGE_COOKIE, SECURE_MFA_CHALLENGE_COOKIE } from '@fc/contract';
import type { AppContext } from '../../../context';
import { sessionCookieOptions } from '../../../http/access';
import { underAlias } from '../../../http/ui-prefixes';

/** The sign-in challenge's cookie: `__Host-` behind HTTPS, like the session cookie. */
export function challengeCookieName(ctx: AppContext) {
  return ctx.config.secureCookies ? SECURE_MFA_CHALLENGE_COOKIE : MFA_CHALLENGE_COOKIE;
}

/** The same attributes as the session cookie (httpOnly, Lax, Secure behind HTTPS). */
export function challengeCookieOptions(ctx: AppContext) {
  return sessionCookieOptions(ctx);
}

/**
 * A page of the sign-in (`/ui/...`) for a user: under the alternate portal's prefix for its users, else under
 * the beta or production alias the user came in on, like the welcome page.
 */
export function uiUrlFor(ctx: AppContext, user: { alternatePortalUser: boolean }, alias: string | null, path: string): string {
  return user.alternatePortalUser && path.startsWith('/ui/') ? `/${ctx.config.ALTERNATE_PORTAL_PREFIX}${path}` : underAlias(path, alias);
}
