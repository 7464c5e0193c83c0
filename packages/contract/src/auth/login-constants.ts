/*
 * Kept apart from schemas.ts (which builds zod schemas) so that the login page, the first page of most
 * visits, can show its form before zod loads: it imports these at once and the schema after first paint.
 */

export const USERNAME_MAX = 64;
export const PASSWORD_INPUT_MAX = 64;

/** The classic login form post (document 1 section 3). */
export const LOGIN_FORM_NAME = 'FLTCHG_USER_LOGIN_FORM';
export const LOGIN_ACTION = 'SUBMIT_LOGIN';
