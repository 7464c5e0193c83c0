import { permissions, type Principal } from '@fc/contract';
import { hashToken, newToken, SECURE_SESSION_COOKIE, SESSION_COOKIE, type Access } from '../../src/http/access';
import { findUserByUsername, upsertUser } from '../../src/modules/auth/repo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/app';
import { api, DEMO_USERS, loginAs, postLogin, postLogout, seedUsers, sessionCookieOf } from '../helpers/http';
import { concrete, recordFigures, SIGN_OUT } from './support';

/** Security headers on every route, session cookie flags, and the moments a session must end. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const CURRENT = '/fc-common-api/users/current';

/** The headers every answer carries, whatever the route, method, caller and status. */
function headerProblems(h: Record<string, unknown>): string[] {
  const csp = typeof h['content-security-policy'] === 'string' ? h['content-security-policy'] : '';
  const out: string[] = [];
  if (!/default-src 'self'/.test(csp)) out.push('CSP default-src');
  if (!/script-src 'self'(;|$)/.test(csp)) out.push('CSP script-src');
  if (!/object-src 'none'/.test(csp)) out.push('CSP object-src');
  if (h['x-content-type-options'] !== 'nosniff') out.push('nosniff');
  if (h['referrer-policy'] !== 'same-origin') out.push('Referrer-Policy');
  if (!h['x-frame-options'] && !/frame-ancestors 'self'/.test(csp)) out.push('framing rule');
  if (!h['x-request-id']) out.push('x-request-id');
  return out;
}

