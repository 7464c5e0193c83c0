import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { CSRF_FIELD, MFA_CHALLENGE_COOKIE, SECOND_FACTOR_FORM_NAME, type AccountTypeSlug } from '@fc/contract';
import type { Db } from '../../src/db/client';
import { sessions, userSecondFactors } from '../../src/db/schema/index';
import { hashToken } from '../../src/http/access';
import { hashPassword } from '../../src/modules/auth/passwords';
import { upsertUser } from '../../src/modules/auth/repo';
import { TEST_ORIGIN } from '../helpers/app';
import { api, FORM_TOKEN, postLogin, sessionCookieOf, withFormTokenCookie } from '../helpers/http';

/** The password of the users these tests make. */
export const PASSWORD = 'Second2026';

/** A user of these tests, with an e-mail address (the notices go there) and a language. */
export async function makeUser(
  db: Db,
  username: string,
  opts: { accountType?: number; tasks?: number[]; isAdmin?: boolean; ssoUser?: boolean; language?: number; merchantNo?: number } = {},
) {
  const { user } = await upsertUser(db, {
    username,
    fullName: `Pat ${username}`,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(PASSWORD),
    accountType: opts.accountType ?? 0,
    grantedTasks: opts.tasks ?? [],
    isAdmin: opts.isAdmin ?? false,
    ssoUser: opts.ssoUser ?? false,
    language: opts.language ?? 0,
    merchantNo: opts.merchantNo ?? null,
  });
  return user;
}

/** The code an authenticator app shows for `secret`, `steps` time steps (30 s) from now, made by otpauth. */
export function codeOf(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/** Forgets which time step was used last, so that a later scenario may use a code of the current step again. */
export async function forgetUsedSteps(db: Db) {
  await db.update(userSecondFactors).set({ lastUsedStep: null });
}

export const messageOf = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers.location), TEST_ORIGIN).searchParams.get('MESSAGE');
export const pathOf = (res: { headers: Record<string, unknown> }) => new URL(String(res.headers.location), TEST_ORIGIN).pathname;

/** The `fc_mfa=...` cookie a password step set, or undefined. */
export function challengeCookieOf(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((x) => x.name === MFA_CHALLENGE_COOKIE && x.value);
  return c ? `${c.name}=${c.value}` : undefined;
}

/** The password step: answers the response and the challenge cookie (when the code step follows). */
export async function passwordStep(app: FastifyInstance, username: string, type: AccountTypeSlug = 'corp', password = PASSWORD) {
  const res = await postLogin(app, type, { USERNAME: username, PASSWORD: password });
  return { res, challenge: challengeCookieOf(res), session: sessionCookieOf(res) };
}

/** The code step's form post, as the code page posts it (urlencoded, our Origin, the form token). */
export function codeStep(
  app: FastifyInstance,
  challenge: string | undefined,
  fields: { CODE?: string; RECOVERY_CODE?: string; LANGUAGE?: string; CSRF_TOKEN?: string | null },
) {
  const form = new URLSearchParams({ WEB_FORM_NAME: SECOND_FACTOR_FORM_NAME });
  if (fields.CODE !== undefined) form.set('CODE', fields.CODE);
  if (fields.RECOVERY_CODE !== undefined) form.set('RECOVERY_CODE', fields.RECOVERY_CODE);
  if (fields.LANGUAGE !== undefined) form.set('LANGUAGE', fields.LANGUAGE);
  if (fields.CSRF_TOKEN !== null) form.set(CSRF_FIELD, fields.CSRF_TOKEN ?? FORM_TOKEN);
  return app.inject({
    method: 'POST',
    url: '/framework/login/second-factor',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie: withFormTokenCookie(challenge) },
    payload: form.toString(),
  });
}

/** Signs in with the password and a code; answers the session cookie. */
export async function signInWithCode(app: FastifyInstance, username: string, code: string, type: AccountTypeSlug = 'corp') {
  const { challenge } = await passwordStep(app, username, type);
  if (!challenge) throw new Error(`no code step for ${username}`);
  const res = await codeStep(app, challenge, { CODE: code });
  const session = sessionCookieOf(res);
  if (!session) throw new Error(`code step of ${username} failed: ${String(res.headers.location)}`);
  return session;
}

/** Enrols a second factor for the signed-in user: the secret (as typed from the page) and the recovery codes. */
export async function enrol(app: FastifyInstance, cookie: string) {
  const started = await api(app, cookie).post('/fc-common-api/users/second-factor/enrolment');
  if (started.status !== 200) throw new Error(`enrolment: ${started.status} ${started.text}`);
  const secret = started.body.data[0].attributes.secret as string;
  const confirmed = await api(app, cookie).post('/fc-common-api/users/second-factor/enrolment/confirm', { code: codeOf(secret) });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${confirmed.text}`);
  return {
    secret,
    otpauthUri: started.body.data[0].attributes['otpauth-uri'] as string,
    recoveryCodes: confirmed.body.data[0].attributes['recovery-codes'] as string[],
  };
}

/** Makes the session's last check `minutes` old (the step-up clock, without waiting). */
export async function ageVerification(db: Db, cookie: string, minutes: number) {
  const token = cookie.slice(cookie.indexOf('=') + 1);
  await db
    .update(sessions)
    .set({ verifiedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(sessions.idHash, hashToken(token)));
}
