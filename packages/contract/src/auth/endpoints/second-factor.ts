import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer, type CamelKeys } from '../../core/endpoint';
import { secondFactorCodeSchema, secondFactorLoginPostSchema, secondFactorRemoveSchema, sessionVerifySchema } from '../second-factor';

const TAG = 'auth';

export const secondFactorChallengeAttributes = z.object({ username: z.string(), 'expires-at': z.string() });
/** The sign-in waiting for its code. */
export type SecondFactorChallenge = CamelKeys<z.output<typeof secondFactorChallengeAttributes>>;

export const secondFactorStatusAttributes = z.object({
  enrolled: z.boolean(),
  required: z.boolean(),
  'enrolled-at': z.string().nullable(),
  'recovery-codes-left': z.number().int(),
});
export type SecondFactorStatus = CamelKeys<z.output<typeof secondFactorStatusAttributes>>;

const enrolment = { secret: z.string(), 'otpauth-uri': z.string() };
/** A pending secret: base32 for typing into an authenticator app, and the otpauth:// URI of its QR code. */
export type SecondFactorEnrolment = CamelKeys<z.output<z.ZodObject<typeof enrolment>>>;
const recoveryCodes = { 'recovery-codes': z.array(z.string()) };

/** The second factor (decision 0700): the sign-in's code step, enrolment and management, the step-up check. */
export const secondFactorEndpoints = {
  secondFactorChallenge: endpoint({
    method: 'GET',
    path: '/fc-common-api/users/second-factor/challenge',
    tag: TAG,
    summary: 'The sign-in waiting for its code: who and until when (401 mfa-expired when none is alive)',
    access: 'public',
    answer: jsonApi('second-factor-challenge', secondFactorChallengeAttributes),
  }),
  secondFactorLogin: endpoint({
    method: 'POST',
    path: '/framework/login/second-factor',
    tag: TAG,
    summary: 'The code step’s form post (CODE or RECOVERY_CODE): the session starts here',
    access: 'public',
    body: secondFactorLoginPostSchema,
    bodyMediaType: 'form',
    answer: { kind: 'redirect', status: 303 },
  }),
  secondFactor: endpoint({
    method: 'GET',
    path: '/fc-common-api/users/second-factor',
    tag: TAG,
    summary: 'Whether the user has a second factor, must have one, and the recovery codes left',
    access: 'signedIn',
    answer: jsonApi('second-factor', secondFactorStatusAttributes),
  }),
  startEnrolment: endpoint({
    method: 'POST',
    path: '/fc-common-api/users/second-factor/enrolment',
    tag: TAG,
    summary: 'A new pending secret and its otpauth URI, until a first code confirms it',
    access: 'signedIn',
    answer: resultAnswer(enrolment),
  }),
  confirmEnrolment: endpoint({
    method: 'POST',
    path: '/fc-common-api/users/second-factor/enrolment/confirm',
    tag: TAG,
    summary: 'Confirms the pending secret with a first code: ten recovery codes, shown once',
    access: 'signedIn',
    body: secondFactorCodeSchema,
    answer: resultAnswer(recoveryCodes),
  }),
  removeSecondFactor: endpoint({
    method: 'DELETE',
    path: '/fc-common-api/users/second-factor',
    tag: TAG,
    summary: 'Removes the second factor, with the password and a code',
    access: 'signedIn',
    body: secondFactorRemoveSchema,
    answer: resultAnswer(),
  }),
  newRecoveryCodes: endpoint({
    method: 'POST',
    path: '/fc-common-api/users/second-factor/recovery-codes',
    tag: TAG,
    summary: 'Ten new recovery codes in place of the old ones, for a code of the factor',
    access: 'signedIn',
    body: secondFactorCodeSchema,
    answer: resultAnswer(recoveryCodes),
  }),
  verifySession: endpoint({
    method: 'POST',
    path: '/fc-common-api/session/verify',
    tag: TAG,
    summary: 'The step-up check: the password, or a code for users with a second factor',
    access: 'signedIn',
    body: sessionVerifySchema,
    answer: resultAnswer({ 'verified-at': z.string() }),
  }),
};
