import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MfaCode, RECOVERY_CODE_PATTERN, SECOND_FACTOR_LOGIN_PATH } from '@fc/contract';
import { auditLog, mfaChallenges, userRecoveryCodes, userSecondFactors, users } from '../../src/db/schema/index';
import { resetSecondFactorOf } from '../../src/cli/users';
import { createTestApp, mailSettled, type TestApp } from '../helpers/app';
import { api, ssoSession } from '../helpers/http';
import {
  ageVerification,
  codeOf,
  codeStep,
  enrol,
  forgetUsedSteps,
  makeUser,
  messageOf,
  passwordStep,
  pathOf,
  PASSWORD,
  signInWithCode,
} from './second-factor-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const auditActions = async (userId: number) =>
  (
    await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(userId)))
  ).map((r) => r.action);
const failedLogins = async (userId: number) => (await t.db.select({ n: users.failedLogins }).from(users).where(eq(users.id, userId)))[0]!.n;

/** A user signed in with the password alone (no second factor yet), enrolled; answers the secret and codes. */
async function enrolled(username: string, language = 0) {
  const user = await makeUser(t.db, username, { accountType: 0, tasks: [509], language });
  const { session } = await passwordStep(t.app, username);
  const factor = await enrol(t.app, session!);
  return { user, session: session!, ...factor };
}

describe('enrolment', () => {
  it('a secret and its otpauth URI; confirmed by a first code; ten recovery codes shown once and stored hashed; mailed and audited', async () => {
    const user = await makeUser(t.db, 'sf-enrol', { accountType: 1, merchantNo: 990001, language: 2 });
    const { session } = await passwordStep(t.app, 'sf-enrol', 'merc');
    const client = api(t.app, session);
    expect((await client.get('/fc-common-api/users/second-factor')).body.data[0].attributes).toEqual({
      enrolled: false,
      required: false,
      'enrolled-at': null,
      'recovery-codes-left': 0,
    });
    const started = await client.post('/fc-common-api/users/second-factor/enrolment');
    expect(started.status).toBe(200);
    const { secret, 'otpauth-uri': uri } = started.body.data[0].attributes;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*sf-enrol\?/);
    expect(uri).toContain(`secret=${secret}`);
    // Stored sealed, never in clear.
    const [row] = await t.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, user.id));
    expect(row!.secretEnc).not.toContain(secret);
    expect(row!.confirmedAt).toBeNull();

    const wrong = await client.post('/fc-common-api/users/second-factor/enrolment/confirm', {
      code: '000000' === codeOf(secret) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ code: MfaCode.Invalid, source: { pointer: '/code' } });

    const confirmed = await client.post('/fc-common-api/users/second-factor/enrolment/confirm', { code: codeOf(secret) });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.data[0].attributes['recovery-codes'];
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(RECOVERY_CODE_PATTERN);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) for (const c of codes) expect(s.codeHash).not.toContain(c);

    const status = (await client.get('/fc-common-api/users/second-factor')).body.data[0].attributes;
    expect(status).toMatchObject({ enrolled: true, required: false, 'recovery-codes-left': 10 });
    expect((await client.get('/fc-common-api/users/current')).body.data[0].attributes['second-factor']).toBe('enrolled');
    // A second enrolment does not replace a confirmed factor.
    expect((await client.post('/fc-common-api/users/second-factor/enrolment')).status).toBe(409);

    await mailSettled(t.ctx);
    const mail = t.mails.find((m) => m.to === 'sf-enrol@example.com');
    expect(mail?.subject).toMatch(/second facteur a été ajouté/);
    expect(await auditActions(user.id)).toEqual(expect.arrayContaining(['second-factor-failed', 'second-factor-enrolled']));
  });
});

