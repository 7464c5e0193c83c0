import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer, type CamelKeys } from '../../core/endpoint';
import { appConfigSchema } from '../app-config';
import { languageUpdateSchema, loginPostSchema, sessionTimeoutSchema } from '../schemas';
import { sessionPaths } from './session-paths';

const TAG = 'auth';
const yesNo = z.enum(['Y', 'N']);
const accountType = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** A session language code (I18N-02): 0 English US, 1 Spanish, 2 French. */
export const languageCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** The signed-in user of users/current and users/check (AUTH-09, APP-10). */
export const currentUserAttributes = z.object({
  username: z.string(),
  'full-name': z.string(),
  'account-type': accountType,
  'working-account-type': accountType.nullable(),
  'alternate-portal-user': yesNo,
  'sso-user': yesNo,
  'granted-tasks': z.array(z.number()),
  language: languageCodeSchema,
  'cust-no': z.number().nullable(),
  'merchant-no': z.number().nullable(),
  /** Whether the user has a confirmed second factor (decision 0700; servers before it sent none: 'none'). */
  'second-factor': z.enum(['none', 'enrolled']).optional(),
  /** Whether MFA_POLICY requires the user to have one. */
  'second-factor-required': yesNo.optional(),
  /** The session may do nothing but enrol until the user has one (every other call: 403 mfa-enrolment-required). */
  'mfa-enrolment-required': yesNo.optional(),
});
/** The current user as the web app reads it (camelCase). */
export type CurrentUser = CamelKeys<z.output<typeof currentUserAttributes>>;

const timeoutAnswer = jsonApi('session-timeout', sessionTimeoutSchema);

/** Sign-in, sign-out, the session and the app's configuration (the auth domain). */
export const sessionEndpoints = {
  appConfig: endpoint({
    ...sessionPaths.appConfig,
    tag: TAG,
    summary: 'The app configuration: brand, links (placeholders filled for the caller), support and promotions',
    access: 'public',
    // Attribute names as the specification writes them (camelCase; programLinks keys kebab-case).
    answer: jsonApi('app-config', appConfigSchema),
  }),
  login: endpoint({
    ...sessionPaths.login,
    tag: TAG,
    summary: 'The login form post of an account type: to the welcome page, the code step, or back with a MESSAGE',
    access: 'public',
    params: z.object({ type: z.string().max(10) }),
    body: loginPostSchema,
    bodyMediaType: 'form',
    answer: { kind: 'redirect', status: 303 },
  }),
  logout: endpoint({
    ...sessionPaths.logout,
    tag: TAG,
    summary: 'Signs out (every session of the user) and goes to the home page with a MESSAGE',
    access: 'public',
    query: z.object({ reason: z.enum(['timeout']).optional() }),
    // The portal's pages post a form carrying only the form token (CSRF_TOKEN); an alternate-portal sign-out posts nothing.
    body: z.object({ CSRF_TOKEN: z.string().max(200).optional() }).optional(),
    bodyMediaType: 'form',
    answer: { kind: 'redirect', status: 303 },
  }),
  currentUser: endpoint({
    ...sessionPaths.currentUser,
    tag: TAG,
    summary: 'The signed-in user: account type, granted tasks, language and second-factor state',
    access: 'signedIn',
    answer: jsonApi('users', currentUserAttributes),
  }),
  checkUser: endpoint({
    ...sessionPaths.checkUser,
    tag: TAG,
    summary: 'The signed-in user, or an empty list for a visitor',
    access: 'public',
    answer: jsonApi('users', currentUserAttributes),
  }),
  sessionTimeout: endpoint({
    ...sessionPaths.sessionTimeout,
    tag: TAG,
    summary: 'The session timeout: warning and full-session minutes, last touch and the server clock',
    access: 'signedIn',
    answer: timeoutAnswer,
  }),
  pingSession: endpoint({
    ...sessionPaths.pingSession,
    tag: TAG,
    summary: 'Continue: refreshes the session’s last touch and answers the timeout again',
    access: 'signedIn',
    answer: timeoutAnswer,
  }),
  setLanguage: endpoint({
    ...sessionPaths.setLanguage,
    tag: TAG,
    summary: 'Saves the user’s language, which this session follows from now on',
    access: 'signedIn',
    body: languageUpdateSchema,
    answer: resultAnswer({ language: languageCodeSchema }),
  }),
  loginLinks: endpoint({
    ...sessionPaths.loginLinks,
    tag: TAG,
    summary: 'The login page of each account type',
    access: 'public',
    answer: jsonApi('login-links', z.object({ cust: z.string(), merc: z.string(), corp: z.string() })),
  }),
};
