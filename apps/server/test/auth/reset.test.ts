import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { passwordHistory, passwordResetTokens, sessions, users } from '../../src/db/schema/index';
import { seedAuth } from '../../src/seed/auth';
import { hashToken } from '../../src/http/access';
import { hashPassword } from '../../src/modules/auth/passwords';
import { upsertUser } from '../../src/modules/auth/repo';
import { commonPasswordCount } from '../../src/modules/auth/common-passwords';
import { createTestApp, mailSettled, TEST_ORIGIN, type TestApp } from '../helpers/app';
import { api, DEMO_PASSWORD, loginAs, postLogin, seedUsers } from '../helpers/http';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RESET_TOKEN_MINUTES: '60', RESET_REQUESTS_PER_USERNAME: '100', RESET_REQUESTS_PER_ADDRESS: '1000' } });
  await seedUsers(t.ctx);
  await t.db.transaction(async (tx) => seedAuth(tx));
});

afterAll(async () => {
  await t?.close();
});

const REQUEST = '/fc-common-api/users/create_reset_password_request';
const CHECK = '/fc-common-api/users/check_password_request';
const RESET = '/fc-common-api/users/reset_password';

/** A user of this file with its own e-mail address and password. */
async function makeUser(username: string, password = 'Start2026', extra: Partial<Parameters<typeof upsertUser>[1]> = {}) {
  await upsertUser(t.db, {
    username,
    fullName: `User ${username}`,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(password),
    accountType: 2,
    grantedTasks: [],
    custNo: 10001,
    ...extra,
  });
}

/** Asks for a reset and returns the token of the link that was e-mailed. */
async function requestToken(username: string): Promise<string> {
  const before = t.mails.length;
  const res = await api(t.app).post(REQUEST, { user: username });
  expect(res.status).toBe(200);
  // The work runs after the answer.
  await mailSettled(t.ctx);
  const mail = t.mails.slice(before).find((m) => m.to === `${username.toLowerCase()}@example.com`);
  expect(mail, `no mail to ${username}`).toBeDefined();
  const m = /\/ui\/password\/update\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(m).not.toBeNull();
  return m![1]!;
}