describe('sign-in with a second factor', () => {
  it('the password step makes no session: a challenge cookie and the code page; a code then signs in', async () => {
    const { secret, user } = await enrolled('sf-code');
    const { res, challenge, session } = await passwordStep(t.app, 'sf-code');
    expect(res.statusCode).toBe(303);
    expect(pathOf(res)).toBe(SECOND_FACTOR_LOGIN_PATH);
    expect(session).toBeUndefined();
    expect(challenge).toBeDefined();
    const setCookie = res.cookies.find((c) => c.name === 'fc_mfa')!;
    expect(setCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const page = await api(t.app, challenge).get('/fc-common-api/users/second-factor/challenge');
    expect(page.status).toBe(200);
    expect(page.body.data[0]).toMatchObject({ type: 'second-factor-challenge', attributes: { username: 'sf-code' } });
    expect(Date.parse(page.body.data[0].attributes['expires-at'])).toBeGreaterThan(Date.now());

    const wrong = await codeStep(t.app, challenge, { CODE: codeOf(secret, -5) });
    expect(pathOf(wrong)).toBe(SECOND_FACTOR_LOGIN_PATH);
    expect(messageOf(wrong)).toBe(MfaCode.Invalid);

    const ok = await codeStep(t.app, challenge, { CODE: codeOf(secret, 1) });
    expect(ok.statusCode).toBe(303);
    expect(pathOf(ok)).toBe('/ui/corp/welcome');
    const cookie = ok.cookies.find((c) => c.name === 'fc_session')!;
    expect((await api(t.app, `fc_session=${cookie.value}`).get('/fc-common-api/users/current')).status).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'fc_mfa')?.value).toBe('');
    // The challenge is spent: the same cookie again is mfa-expired.
    expect(messageOf(await codeStep(t.app, challenge, { CODE: codeOf(secret, 1) }))).toBe(MfaCode.Expired);
    expect(await failedLogins(user.id)).toBe(0);
  });

  it('a code accepted once is refused again in its window (and an older one too)', async () => {
    const { secret } = await enrolled('sf-replay');
    const code = codeOf(secret, 1);
    await signInWithCode(t.app, 'sf-replay', code);
    const again = await passwordStep(t.app, 'sf-replay');
    expect(messageOf(await codeStep(t.app, again.challenge, { CODE: code }))).toBe(MfaCode.Invalid);
    expect(messageOf(await codeStep(t.app, again.challenge, { CODE: codeOf(secret) }))).toBe(MfaCode.Invalid);
  });

  it('a recovery code signs in once; a second use is refused; the user is mailed and it is audited', async () => {
    const { recoveryCodes, user } = await enrolled('sf-recovery', 1);
    const first = await passwordStep(t.app, 'sf-recovery');
    // Typed in capitals and without its hyphen, as people do.
    const typed = recoveryCodes[0]!.replace('-', '').toUpperCase();
    const ok = await codeStep(t.app, first.challenge, { RECOVERY_CODE: typed });
    expect(pathOf(ok)).toBe('/ui/corp/welcome');
    const second = await passwordStep(t.app, 'sf-recovery');
    expect(messageOf(await codeStep(t.app, second.challenge, { RECOVERY_CODE: recoveryCodes[0]! }))).toBe(MfaCode.Invalid);
    expect(pathOf(await codeStep(t.app, second.challenge, { RECOVERY_CODE: recoveryCodes[1]! }))).toBe('/ui/corp/welcome');
    await mailSettled(t.ctx);
    const mails = t.mails.filter((m) => m.to === 'sf-recovery@example.com' && /código de recuperación/.test(m.subject));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('8 códigos');
    expect((await auditActions(user.id)).filter((a) => a === 'recovery-code-used')).toHaveLength(2);
  });

  it('failed codes lock the account together with failed passwords; a locked account takes no code', async () => {
    const { secret, user } = await enrolled('sf-lock');
    const limit = t.config.LOGIN_LOCK_ATTEMPTS;
    expect(messageOf((await passwordStep(t.app, 'sf-lock', 'corp', 'Wrong2026')).res)).toBe('21');
    expect(messageOf((await passwordStep(t.app, 'sf-lock', 'corp', 'Wrong2026')).res)).toBe('21');
    const { challenge } = await passwordStep(t.app, 'sf-lock');
    // Two wrong passwords and the right one counted: the codes have the rest of the limit.
    for (let i = 3; i < limit - 1; i++) expect(messageOf(await codeStep(t.app, challenge, { CODE: '000001' }))).toBe(MfaCode.Invalid);
    expect(messageOf(await codeStep(t.app, challenge, { CODE: '000001' }))).toBe('5');
    expect(await failedLogins(user.id)).toBe(limit);
    // Locked: the right password and the right code are refused alike.
    expect(messageOf((await passwordStep(t.app, 'sf-lock')).res)).toBe('5');
    expect(messageOf(await codeStep(t.app, challenge, { CODE: codeOf(secret, 1) }))).toBe(MfaCode.Expired);
    expect(await auditActions(user.id)).toContain('second-factor-failed');
  });

  it('concurrent wrong codes cannot pass the limit', async () => {
    await enrolled('sf-burst');
    const { challenge } = await passwordStep(t.app, 'sf-burst');
    const [user] = await t.db.select().from(users).where(eq(users.username, 'sf-burst'));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => codeStep(t.app, challenge, { CODE: String(100000 + i) })));
    const messages = answers.map(messageOf);
    // Each is refused: a wrong code, the lock, or the per-minute throttle of the username's failures.
    expect(messages.filter((m) => ![MfaCode.Invalid, '5', MfaCode.Expired, 'too-many-attempts'].includes(m!))).toEqual([]);
    expect(await failedLogins(user!.id)).toBeLessThanOrEqual(t.config.LOGIN_LOCK_ATTEMPTS);
    const failures = (await auditActions(user!.id)).filter((a) => a === 'second-factor-failed');
    // The password step counted one attempt: at most limit - 1 codes were checked.
    expect(failures.length).toBeLessThanOrEqual(t.config.LOGIN_LOCK_ATTEMPTS - 1);
  });

  it('the code step expires (MFA_CHALLENGE_MINUTES): the page and the post answer mfa-expired', async () => {
    const { secret, user } = await enrolled('sf-expiry');
    const { challenge } = await passwordStep(t.app, 'sf-expiry');
    await t.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.userId, user.id));
    const page = await api(t.app, challenge).get('/fc-common-api/users/second-factor/challenge');
    expect(page.status).toBe(401);
    expect(page.body.errors[0].code).toBe(MfaCode.Expired);
    const post = await codeStep(t.app, challenge, { CODE: codeOf(secret, 1) });
    expect(messageOf(post)).toBe(MfaCode.Expired);
    expect(post.cookies.find((c) => c.name === 'fc_session')).toBeUndefined();
    // Without any challenge cookie at all, the same.
    expect(messageOf(await codeStep(t.app, undefined, { CODE: '123456' }))).toBe(MfaCode.Expired);
    // A form post without its token is refused before anything (211).
    const fresh = await passwordStep(t.app, 'sf-expiry');
    expect(messageOf(await codeStep(t.app, fresh.challenge, { CODE: codeOf(secret, 1), CSRF_TOKEN: null }))).toBe('211');
  });
});

