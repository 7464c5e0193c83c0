import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index';
import { createTestApp, mailSettled, type TestApp } from '../helpers/app';
import { api, loginAs } from '../helpers/http';
import { CUSTOMER_USER_PASSWORD, customerUser } from '../helpers/demo-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const RIGHT = CUSTOMER_USER_PASSWORD;

async function signedIn(username: string, language = 0) {
  await customerUser(t.db, username, { fullName: `Pat ${username}`, language });
  return api(t.app, await loginAs(t.app, username, 'cust', RIGHT));
}

const storedEmail = async (username: string) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.username, username)))[0]!.email;

describe('changing the recovery e-mail address needs the current password', () => {
  it('a session alone cannot move the address: without the current password it is a 400 naming currentPassword', async () => {
    const client = await signedIn('shared-pc');
    const before = t.mails.length;
    const res = await client.post('/fc-common-api/users/profile', { email: 'attacker@example.net', language: 0 });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'required|field=currentPassword', source: { pointer: '/currentPassword' } });
    expect(await storedEmail('shared-pc')).toBe('shared-pc@example.com');
    expect(t.mails.length).toBe(before);
  });

  it('a wrong current password is refused, and counts toward the lockout', async () => {
    const client = await signedIn('guesser');
    const res = await client.post('/fc-common-api/users/profile', {
      email: 'attacker@example.net',
      language: 0,
      currentPassword: 'Wrong2026',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'current-password', source: { pointer: '/currentPassword' } });
    expect(await storedEmail('guesser')).toBe('guesser@example.com');
    const [row] = await t.db.select({ failedLogins: users.failedLogins }).from(users).where(eq(users.username, 'guesser'));
    expect(row!.failedLogins).toBe(1);
    for (let i = 0; i < t.config.LOGIN_LOCK_ATTEMPTS - 1; i++)
      await client.post('/fc-common-api/users/profile', { email: 'attacker@example.net', language: 0, currentPassword: `Wrong${i}x` });
    const locked = await client.post('/fc-common-api/users/profile', {
      email: 'attacker@example.net',
      language: 0,
      currentPassword: RIGHT,
    });
    expect(locked.body.errors[0]).toMatchObject({ code: 'current-password-locked' });
    expect(await storedEmail('guesser')).toBe('guesser@example.com');
  });

  it('the language alone changes without a password, and sends no notice', async () => {
    const client = await signedIn('polyglot');
    const before = t.mails.length;
    const res = await client.post('/fc-common-api/users/profile', { email: 'polyglot@example.com', language: 2 });
    expect(res.status).toBe(200);
    await mailSettled(t.ctx);
    expect(t.mails.length).toBe(before);
  });

  it.each([
    [0, 'en-US', 'the e-mail address of your account was changed', 'If you did not, report it at once'],
    [1, 'es', 'se cambió la dirección de correo de su cuenta', 'Si no lo hizo, avísenos de inmediato'],
    [2, 'fr', 'l’adresse e-mail de votre compte a été modifiée', 'Sinon, signalez-la sans attendre'],
  ])(
    'with the right password it moves, and the old address gets a notice in the language %i, with the time and a way to report it',
    async (language, locale, subject, report) => {
      const username = `mover${language}`;
      const client = await signedIn(username, language);
      const before = t.mails.length;
      const res = await client.post('/fc-common-api/users/profile', {
        email: `${username}@new.example.org`,
        language,
        currentPassword: RIGHT,
      });
      expect(res.status).toBe(200);
      expect(await storedEmail(username)).toBe(`${username}@new.example.org`);
      await mailSettled(t.ctx);
      const sent = t.mails.slice(before);
      expect(sent.map((m) => m.to)).toEqual([`${username}@example.com`]);
      const notice = sent[0]!;
      expect(notice.subject).toContain(subject);
      expect(notice.text).toContain(report);
      expect(notice.text).toContain(username);
      // The date as the user's language writes it (e.g. 26 de noviembre de 2026), and the time in UTC.
      const today = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());
      expect(notice.text).toContain(today);
      expect(notice.text).toMatch(/\d{1,2}:\d{2}.* UTC/);
      expect(notice.text).toContain(t.config.SUPPORT_PHONE);
      expect(notice.html).toContain(`href="mailto:${t.config.SUPPORT_EMAIL}?subject=`);
      // The new address is not in the notice: whoever moved it learns nothing from the old mailbox either way.
      expect(notice.text).not.toContain('new.example.org');
    },
  );
});
