import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/http/access';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';
import { fileApp } from '../helpers/demo-app';

/**
 * ASVS 3.3.2: a session ends SESSION_MAX_HOURS after sign-in, however active. The clock is not waited for:
 * the session's sign-in time is moved back in the database, its last activity left at now.
 */
const t = fileApp();

const sessionOf = (cookie: string) => hashToken(cookie.replace(/^fc_session=/, ''));

async function signedInFor(cookie: string, minutes: number, app: TestApp = t) {
  // Signed in `minutes` ago, and active a moment ago (the idle timeout is far).
  await app.database.query(
    `update sessions set created_at = now() - make_interval(mins => ${minutes}), last_touch = now() where id_hash = '${sessionOf(cookie)}'`,
  );
}

describe('absolute session lifetime (default 12 hours)', () => {
  it('an active session that has lasted 12 hours ends: 401 session-lifetime, and the session is over for good', async () => {
    const cookie = await loginAs(t.app, 'customer');
    const client = api(t.app, cookie);
    await signedInFor(cookie, 12 * 60 - 1);
    expect((await client.get('/fc-common-api/users/current')).status).toBe(200);
    // Activity does not extend it.
    expect((await client.post('/fc-common-api/session/ping')).status).toBe(200);
    await signedInFor(cookie, 12 * 60 + 1);
    const res = await client.get('/fc-common-api/users/current');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('session-lifetime');
    const [row] = (
      await t.database.query<{ ended: boolean }>(
        `select ended_at is not null as ended from sessions where id_hash = '${sessionOf(cookie)}'`,
      )
    ).rows;
    expect(row!.ended).toBe(true);
    // Signing in again gives a fresh session.
    expect((await api(t.app, await loginAs(t.app, 'customer')).get('/fc-common-api/users/current')).status).toBe(200);
  });

  it('is configurable (SESSION_MAX_HOURS)', async () => {
    const short = await createTestApp({ env: { SESSION_MAX_HOURS: '1' } });
    try {
      await seedUsers(short.ctx);
      const cookie = await loginAs(short.app, 'dealer');
      await signedInFor(cookie, 59, short);
      expect((await api(short.app, cookie).get('/fc-common-api/users/current')).status).toBe(200);
      await signedInFor(cookie, 61, short);
      expect((await api(short.app, cookie).get('/fc-common-api/users/current')).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});