describe('removal and new recovery codes', () => {
  it('removal needs the password and a code (password-invalid, mfa-invalid); then sign-in asks no code; mailed and audited', async () => {
    const { secret, session, user } = await enrolled('sf-remove');
    await forgetUsedSteps(t.db);
    const client = api(t.app, session);
    const badPassword = await client.delete('/fc-common-api/users/second-factor', { password: 'Wrong2026', code: codeOf(secret) });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.errors[0]).toMatchObject({ code: MfaCode.PasswordInvalid, source: { pointer: '/password' } });
    const badCode = await client.delete('/fc-common-api/users/second-factor', {
      password: PASSWORD,
      code: '000000' === codeOf(secret) ? '111111' : '000000',
    });
    expect(badCode.body.errors[0]).toMatchObject({ code: MfaCode.Invalid, source: { pointer: '/code' } });
    const ok = await client.delete('/fc-common-api/users/second-factor', { password: PASSWORD, code: codeOf(secret) });
    expect(ok.status).toBe(200);
    expect((await passwordStep(t.app, 'sf-remove')).session).toBeDefined();
    expect(await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))).toHaveLength(0);
    await mailSettled(t.ctx);
    expect(t.mails.some((m) => m.to === 'sf-remove@example.com' && /was removed/.test(m.subject))).toBe(true);
    expect(await auditActions(user.id)).toContain('second-factor-removed');
  });

  it('new recovery codes replace the old ones, for a code', async () => {
    const { recoveryCodes, session } = await enrolled('sf-regen');
    const res = await api(t.app, session).post('/fc-common-api/users/second-factor/recovery-codes', { code: recoveryCodes[0] });
    expect(res.status).toBe(200);
    const fresh: string[] = res.body.data[0].attributes['recovery-codes'];
    expect(fresh).toHaveLength(10);
    const next = await passwordStep(t.app, 'sf-regen');
    expect(messageOf(await codeStep(t.app, next.challenge, { RECOVERY_CODE: recoveryCodes[1]! }))).toBe(MfaCode.Invalid);
    expect(pathOf(await codeStep(t.app, next.challenge, { RECOVERY_CODE: fresh[0]! }))).toBe('/ui/corp/welcome');
  });
});