describe('security headers', () => {
  it('every method of every route answers with CSP, nosniff, a referrer policy and a framing rule', async () => {
    const corp = await loginAs(t.app, 'corp');
    const problems: string[] = [];
    let checked = 0;
    const statuses = new Set<number>();
    for (const r of t.app.routeAccess) {
      // Signed in, sign-out would end the session the other calls use; it is called signed out only.
      for (const cookie of SIGN_OUT.test(r.url) ? [undefined] : [undefined, corp]) {
        const client = api(t.app, cookie);
        const url = concrete(r.url);
        const res =
          r.method === 'GET' ? await client.get(url) : r.method === 'DELETE' ? await client.delete(url) : await client.post(url, {});
        statuses.add(res.status);
        for (const p of headerProblems(res.headers))
          problems.push(`${r.method} ${r.url} ${cookie ? 'signed in' : 'signed out'} (${res.status}): ${p}`);
        checked++;
      }
    }
    // The answers no route makes: an unknown route, a refused cross-site post, a malformed body.
    const extra = [
      await t.app.inject({ method: 'GET', url: '/fc-common-api/no-such-route', headers: { cookie: corp } }),
      await t.app.inject({ method: 'POST', url: '/fc-common-api/session/ping', headers: { cookie: corp, origin: 'https://evil.example' } }),
      await t.app.inject({
        method: 'POST',
        url: '/fc-common-api/users/language',
        headers: { cookie: corp, origin: TEST_ORIGIN, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        payload: '{',
      }),
    ];
    for (const res of extra) {
      statuses.add(res.statusCode);
      for (const p of headerProblems(res.headers)) problems.push(`extra ${res.statusCode}: ${p}`);
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    // Successes, refusals and errors were all among the answers checked.
    for (const s of [200, 400, 401, 403, 404]) expect([...statuses]).toContain(s);
    recordFigures('headers', {
      answersChecked: checked,
      methods: [...new Set(t.app.routeAccess.map((r) => r.method))],
      statuses: [...statuses].sort(),
    });
  });

  it('the session cookie is HttpOnly, SameSite and host-wide', async () => {
    const res = await postLogin(t.app, 'corp', { USERNAME: 'corp', PASSWORD: 'Demo2026' });
    const cookie = res.cookies.find((c) => c.value && c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(String(cookie?.sameSite).toLowerCase()).toBe('lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.domain).toBeUndefined();
  });

  it('behind HTTPS the cookie is __Host- and Secure, HSTS is sent, and the plain cookie name is not read', async () => {
    const origin = 'https://portal.example';
    const https = await createTestApp({ env: { PUBLIC_URL: origin } });
    try {
      await seedUsers(https.ctx);
      const res = await postLogin(https.app, 'corp', { USERNAME: 'corp', PASSWORD: 'Demo2026' }, { origin });
      expect(res.statusCode).toBe(303);
      const cookie = res.cookies.find((c) => c.value);
      expect(cookie?.name).toBe(SECURE_SESSION_COOKIE);
      expect(cookie?.secure).toBe(true);
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.path).toBe('/');
      expect(cookie?.domain).toBeUndefined();
      expect(String(cookie?.sameSite).toLowerCase()).toBe('lax');
      expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
      expect(String(res.headers['content-security-policy'])).toMatch(/upgrade-insecure-requests/);
      const session = `${cookie!.name}=${cookie!.value}`;
      const current = await https.app.inject({ method: 'GET', url: CURRENT, headers: { cookie: session } });
      expect(current.statusCode).toBe(200);
      // A cookie without the prefix could have been set by another host or over plain HTTP: not a session.
      const plain = await https.app.inject({ method: 'GET', url: CURRENT, headers: { cookie: `${SESSION_COOKIE}=${cookie!.value}` } });
      expect(plain.statusCode).toBe(401);
      // Sign-out clears the same cookie, with the same attributes.
      const out = await postLogout(https.app, session, { headers: { origin } });
      const cleared = out.cookies.find((c) => c.name === SECURE_SESSION_COOKIE);
      expect(cleared?.secure).toBe(true);
      expect(cleared?.path).toBe('/');
      expect(cleared?.value ?? '').toBe('');
      expect((await https.app.inject({ method: 'GET', url: CURRENT, headers: { cookie: session } })).statusCode).toBe(401);
    } finally {
      await https.close();
    }
  });
});

describe('sessions', () => {
  it('a session id planted before sign-in is dead after it', async () => {
    // Session fixation: the server only ever issues ids at sign-in, so the one real id an attacker can
    // plant in a victim's browser is a session of its own. It must be ended by the victim's sign-in,
    // and the victim must get a fresh id.
    const planted = await loginAs(t.app, 'customer2');
    expect((await api(t.app, planted).get(CURRENT)).status).toBe(200);
    const res = await postLogin(t.app, 'cust', { USERNAME: 'customer', PASSWORD: 'Demo2026' }, { cookie: planted });
    expect(res.statusCode).toBe(303);
    const after = sessionCookieOf(res);
    expect(after).toBeTruthy();
    expect(after).not.toBe(planted);
    expect((await api(t.app, planted).get(CURRENT)).status).toBe(401);
    const current = await api(t.app, after).get(CURRENT);
    expect(current.status).toBe(200);
    expect(JSON.stringify(current.body.data)).toContain('"customer"');
    const { rows } = await t.database.query<{ ended: boolean }>('select ended_at is not null as ended from sessions where id_hash = $1', [
      hashToken(planted.split('=')[1]!),
    ]);
    expect(rows).toEqual([{ ended: true }]);
  });

  it('an id the server never issued is not adopted at sign-in', async () => {
    const planted = `${SESSION_COOKIE}=${newToken()}`;
    const res = await postLogin(t.app, 'cust', { USERNAME: 'customer', PASSWORD: 'Demo2026' }, { cookie: planted });
    const after = sessionCookieOf(res);
    expect(after).toBeTruthy();
    expect(after).not.toBe(planted);
    expect((await api(t.app, planted).get(CURRENT)).status).toBe(401);
    expect((await api(t.app, after).get(CURRENT)).status).toBe(200);
  });

  it('sign-out ends the session at once', async () => {
    const cookie = await loginAs(t.app, 'customer');
    expect((await api(t.app, cookie).get(CURRENT)).status).toBe(200);
    await postLogout(t.app, cookie);
    expect((await api(t.app, cookie).get(CURRENT)).status).toBe(401);
  });

  it('sign-out ends every session of the user at once', async () => {
    // The same user signed in on two browsers: signing out on one ends the other too.
    const [here, elsewhere] = [await loginAs(t.app, 'corpview'), await loginAs(t.app, 'corpview')];
    expect((await api(t.app, elsewhere).get(CURRENT)).status).toBe(200);
    await postLogout(t.app, here);
    expect((await api(t.app, here).get(CURRENT)).status).toBe(401);
    expect((await api(t.app, elsewhere).get(CURRENT)).status).toBe(401);
  });

  it('a disabled account loses every session at the next request', async () => {
    const [a, b] = [await loginAs(t.app, 'customer2'), await loginAs(t.app, 'customer2')];
    expect((await api(t.app, a).get(CURRENT)).status).toBe(200);
    expect((await api(t.app, b).get(CURRENT)).status).toBe(200);
    // No route or command disables an account; the operator sets the column.
    await t.database.query("update users set disabled = true where username = 'customer2'");
    expect((await api(t.app, a).get(CURRENT)).status).toBe(401);
    expect((await api(t.app, b).get(CURRENT)).status).toBe(401);
    // And it cannot sign in again.
    expect(sessionCookieOf(await postLogin(t.app, 'cust', { USERNAME: 'customer2', PASSWORD: 'Demo2026' }))).toBeUndefined();
  });

  it('a task taken away applies at the next request', async () => {
    const cookie = await loginAs(t.app, 'corpview');
    const user = DEMO_USERS.find((u) => u.username === 'corpview')!;
    const held: Principal = { accountType: 0, grantedTasks: [...user.grantedTasks] };
    const stripped: Principal = { accountType: 0, grantedTasks: [] };
    // Every route corpview may call only thanks to its tasks, reads and writes.
    const routes = t.app.routeAccess.filter((r) => {
      if (r.access === 'public') return false;
      const p = permissions[r.access as Exclude<Access, 'public'>];
      return p.check(held) && !p.check(stripped);
    });
    expect(routes.length).toBeGreaterThan(3);
    const call = (r: { method: string; url: string }) =>
      r.method === 'GET' ? api(t.app, cookie).get(concrete(r.url)) : api(t.app, cookie).post(concrete(r.url), {});
    for (const r of routes.filter((x) => x.method === 'GET' && !x.url.includes(':'))) {
      expect([401, 403], r.url).not.toContain((await call(r)).status);
    }
    // The operator's command (npm run users -- create) replaces the user's tasks; the session stays.
    await t.ctx.db.transaction(async (tx) => {
      const { passwordHash } = (await findUserByUsername(tx, 'corpview'))!;
      await upsertUser(tx, { username: 'corpview', fullName: user.fullName, accountType: 0, grantedTasks: [], passwordHash });
    });
    expect((await api(t.app, cookie).get(CURRENT)).status).toBe(200);
    for (const r of routes) {
      const res = await call(r);
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      expect(res.body?.data).toBeUndefined();
    }
  });
});
