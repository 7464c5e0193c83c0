// Apart from the second factor's schemas: the API client of every page reads these codes (decision 0950).

/** The codes (named messages and JSON:API error codes) of the second factor. */
export const MfaCode = {
  /** A wrong or already used code (TOTP or recovery code). */
  Invalid: 'mfa-invalid',
  /** The sign-in's code step is gone (expired or never started): sign in again. */
  Expired: 'mfa-expired',
  /** The user must enrol a second factor before doing anything else. */
  EnrolmentRequired: 'mfa-enrolment-required',
  /** A sensitive change needs a fresh password or code check (POST /fc-common-api/session/verify). */
  StepUpRequired: 'step-up-required',
  /** A wrong password given to the step-up check or to removing the second factor. */
  PasswordInvalid: 'password-invalid',
} as const;
export type MfaCode = (typeof MfaCode)[keyof typeof MfaCode];