describe('step-up', () => {
  const upload = '/fc-common-api/transactions/file';

  it(`sensitive changes answer 403 step-up-required when the last check is older than STEP_UP_MINUTES; the password renews it`, async () => {
    await makeUser(t.db, 'su-pass', { accountType: 0, tasks: [504, 506, 507, 509] });
    const { session } = await passwordStep(t.app, 'su-pass');
    const client = api(t.app, session!);
    // Fresh from sign-in: the guard lets the upload through to its own checks (no file: not a 403).
    expect((await client.post(upload, {})).status).not.toBe(403);
    await ageVerification(t.db, session!, t.config.STEP_UP_MINUTES + 1);
    for (const call of [
      () => client.post(upload, {}),
      () => client.post('/fc-common-api/mpp/price', {}),
      () => client.post('/fc-common-api/parts/core-management', {}),
      () => client.post('/fc-common-api/loyalty/bundles/1/item-codes/add/csv', {}),
      () => client.post('/fc-common-api/users/account_requests/1/status', { status: 'approved' }),
      () => client.post('/fc-common-api/users/profile', { email: 'new-su-pass@example.com', language: 0, currentPassword: PASSWORD }),
      () => client.post('/fc-common-api/users/second-factor/enrolment'),
    ]) {
      const res = await call();
      expect(res.status, res.text).toBe(403);
      expect(res.body.errors[0].code).toBe(MfaCode.StepUpRequired);
    }
    // Not sensitive: another status, the same e-mail, a language.
    expect((await client.post('/fc-common-api/users/account_requests/999999/status', { status: 'in-review' })).status).toBe(404);
    expect((await client.post('/fc-common-api/users/profile', { email: 'su-pass@example.com', language: 1 })).status).toBe(200);

    const wrong = await client.post('/fc-common-api/session/verify', { password: 'Wrong2026' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].code).toBe(MfaCode.PasswordInvalid);
    const verified = await client.post('/fc-common-api/session/verify', { password: PASSWORD });
    expect(verified.status).toBe(200);
    expect(Date.now() - Date.parse(verified.body.data[0].attributes['verified-at'])).toBeLessThan(60_000);
    expect((await client.post(upload, {})).status).not.toBe(403);
  });

  it('a user with a second factor verifies with a code, not the password; failures count in the lockout and end the session', async () => {
    const { secret, user } = await enrolled('su-code');
    await forgetUsedSteps(t.db);
    const session = await signInWithCode(t.app, 'su-code', codeOf(secret));
    const client = api(t.app, session);
    await ageVerification(t.db, session, t.config.STEP_UP_MINUTES + 1);
    const byPassword = await client.post('/fc-common-api/session/verify', { password: PASSWORD });
    expect(byPassword.status).toBe(400);
    expect(byPassword.body.errors[0]).toMatchObject({ code: MfaCode.Invalid, source: { pointer: '/code' } });
    expect((await client.post('/fc-common-api/session/verify', { code: codeOf(secret, 1) })).status).toBe(200);
    expect((await client.post(upload, {})).status).not.toBe(403);

    for (let i = 1; i < t.config.LOGIN_LOCK_ATTEMPTS; i++)
      expect((await client.post('/fc-common-api/session/verify', { code: '000001' })).status).toBe(400);
    const locked = await client.post('/fc-common-api/session/verify', { code: '000001' });
    expect(locked.status).toBe(401);
    expect(locked.body.errors[0].code).toBe('5');
    expect((await client.get('/fc-common-api/users/current')).status).toBe(401);
    expect(await failedLogins(user.id)).toBe(t.config.LOGIN_LOCK_ATTEMPTS);
  });

  it('single-sign-on users are untouched: no step-up, no enrolment', async () => {
    await makeUser(t.db, 'su-sso', { accountType: 0, tasks: [509], ssoUser: true });
    const cookie = await ssoSession(t.db, 'su-sso');
    await ageVerification(t.db, cookie, 600);
    const client = api(t.app, cookie);
    expect((await client.post(upload, {})).status).not.toBe(403);
    expect((await client.post('/fc-common-api/users/second-factor/enrolment')).status).toBe(403);
    expect((await client.get('/fc-common-api/users/current')).body.data[0].attributes).toMatchObject({
      'second-factor': 'none',
      'second-factor-required': 'N',
      'mfa-enrolment-required': 'N',
    });
  });
});

describe('users CLI: reset-second-factor', () => {
  it('removes the factor and the recovery codes, audits and mails; the next sign-in asks no code', async () => {
    const { user } = await enrolled('sf-cli');
    const out: string[] = [];
    const err: string[] = [];
    const io = { env: {}, cwd: '.', out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    expect(await resetSecondFactorOf(t.ctx, 'SF-CLI', io)).toBe(0);
    expect(out.join('\n')).toMatch(/Removed the second factor of sf-cli/);
    expect(await t.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))).toHaveLength(0);
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'second-factor-reset'));
    expect(record).toMatchObject({ entity: 'user', entityId: String(user.id) });
    expect(JSON.stringify(record!.after)).toMatch(/users CLI/);
    await mailSettled(t.ctx);
    expect(t.mails.some((m) => m.to === 'sf-cli@example.com' && /An administrator removed/.test(m.text))).toBe(true);
    expect((await passwordStep(t.app, 'sf-cli')).session).toBeDefined();
    expect(await resetSecondFactorOf(t.ctx, 'sf-cli', io)).toBe(0);
    expect(out.at(-1)).toMatch(/has no second factor/);
    expect(await resetSecondFactorOf(t.ctx, 'nobody-here', io)).toBe(1);
  });
});
