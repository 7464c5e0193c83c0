/*
 * Kept apart from schemas.ts (which builds zod schemas) so that the login page, the first page of most
 * visits, can show its form before zod loads: it imports these at once and the schema after first paint.
 */

export const USERNAME_MAX = 64;
export const PASSWORD_INPUT_MAX = 64;

/** The classic login form post (AUTH-04). */
export const LOGIN_FORM_NAME = 'FLTCHG_USER_LOGIN_FORM';
export const LOGIN_ACTION = 'SUBMIT_LOGIN';

/*
 * Forgery defence of form posts (the login and logout forms), besides the Origin check: a double-submit
 * token. The server sets it as a cookie that only our own pages can read (SameSite=Strict, `__Host-` behind
 * HTTPS); each form post carries the same value in CSRF_FIELD, which a page of another site cannot know.
 */
export const CSRF_FIELD = 'CSRF_TOKEN';
export const CSRF_COOKIE = 'fc_csrf';
export const SECURE_CSRF_COOKIE = '__Host-fc_csrf';
/** 256 random bits, base64url. */
export const CSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The form token in a Cookie header or `document.cookie` (either cookie name), or undefined. */
export function csrfTokenOf(cookies: string | null | undefined): string | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if ((name === CSRF_COOKIE || name === SECURE_CSRF_COOKIE) && CSRF_TOKEN_PATTERN.test(value)) return value;
  }
  return undefined;
}
