import { z } from 'zod';
import { msg } from '../core/msg';
import { PASSWORD_INPUT_MAX } from './login-constants';
import { MfaCode } from './mfa-codes';

/*
 * The second factor (TOTP, RFC 6238) and the step-up check of issue 19: the wire contract between the server
 * (apps/server/src/modules/auth/second-factor) and the web pages (docs/decisions/0700-second-factor.md).
 */

/** Who must have a second factor (MFA_POLICY): `off` turns the second factor and the step-up off altogether. */
export const MFA_POLICIES = ['off', 'optional', 'admins', 'editors', 'corporate'] as const;
export type MfaPolicy = (typeof MFA_POLICIES)[number];

/** The httpOnly cookie holding the sign-in challenge between the password step and the code step. */
export const MFA_CHALLENGE_COOKIE = 'fc_mfa';
export const SECURE_MFA_CHALLENGE_COOKIE = '__Host-fc_mfa';

/** The pages (below /ui, under the prefix the user came in on) of the code step and of forced enrolment. */
export const SECOND_FACTOR_LOGIN_PATH = '/ui/login/second-factor';
export const SECOND_FACTOR_ENROL_PATH = '/ui/second-factor/enrol';

/** The code step's form post (like the login form). */
export const SECOND_FACTOR_FORM_NAME = 'FLTCHG_SECOND_FACTOR_FORM';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A TOTP code: six digits (spaces typed between groups are removed before the check). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown: two groups of five lower-case letters and digits, `xxxxx-xxxxx`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** A code as typed: spaces and hyphens-free TOTP, or a recovery code in any case; the server normalises. */
const CODE_MAX = 40;
const typedCode = z
  .string({ error: msg('required', { field: 'code' }) })
  .trim()
  .min(1, { error: msg('required', { field: 'code' }) })
  .max(CODE_MAX, { error: MfaCode.Invalid });

/** Normalises a typed code: spaces removed, lower case (a recovery code may be typed in capitals). */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toLowerCase();
}

/** POST /fc-common-api/users/second-factor/enrolment/confirm and /recovery-codes: `{code}` (TOTP; recovery codes too for /recovery-codes). */
export const secondFactorCodeSchema = z.strictObject({ code: typedCode });
export type SecondFactorCode = z.infer<typeof secondFactorCodeSchema>;

/** DELETE /fc-common-api/users/second-factor: `{password, code}` (code: TOTP or recovery code). */
export const secondFactorRemoveSchema = z.strictObject({
  password: z
    .string({ error: msg('required', { field: 'password' }) })
    .min(1, { error: msg('required', { field: 'password' }) })
    .max(PASSWORD_INPUT_MAX, { error: MfaCode.PasswordInvalid }),
  code: typedCode,
});
export type SecondFactorRemove = z.infer<typeof secondFactorRemoveSchema>;

/**
 * POST /fc-common-api/session/verify: `{password}` for users without a second factor, `{code}` (TOTP or
 * recovery code) for users with one (the password alone is refused for them: mfa-invalid on `code`).
 */
export const sessionVerifySchema = z
  .strictObject({
    password: z
      .string()
      .min(1, { error: msg('required', { field: 'password' }) })
      .max(PASSWORD_INPUT_MAX, { error: MfaCode.PasswordInvalid })
      .optional(),
    code: typedCode.optional(),
  })
  .refine((v) => v.password !== undefined || v.code !== undefined, { path: ['password'], error: msg('required', { field: 'password' }) });
export type SessionVerify = z.infer<typeof sessionVerifySchema>;

/** The code step's form post, POST /framework/login/second-factor: CODE or RECOVERY_CODE. */
export const secondFactorLoginPostSchema = z.object({
  WEB_FORM_NAME: z.string().max(100).optional(),
  CODE: z.string().max(CODE_MAX).optional(),
  RECOVERY_CODE: z.string().max(CODE_MAX).optional(),
  CSRF_TOKEN: z.string().max(200).optional(),
  LANGUAGE: z.string().max(10).optional(),
});
export type SecondFactorLoginPost = z.infer<typeof secondFactorLoginPostSchema>;
