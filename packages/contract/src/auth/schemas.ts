import { z } from 'zod';
import { msg } from '../core/validation';
import { PASSWORD_INPUT_MAX, USERNAME_MAX } from './login-constants';

export * from './login-constants';

/** What the login page validates before posting (AUTH-03). */
export const loginFormSchema = z.object({
  USERNAME: z
    .string()
    .min(1, { error: msg('required', { field: 'username' }) })
    .max(USERNAME_MAX, { error: msg('maxLength', { field: 'username', max: USERNAME_MAX }) }),
  PASSWORD: z
    .string()
    .min(1, { error: msg('required', { field: 'password' }) })
    .max(PASSWORD_INPUT_MAX, { error: msg('maxLength', { field: 'password', max: PASSWORD_INPUT_MAX }) }),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The whole post as the server reads it; the server never trusts the browser's checks. */
export const loginPostSchema = z.object({
  WEB_FORM_NAME: z.string().max(100).optional(),
  ACTION: z.string().max(100).optional(),
  REFERRER_URL: z.string().max(2000).optional(),
  USERNAME: z.string().max(10_000).optional(),
  PASSWORD: z.string().max(10_000).optional(),
  /** The form token (CSRF_FIELD), checked against its cookie before the body is read (server http/access.ts). */
  CSRF_TOKEN: z.string().max(200).optional(),
  /**
   * The language the visitor picked on the login page ('en-us', 'es', 'fr'), kept for the session that
   * starts (decision 0401); absent or unknown: the user's saved language. Never a reason to refuse a sign-in.
   */
  LANGUAGE: z.string().max(10).optional(),
});

/**
 * The specification's password rule (AUTH-08): 8 to 12 letters and digits, at least one digit.
 * Message 503 for any breach.
 */
export const PASSWORD_RULE = /^(?=.*\d)[A-Za-z0-9]{8,12}$/;
export function isValidPassword(p: string): boolean {
  return PASSWORD_RULE.test(p);
}
/**
 * The code (a named message) of a new password that follows the rule but is in the list of common and
 * breached passwords the server ships (modules/auth/common-passwords.ts). The list stays on the server: the
 * browser shows the message the server answers with.
 */
export const COMMON_PASSWORD_CODE = 'common-password';
export const newPasswordSchema = z.string().max(PASSWORD_INPUT_MAX, { error: '503' }).regex(PASSWORD_RULE, { error: '503' });

/** Forgot password (AUTH-05): username required, at most 64. The request field is `user`. */
export const resetRequestSchema = z.object({
  user: z
    .string({ error: msg('required', { field: 'username' }) })
    .trim()
    .min(1, { error: msg('required', { field: 'username' }) })
    .max(USERNAME_MAX, { error: msg('maxLength', { field: 'username', max: USERNAME_MAX }) }),
});
export type ResetRequest = z.infer<typeof resetRequestSchema>;

/** The emailed token: base64url of at least 128 random bits (the server makes 256). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

/**
 * The code of a throttled forgot-password request (429): `reset-wait|minutes=N`. The browser says no more than
 * "check your mailbox, or try again in N minutes", whether or not the username has an account.
 */
export const RESET_WAIT_CODE = 'reset-wait';
/** The minutes of a reset-wait code, or undefined for any other code. */
export function resetWaitMinutes(code: string | undefined): number | undefined {
  const m = /^reset-wait\|minutes=(\d{1,3})$/.exec(code ?? '');
  return m ? Number(m[1]) : undefined;
}

/** POST /fc-common-api/users/reset_password {token, password}. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: msg('required', { field: 'token' }) }).max(200, { error: 'not-found' }),
  password: z.string({ error: '503' }).pipe(newPasswordSchema),
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/**
 * The change-password form (AUTH-08): both fields required, at most 64 typed; the
 * password follows the rule (503), the confirmation equals it ('match').
 */
export const passwordUpdateFormSchema = z
  .object({
    password: z
      .string()
      .min(1, { error: msg('required', { field: 'password' }) })
      .max(PASSWORD_INPUT_MAX, { error: '503' })
      .regex(PASSWORD_RULE, { error: '503' }),
    confirmPassword: z
      .string()
      .min(1, { error: msg('required', { field: 'confirmPassword' }) })
      .max(PASSWORD_INPUT_MAX, { error: msg('maxLength', { field: 'confirmPassword', max: PASSWORD_INPUT_MAX }) }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'match' });
export type PasswordUpdateForm = z.infer<typeof passwordUpdateFormSchema>;

/** The signed-in user's own profile: the e-mail address that password-reset links go to, and the language. */
export const EMAIL_MAX = 254;
export const profileUpdateSchema = z.strictObject({
  email: z
    .string({ error: msg('required', { field: 'email' }) })
    .trim()
    .min(1, { error: msg('required', { field: 'email' }) })
    .max(EMAIL_MAX, { error: msg('maxLength', { field: 'email', max: EMAIL_MAX }) })
    .pipe(z.email({ error: msg('email') })),
  language: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: msg('required', { field: 'language' }) }),
  /**
   * The user's current password: required when the e-mail address changes (emailChangeNeedsPassword), so
   * that a session left open on a shared computer is not enough to move where reset links go.
   */
  currentPassword: z
    .string()
    .max(PASSWORD_INPUT_MAX, { error: msg('maxLength', { field: 'currentPassword', max: PASSWORD_INPUT_MAX }) })
    .optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** True when saving `next` moves the address reset links go to (any change, case included, after trimming). */
export function emailChangeNeedsPassword(savedEmail: string | null | undefined, nextEmail: string): boolean {
  return (savedEmail ?? '').trim() !== nextEmail.trim();
}

/**
 * The profile form's schema for a user whose saved address is `savedEmail`: the server checks the same rule
 * (modules/auth/profile.ts) against the address it has stored.
 */
export const profileFormSchema = (savedEmail: string | null | undefined) =>
  profileUpdateSchema.superRefine((v, ctx) => {
    if (emailChangeNeedsPassword(savedEmail, v.email) && !v.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: msg('required', { field: 'currentPassword' }) });
  });

/** Session timeout configuration (SESS-06). Absent minutes count as 0, absent touch as now. */
export const sessionTimeoutSchema = z.object({
  warning_alert_minutes: z.number().nullish(),
  full_session_minutes: z.number().nullish(),
  last_touch: z.string().nullish(),
  /** Not in the specification: the server's clock, so the browser can place last_touch on its own. */
  server_time: z.string().nullish(),
});
export type SessionTimeoutConfig = z.infer<typeof sessionTimeoutSchema>;

export const languageUpdateSchema = z.strictObject({ language: z.union([z.literal(0), z.literal(1), z.literal(2)]) });