describe('POST create_reset_password_request', () => {
  it('answers the same for a known and an unknown username, and mails only the known one', async () => {
    await makeUser('alice');
    const before = t.mails.length;
    const known = await api(t.app).post(REQUEST, { user: 'alice' });
    const unknown = await api(t.app).post(REQUEST, { user: 'nobody-at-all' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.data[0].attributes.status).toBe('success');
    await mailSettled(t.ctx);
    expect(t.mails.length - before).toBe(1);
  });

  it('answers before doing any of the work, known username or not; the mail follows', async () => {
    await makeUser('carol');
    // Every transaction waits until the test opens the gate: an answer that waited for the token's
    // writes would never come.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const db = t.ctx.db;
    t.ctx.db = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'transaction')
          return async (...args: Parameters<typeof db.transaction>) => {
            await gate;
            return db.transaction(...args);
          };
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const before = t.mails.length;
    try {
      const within = <T>(p: Promise<T>) =>
        Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer while the work waits')), 5_000))]);
      const known = await within(api(t.app).post(REQUEST, { user: 'carol' }));
      const unknown = await within(api(t.app).post(REQUEST, { user: 'nobody-carol' }));
      expect(known.status).toBe(200);
      expect(known.text).toBe(unknown.text);
      const shape = (h: Record<string, unknown>) =>
        Object.keys(h)
          .filter((k) => !['x-request-id', 'date'].includes(k))
          .sort();
      expect(shape(known.headers)).toEqual(shape(unknown.headers));
      expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
      // Nothing was written or sent yet.
      const tokens = await t.database.query(
        "select 1 from password_reset_tokens p join users u on u.id = p.user_id where u.username = 'carol'",
      );
      expect(tokens.rows).toHaveLength(0);
      expect(t.mails.length).toBe(before);
    } finally {
      open();
      t.ctx.db = db;
    }
    await mailSettled(t.ctx);
    expect(t.mails.slice(before).map((m) => m.to)).toEqual(['carol@example.com']);
  });

  it('mails PUBLIC_URL/ui/password/update?token=... with a token of at least 128 random bits, stored only as a hash', async () => {
    await makeUser('bob');
    const token = await requestToken('bob');
    const mail = t.mails.at(-1)!;
    expect(mail.text).toContain(`${TEST_ORIGIN}/ui/password/update?token=${token}`);
    expect(mail.html).toContain(`${TEST_ORIGIN}/ui/password/update?token=${token}`);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const rows = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await t.database.query<{ token_hash: string }>('select token_hash from password_reset_tokens');
    expect(all.rows.some((r) => r.token_hash.includes(token))).toBe(false);
    const minutes = (rows[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('a link already sent keeps working while someone else asks for more; using any link spends them all', async () => {
    await makeUser('carol');
    const owners = await requestToken('carol');
    // Someone else, knowing only the username, asks again and again.
    const others = [await requestToken('carol'), await requestToken('carol')];
    expect(new Set([owners, ...others]).size).toBe(3);
    expect((await api(t.app).get(`${CHECK}/${owners}`)).status).toBe(200);
    expect((await api(t.app).post(RESET, { token: owners, password: 'Owner2026' })).status).toBe(200);
    for (const token of [owners, ...others]) expect((await api(t.app).get(`${CHECK}/${token}`)).status).toBe(404);
  });

  it('finds the username in any case', async () => {
    await makeUser('dave');
    const token = await requestToken('DAVE');
    expect((await api(t.app).get(`${CHECK}/${token}`)).status).toBe(200);
  });

  it('sends nothing for a disabled user or one without an e-mail address, with the same answer', async () => {
    await makeUser('erin', 'Start2026', { email: null });
    await makeUser('frank');
    await t.db.update(users).set({ disabled: true }).where(eq(users.username, 'frank'));
    const before = t.mails.length;
    for (const user of ['erin', 'frank']) {
      const res = await api(t.app).post(REQUEST, { user });
      expect(res.status).toBe(200);
      expect(res.body.data[0].attributes.status).toBe('success');
    }
    await mailSettled(t.ctx);
    expect(t.mails.length).toBe(before);
  });

  it.each([
    ['missing', {}, 'required'],
    ['empty', { user: '' }, 'required'],
    ['blank', { user: '   ' }, 'required'],
    ['65 characters', { user: 'a'.repeat(65) }, 'maxLength'],
  ])('a %s username is a 400 naming the field user', async (_name, body, code) => {
    const res = await api(t.app).post(REQUEST, body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code, source: { pointer: '/user' } });
  });

  it('needs X-Requested-With (CSRF)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REQUEST,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: JSON.stringify({ user: 'alice' }),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET check_password_request/{token}', () => {
  it('answers the username of a good token, without caching', async () => {
    await makeUser('gina');
    const token = await requestToken('gina');
    const res = await api(t.app).get(`${CHECK}/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.data[0].attributes.username).toBe('gina');
  });

  it.each([
    ['random', 'x'.repeat(43)],
    ['short', 'abc'],
    ['odd characters', '%3Cscript%3E'],
  ])('a %s token is a 404', async (_name, token) => {
    const res = await api(t.app).get(`${CHECK}/${token}`);
    expect(res.status).toBe(404);
  });

  it('an expired token is a 404 and cannot reset', async () => {
    await makeUser('hank');
    const token = await requestToken('hank');
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect((await api(t.app).get(`${CHECK}/${token}`)).status).toBe(404);
    const res = await api(t.app).post(RESET, { token, password: 'Fresh2026' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: '107', source: { pointer: '/token' } });
  });
});

describe('POST reset_password', () => {
  it('code 7: sets the password, marks the token used, and the old password stops working', async () => {
    await makeUser('ivan');
    const token = await requestToken('ivan');
    const res = await api(t.app).post(RESET, { token, password: 'Fresh2026' });
    expect(res.status).toBe(200);
    expect(res.body.data[0].attributes).toMatchObject({ status: 'success', code: '7' });
    expect((await postLogin(t.app, 'cust', { USERNAME: 'ivan', PASSWORD: 'Start2026' })).headers.location).toContain('MESSAGE=21');
    expect((await postLogin(t.app, 'cust', { USERNAME: 'ivan', PASSWORD: 'Fresh2026' })).headers.location).toBe('/ui/cust/welcome');
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(row!.usedAt).not.toBeNull();
    const [user] = await t.db.select().from(users).where(eq(users.username, 'ivan'));
    expect(user!.passwordChangedAt).not.toBeNull();
  });

  it('a used token cannot be used again (check 404, reset 107)', async () => {
    await makeUser('jane');
    const token = await requestToken('jane');
    expect((await api(t.app).post(RESET, { token, password: 'Fresh2026' })).status).toBe(200);
    expect((await api(t.app).get(`${CHECK}/${token}`)).status).toBe(404);
    const again = await api(t.app).post(RESET, { token, password: 'Other2026' });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].code).toBe('107');
  });

  it('of two concurrent uses of one token, exactly one succeeds', async () => {
    await makeUser('kate');
    const token = await requestToken('kate');
    const [a, b] = await Promise.all([
      api(t.app).post(RESET, { token, password: 'Alpha2026' }),
      api(t.app).post(RESET, { token, password: 'Bravo2026' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
  });

  it.each([
    ['7 characters', 'Short12'],
    ['13 characters', 'Toolong123456'],
    ['no digit', 'Lettersonly'],
    ['a special character', 'Pass_2026'],
    ['a space', 'Pass 2026'],
    ['a non-ASCII letter', 'Pässe2026'],
    ['empty', ''],
    ['65 characters', 'a1'.repeat(33)],
  ])('code 503 for a password with %s; the token stays usable', async (_name, password) => {
    await makeUser('liam');
    const token = await requestToken('liam');
    const res = await api(t.app).post(RESET, { token, password });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: '503', source: { pointer: '/password' } });
    expect((await api(t.app).get(`${CHECK}/${token}`)).status).toBe(200);
  });

  it('common-password for a password of the rule that is in the shipped list of common and breached ones, any case; the link stays usable', async () => {
    expect(commonPasswordCount()).toBeGreaterThan(5_000);
    await makeUser('commoner');
    const token = await requestToken('commoner');
    for (const password of ['password1', 'Password1', 'QWERTY123', 'abc12345', 'trustno1']) {
      const res = await api(t.app).post(RESET, { token, password });
      expect(res.status, password).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'common-password', source: { pointer: '/password' } });
    }
    expect((await api(t.app).get(`${CHECK}/${token}`)).status).toBe(200);
    expect((await api(t.app).post(RESET, { token, password: 'Kettle7Moss' })).status).toBe(200);
  });

  it('code 9 for the current password, and for each of the previous ones kept in the history', async () => {
    await makeUser('mona', 'First2026');
    let token = await requestToken('mona');
    const same = await api(t.app).post(RESET, { token, password: 'First2026' });
    expect(same.status).toBe(400);
    expect(same.body.errors[0]).toMatchObject({ code: '9', source: { pointer: '/password' } });
    // Code 9 leaves the token usable: the user picks another password on the same page.
    expect((await api(t.app).post(RESET, { token, password: 'Second2026' })).status).toBe(200);
    for (const next of ['Third2026', 'Fourth2026', 'Fifth2026']) {
      token = await requestToken('mona');
      expect((await api(t.app).post(RESET, { token, password: next })).status).toBe(200);
    }
    token = await requestToken('mona');
    for (const old of ['First2026', 'Second2026', 'Third2026', 'Fourth2026', 'Fifth2026']) {
      const res = await api(t.app).post(RESET, { token, password: old });
      expect(res.body.errors?.[0]?.code, old).toBe('9');
    }
    const history = await t.db
      .select()
      .from(passwordHistory)
      .where(sql`${passwordHistory.userId} = (select id from users where username = 'mona')`);
    expect(history.length).toBe(4);
    expect(history.every((h) => h.passwordHash.startsWith('$argon2id$'))).toBe(true);
  });

  it('a password used six changes ago is accepted again (the history is the last few)', async () => {
    await makeUser('nick', 'Pass0001');
    for (const next of ['Pass0002', 'Pass0003', 'Pass0004', 'Pass0005', 'Pass0006']) {
      const token = await requestToken('nick');
      expect((await api(t.app).post(RESET, { token, password: next })).status).toBe(200);
    }
    const token = await requestToken('nick');
    expect((await api(t.app).post(RESET, { token, password: 'Pass0001' })).status).toBe(200);
  });

  it('unlocks a locked account (message 5 before, signed in after)', async () => {
    await makeUser('olga');
    for (let i = 0; i < t.config.LOGIN_LOCK_ATTEMPTS; i++) await postLogin(t.app, 'cust', { USERNAME: 'olga', PASSWORD: 'Wrong2026' });
    expect((await postLogin(t.app, 'cust', { USERNAME: 'olga', PASSWORD: 'Start2026' })).headers.location).toContain('MESSAGE=5');
    const token = await requestToken('olga');
    expect((await api(t.app).post(RESET, { token, password: 'Fresh2026' })).status).toBe(200);
    expect((await postLogin(t.app, 'cust', { USERNAME: 'olga', PASSWORD: 'Fresh2026' })).headers.location).toBe('/ui/cust/welcome');
  });

  it("ends every session of the user, and no one else's", async () => {
    await makeUser('pete');
    const mine = await loginAs(t.app, 'pete', 'cust', 'Start2026');
    const other = await loginAs(t.app, 'customer', 'cust', DEMO_PASSWORD);
    const token = await requestToken('pete');
    expect((await api(t.app).post(RESET, { token, password: 'Fresh2026' })).status).toBe(200);
    expect((await api(t.app, mine).get('/fc-common-api/users/current')).status).toBe(401);
    expect((await api(t.app, other).get('/fc-common-api/users/current')).status).toBe(200);
    const open = await t.db
      .select()
      .from(sessions)
      .where(sql`${sessions.userId} = (select id from users where username = 'pete') and ${sessions.endedAt} is null`);
    expect(open).toHaveLength(0);
  });

  it('records the request and the reset in the audit log, without the token', async () => {
    await makeUser('quinn');
    const token = await requestToken('quinn');
    await api(t.app).post(RESET, { token, password: 'Fresh2026' });
    const rows = await t.database.query<{ action: string; after: unknown }>(
      `select action, after from audit_log where entity = 'user' and entity_id = (select id::text from users where username = 'quinn') order by id`,
    );
    expect(rows.rows.map((r) => r.action)).toEqual(['password-reset-request', 'password-reset']);
    expect(JSON.stringify(rows.rows)).not.toContain(token);
  });

  it('every demo user has an e-mail address, so forgot-password works for each', async () => {
    const rows = await t.db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(sql`${users.username} in ('corp', 'dealer', 'customer', 'resetdemo')`);
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.email).toBe(`${r.username}@example.com`);
  });
});
