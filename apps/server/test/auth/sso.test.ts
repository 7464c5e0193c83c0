import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../src/db/schema/index';
import { hashToken } from '../../src/http/access';
import { hashPassword } from '../../src/modules/auth/passwords';
import { newResetToken } from '../../src/mail/reset-link';
import { upsertUser } from '../../src/modules/auth/repo';
import { createTestApp, mailSettled, TEST_ORIGIN, type TestApp } from '../helpers/app';
import { api, DEMO_PASSWORD, postLogin, seedUsers } from '../helpers/http';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { EXTERNAL_LOGIN_URL: 'https://idp.example/{directory}/login?type={type}' } });
  await seedUsers(t.ctx);
});

afterAll(async () => {
  await t?.close();
});

const messageOf = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers.location), TEST_ORIGIN).searchParams.get('MESSAGE');

async function ssoUser(username: string, language = 0) {
  await upsertUser(t.db, {
    username,
    fullName: `Sam ${username}`,
    email: `${username}@example.com`,
    // As an account that had a portal password before it became single-sign-on.
    passwordHash: await hashPassword('Right2026'),
    accountType: 0,
    grantedTasks: [502],
    ssoUser: true,
    language,
  });
}

describe('single-sign-on users sign in through their identity provider only', () => {
  it('the local form refuses the demo sso user with sso-only, even with its right password, and sets no session', async () => {
    const res = await postLogin(t.app, 'corp', { USERNAME: 'sso', PASSWORD: DEMO_PASSWORD });
    expect(res.headers.location).toBe('/ui/corp/login?MESSAGE=sso-only');
    expect(res.cookies.find((c) => c.name === 'fc_session')).toBeUndefined();
    expect(messageOf(await postLogin(t.app, 'corp', { USERNAME: 'sso', PASSWORD: 'Wrong2026' }))).toBe('sso-only');
  });

  it('an sso account is neither counted nor locked by local attempts (no password is checked)', async () => {
    await ssoUser('sso-nolock');
    for (let i = 0; i < t.config.LOGIN_LOCK_ATTEMPTS + 1; i++)
      expect(
        messageOf(
          await postLogin(t.app, 'corp', { USERNAME: 'sso-nolock', PASSWORD: 'Wrong2026' }, { 'x-forwarded-for': `192.0.2.${i + 1}` }),
        ),
      ).toBe('sso-only');
    const [row] = await t.db
      .select({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.username, 'sso-nolock'));
    expect(row).toEqual({ failedLogins: 0, lockedUntil: null });
  });

  it('forgot password answers as for anyone, and mails the owner where to sign in instead of a reset link', async () => {
    await ssoUser('sso-forgot', 1);
    const before = t.mails.length;
    const res = await api(t.app).post('/fc-common-api/users/create_reset_password_request', { user: 'sso-forgot' });
    expect(res.status).toBe(200);
    await mailSettled(t.ctx);
    const sent = t.mails.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('sso-forgot@example.com');
    expect(sent[0]!.subject).toContain('su cuenta inicia sesión a través de su empresa');
    expect(sent[0]!.text).toContain('https://idp.example/msc-pro/login?type=corp');
    expect(sent[0]!.text).not.toContain('/ui/password/update');
    const tokens = await t.db
      .select()
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(eq(users.username, 'sso-forgot'));
    expect(tokens).toHaveLength(0);
  });

  it('a reset link sent before the account became single-sign-on no longer works', async () => {
    await ssoUser('sso-late');
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'sso-late'));
    const token = newResetToken();
    await t.db
      .insert(passwordResetTokens)
      .values({ tokenHash: hashToken(token), userId: row!.id, expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await api(t.app).get(`/fc-common-api/users/check_password_request/${token}`)).status).toBe(404);
    const reset = await api(t.app).post('/fc-common-api/users/reset_password', { token, password: 'Taken2026' });
    expect(reset.status).toBe(400);
    expect(reset.body.errors[0].code).toBe('107');
  });
});
