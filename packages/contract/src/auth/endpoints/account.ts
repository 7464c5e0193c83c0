import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer, type CamelKeys } from '../../core/endpoint';
import { profileUpdateSchema, resetPasswordSchema, resetRequestSchema } from '../schemas';
import { languageCodeSchema } from './session';

const TAG = 'auth';

/** The signed-in user's own profile: who they are, where reset links go, and the language. */
export const profileAttributes = z.object({
  username: z.string(),
  'full-name': z.string(),
  email: z.string().nullable(),
  language: languageCodeSchema,
  'password-changed-at': z.string().nullable(),
});
export type Profile = CamelKeys<z.output<typeof profileAttributes>>;

/** The forgotten password (AUTH-05 to AUTH-08) and the user's own profile. */
export const accountEndpoints = {
  createResetPasswordRequest: endpoint({
    method: 'POST',
    path: '/fc-common-api/users/create_reset_password_request',
    tag: TAG,
    summary: 'Forgot password: e-mails a reset link; the same answer whether or not the username exists',
    access: 'public',
    body: resetRequestSchema,
    answer: resultAnswer(),
  }),
  checkPasswordRequest: endpoint({
    method: 'GET',
    path: '/fc-common-api/users/check_password_request/:token',
    tag: TAG,
    summary: 'The open reset request of an e-mailed token (404 when invalid, expired or used)',
    access: 'public',
    params: z.object({ token: z.string().max(200) }),
    answer: jsonApi('password-reset-request', z.object({ username: z.string(), 'expires-at': z.string() })),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/fc-common-api/users/reset_password',
    tag: TAG,
    summary: 'Sets a new password through an e-mailed token (code 7 on success)',
    access: 'public',
    body: resetPasswordSchema,
    answer: resultAnswer({ code: z.string() }),
  }),
  profile: endpoint({
    method: 'GET',
    path: '/fc-common-api/users/profile',
    tag: TAG,
    summary: 'The signed-in user’s own e-mail address and language',
    access: 'signedIn',
    answer: jsonApi('profile', profileAttributes),
  }),
  updateProfile: endpoint({
    method: 'POST',
    path: '/fc-common-api/users/profile',
    tag: TAG,
    summary: 'Saves the user’s e-mail address (current password needed to move it) and language',
    access: 'signedIn',
    body: profileUpdateSchema,
    answer: resultAnswer({ email: z.string(), language: languageCodeSchema }),
  }),
};
