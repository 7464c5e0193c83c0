import { z } from 'zod';
import { msg } from '../core/msg';
import { PASSWORD_INPUT_MAX } from './login-constants';
import { normaliseCode, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from './second-factor';

/*
 * The web forms' rules for a code of the second factor (issue 19), checked in the browser before anything is
 * sent: six digits from the authenticator app, or a recovery code `xxxxx-xxxxx` when the user switched to one.
 * Spaces and capitals are allowed (normaliseCode, as the server does). The server's body schemas
 * (second-factor.ts) are looser: it answers mfa-invalid for any code that does not match.
 */

/** One code field: a TOTP code, or a recovery code when `recovery`. */
export function secondFactorCodeRule(recovery: boolean) {
  return z.string().superRefine((value, ctx) => {
    const code = normaliseCode(value);
    if (!code) ctx.addIssue({ code: 'custom', message: msg('required', { field: recovery ? 'recoveryCode' : 'code' }) });
    else if (!(recovery ? RECOVERY_CODE_PATTERN : TOTP_CODE_PATTERN).test(code))
      ctx.addIssue({ code: 'custom', message: recovery ? 'recovery-code-format' : 'totp-code-format' });
  });
}

/** `{code}`: the enrolment's confirmation, new recovery codes, and the step-up check of a user with a second factor. */
export const secondFactorCodeFormSchema = (recovery: boolean) => z.object({ code: secondFactorCodeRule(recovery) });
export type SecondFactorCodeForm = z.infer<ReturnType<typeof secondFactorCodeFormSchema>>;

/** The code step of a sign-in (a form post): CODE, or RECOVERY_CODE when the user switched to one. */
export const secondFactorLoginFormSchema = (recovery: boolean) =>
  recovery ? z.object({ RECOVERY_CODE: secondFactorCodeRule(true) }) : z.object({ CODE: secondFactorCodeRule(false) });

const password = () =>
  z
    .string()
    .min(1, { error: msg('required', { field: 'password' }) })
    .max(PASSWORD_INPUT_MAX, { error: msg('maxLength', { field: 'password', max: PASSWORD_INPUT_MAX }) });

/** The step-up check of a user without a second factor: the password. */
export const stepUpPasswordFormSchema = z.object({
  password: password(),
});

/** Removing the second factor: the password and a code (TOTP, or a recovery code when `recovery`). */
export const secondFactorRemoveFormSchema = (recovery: boolean) =>
  z.object({
    password: password(),
    code: secondFactorCodeRule(recovery),
  });
export type SecondFactorRemoveForm = z.infer<ReturnType<typeof secondFactorRemoveFormSchema>>;
