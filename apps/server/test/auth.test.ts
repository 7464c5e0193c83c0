import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JSONAPI_MEDIA_TYPE } from '@fc/contract';
import { demoCustomerUserAttributes } from '@fc/contract/testing';
import { sessions, users } from '../src/db/schema/index';
import { hashPassword } from '../src/modules/auth/passwords';
import { upsertUser } from '../src/modules/auth/repo';
import { TEST_ORIGIN } from './helpers/app';
import {
  api,
  rawPost,
  DEMO_PASSWORD,
  FORM_TOKEN,
  loginAs,
  postLogin,
  postLogout,
  sessionCookieOf,
  withFormTokenCookie,
} from './helpers/http';
import { fileApp } from './helpers/demo-app';

const t = fileApp();

/** The MESSAGE of a failed sign-in's redirect, with the path it goes back to. */
function messageOf(location: unknown): { path: string; message: string | null } {
  const u = new URL(String(location), TEST_ORIGIN);
  return { path: u.pathname, message: u.searchParams.get('MESSAGE') };
}

describe('sign-in form', () => {
  it.each([
    ['corp', 'corp', '/ui/corp/welcome'],
    ['dealer', 'merc', '/ui/merc/welcome'],
    ['customer', 'cust', '/ui/cust/welcome'],
    ['corpview', 'merc', '/ui/corp/welcome'],
    ['intl', 'merc', '/intl/ui/merc/welcome'],
  ] as const)('%s on the %s form: 303 to %s with an HttpOnly session cookie', async (username, type, welcome) => {
    const res = await postLogin(t.app, type, { USERNAME: username, PASSWORD: DEMO_PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(welcome);
    const cookie = res.cookies.find((c) => c.name === 'fc_session');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe('/');
    expect(String(cookie?.sameSite).toLowerCase()).toBe('lax');
  });

  it('accepts the username in any case', async () => {
    const res = await postLogin(t.app, 'cust', { USERNAME: 'CUSTOMER', PASSWORD: DEMO_PASSWORD });
    expect(res.headers.location).toBe('/ui/cust/welcome');
  });

  it.each([
    ['empty username', { USERNAME: '', PASSWORD: DEMO_PASSWORD }, '233'],
    ['empty password', { USERNAME: 'customer', PASSWORD: '' }, '233'],
    ['blank username', { USERNAME: '   ', PASSWORD: DEMO_PASSWORD }, '233'],
    ['65-character username', { USERNAME: 'a'.repeat(65), PASSWORD: DEMO_PASSWORD }, '21'],
    ['65-character password', { USERNAME: 'customer', PASSWORD: 'a1'.repeat(33) }, '21'],
    ['wrong password', { USERNAME: 'customer2', PASSWORD: 'Wrong2026' }, '21'],
    ['unknown user', { USERNAME: 'nobody', PASSWORD: DEMO_PASSWORD }, '21'],
  ])('%s: 303 back to REFERRER_URL with MESSAGE=%s and no session', async (_name, fields, message) => {
    const res = await postLogin(t.app, 'cust', { ...fields, REFERRER_URL: '/ui/cust/login' });
    expect(res.statusCode).toBe(303);
    expect(messageOf(res.headers.location)).toEqual({ path: '/ui/cust/login', message });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('a customer on the dealer form: 235', async () => {
    const res = await postLogin(t.app, 'merc', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD, REFERRER_URL: '/ui/merc/login' });
    expect(messageOf(res.headers.location)).toEqual({ path: '/ui/merc/login', message: '235' });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('a dealer on the corporate form: 235', async () => {
    const res = await postLogin(t.app, 'corp', { USERNAME: 'dealer', PASSWORD: DEMO_PASSWORD, REFERRER_URL: '/ui/corp/login' });
    expect(messageOf(res.headers.location).message).toBe('235');
  });

  it('an administrator on the customer or dealer form: 225; on the corporate form: signed in', async () => {
    for (const type of ['cust', 'merc'] as const) {
      const res = await postLogin(t.app, type, { USERNAME: 'admin', PASSWORD: DEMO_PASSWORD, REFERRER_URL: `/ui/${type}/login` });
      expect(messageOf(res.headers.location)).toEqual({ path: `/ui/${type}/login`, message: '225' });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    const ok = await postLogin(t.app, 'corp', { USERNAME: 'admin', PASSWORD: DEMO_PASSWORD });
    expect(ok.headers.location).toBe('/ui/corp/welcome');
  });

  it('an unknown form type is a 404', async () => {
    const res = await postLogin(t.app, 'nope' as 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD });
    expect(res.statusCode).toBe(404);
  });

  it('locks the account after LOGIN_LOCK_ATTEMPTS failures (message 5), even for the right password', async () => {
    await upsertUser(t.db, {
      username: 'lockme',
      fullName: 'Lock Me',
      passwordHash: await hashPassword('Right2026'),
      accountType: 2,
      grantedTasks: [],
      custNo: 10001,
    });
    expect(t.config.LOGIN_LOCK_ATTEMPTS).toBe(5);
    for (let i = 1; i <= 4; i++) {
      const res = await postLogin(t.app, 'cust', { USERNAME: 'lockme', PASSWORD: `Wrong${i}000` });
      expect(messageOf(res.headers.location).message).toBe('21');
    }
    const fifth = await postLogin(t.app, 'cust', { USERNAME: 'lockme', PASSWORD: 'Wrong5000' });
    expect(messageOf(fifth.headers.location).message).toBe('5');
    const right = await postLogin(t.app, 'cust', { USERNAME: 'lockme', PASSWORD: 'Right2026' });
    expect(messageOf(right.headers.location).message).toBe('5');
    expect(sessionCookieOf(right)).toBeUndefined();

    // Once the lock has passed, the right password works again.
    await t.db
      .update(users)
      .set({ lockedUntil: sql`now() - interval '1 minute'` })
      .where(sql`${users.username} = 'lockme'`);
    const later = await postLogin(t.app, 'cust', { USERNAME: 'lockme', PASSWORD: 'Right2026' });
    expect(later.headers.location).toBe('/ui/cust/welcome');
  });

  it('a successful sign-in resets the failure count', async () => {
    await upsertUser(t.db, {
      username: 'resetme',
      fullName: 'Reset Me',
      passwordHash: await hashPassword('Right2026'),
      accountType: 2,
      grantedTasks: [],
      custNo: 10001,
    });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) await postLogin(t.app, 'cust', { USERNAME: 'resetme', PASSWORD: 'Wrong2026' });
      const ok = await postLogin(t.app, 'cust', { USERNAME: 'resetme', PASSWORD: 'Right2026' });
      expect(ok.headers.location).toBe('/ui/cust/welcome');
    }
  });

  it.each([
    'http://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example/phish',
    'http://localhost:3000//evil.example/phish',
    '/.//evil.example/phish',
    'javascript:alert(1)',
  ])('REFERRER_URL %s is not followed to another host', async (referrer) => {
    // A username per case: unknown usernames lock after LOGIN_LOCK_ATTEMPTS failures like real ones (message 5).
    const res = await postLogin(t.app, 'cust', { USERNAME: `nobody ${referrer}`, PASSWORD: 'Wrong2026', REFERRER_URL: referrer });
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    expect(location.startsWith('/\\')).toBe(false);
    expect(new URL(location, TEST_ORIGIN).origin).toBe(TEST_ORIGIN);
    expect(messageOf(location).message).toBe('21');
  });

  it('REFERRER_URL on this site is followed (path only)', async () => {
    const res = await postLogin(t.app, 'merc', { USERNAME: 'nobody', PASSWORD: 'Wrong2026', REFERRER_URL: `${TEST_ORIGIN}/ui/home?x=1` });
    expect(messageOf(res.headers.location)).toEqual({ path: '/ui/home', message: '21' });
  });

  it('refuses a login post from a foreign Origin (403)', async () => {
    const res = await postLogin(t.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }, { origin: 'http://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('refuses a login post with neither Origin nor Referer (403), accepts our Referer', async () => {
    const form = new URLSearchParams({ USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }).toString();
    const bare = await rawPost(t.app, '/framework/login/cust', { 'content-type': 'application/x-www-form-urlencoded' }, form);
    expect(bare.statusCode).toBe(403);
    const referred = await t.app.inject({
      method: 'POST',
      url: '/framework/login/cust',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: `${TEST_ORIGIN}/ui/cust/login`,
        cookie: withFormTokenCookie(),
      },
      payload: `${form}&CSRF_TOKEN=${FORM_TOKEN}`,
    });
    expect(referred.statusCode).toBe(303);
    expect(referred.headers.location).toBe('/ui/cust/welcome');
  });
});

describe('form token (CSRF defence of the login and logout forms, beside the Origin check)', () => {
  it('a page or call without the token cookie gets one: 256 bits, readable by our pages, SameSite=Strict; a held one is kept', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/fc-common-api/app-config' });
    const issued = page.cookies.find((c) => c.name === 'fc_csrf');
    expect(issued?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued?.httpOnly).toBeFalsy();
    expect(issued?.path).toBe('/');
    expect(String(issued?.sameSite).toLowerCase()).toBe('strict');
    const again = await t.app.inject({ method: 'GET', url: '/fc-common-api/app-config', headers: { cookie: `fc_csrf=${issued!.value}` } });
    expect(again.cookies.find((c) => c.name === 'fc_csrf')).toBeUndefined();
  });

  it.each([
    ['no token in the form', { CSRF_TOKEN: null }, undefined],
    ['a token other than the cookie', { CSRF_TOKEN: 'x'.repeat(43) }, undefined],
    ['a malformed token equal to its cookie', { CSRF_TOKEN: 'short' }, 'fc_csrf=short'],
  ])('a login post with %s goes back to the form with 211 and no session', async (_name, fields, cookieOverride) => {
    const res = await postLogin(
      t.app,
      'corp',
      { USERNAME: 'corp', PASSWORD: DEMO_PASSWORD, REFERRER_URL: '/ui/corp/login', ...fields },
      cookieOverride ? { cookie: cookieOverride } : {},
    );
    expect(res.statusCode).toBe(303);
    expect(messageOf(res.headers.location)).toEqual({ path: '/ui/corp/login', message: '211' });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('a login post whose token has no cookie is refused the same way', async () => {
    const form = new URLSearchParams({ USERNAME: 'corp', PASSWORD: DEMO_PASSWORD, CSRF_TOKEN: FORM_TOKEN }).toString();
    const res = await rawPost(
      t.app,
      '/framework/login/corp',
      { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
      form,
    );
    expect(messageOf(res.headers.location).message).toBe('211');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('a sign-out form post without its token leaves the session alive (217)', async () => {
    const cookie = await loginAs(t.app, 'dealer');
    const res = await postLogout(t.app, cookie, { formToken: null });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/home?MESSAGE=217');
    expect((await api(t.app, cookie).get('/fc-common-api/users/current')).status).toBe(200);
    const out = await postLogout(t.app, cookie);
    expect(out.headers.location).toBe('/ui/home?MESSAGE=219');
  });
});

describe('sessions', () => {
  it('rotates the session at sign-in: the cookie held before is dead after', async () => {
    const first = await loginAs(t.app, 'customer');
    expect((await api(t.app, first).get('/fc-common-api/users/current')).status).toBe(200);
    const res = await postLogin(t.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }, { cookie: first });
    const second = sessionCookieOf(res);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await api(t.app, first).get('/fc-common-api/users/current')).status).toBe(401);
    expect((await api(t.app, second).get('/fc-common-api/users/current')).status).toBe(200);
  });

  it('logout ends the session, clears the cookie and redirects to /ui/home?MESSAGE=219', async () => {
    const cookie = await loginAs(t.app, 'dealer');
    const res = await postLogout(t.app, cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/home?MESSAGE=219');
    const cleared = res.cookies.find((c) => c.name === 'fc_session');
    expect(cleared?.value ?? '').toBe('');
    const after = await api(t.app, cookie).get('/fc-common-api/users/current');
    expect(after.status).toBe(401);
    expect(after.body.errors[0].code).toBe('6');
  });

  it('sign-out is a POST that another site cannot forge: a GET, a foreign Origin or no origin at all leave the session alive', async () => {
    const cookie = await loginAs(t.app, 'dealer');
    const alive = async () => (await api(t.app, cookie).get('/fc-common-api/users/current')).status === 200;
    // A link or an <img> on another site.
    const get = await t.app.inject({ method: 'GET', url: '/framework/logout', headers: { cookie } });
    expect(get.statusCode).toBe(404);
    expect(await alive()).toBe(true);
    // A form on another site.
    const foreign = await postLogout(t.app, cookie, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(JSON.parse(foreign.payload).errors[0].code).toBe('csrf');
    expect(await alive()).toBe(true);
    const anonymous = await rawPost(t.app, '/framework/logout', { cookie, 'content-type': 'application/x-www-form-urlencoded' }, '');
    expect(anonymous.statusCode).toBe(403);
    expect(await alive()).toBe(true);
    // The portal's own call (X-Requested-With) signs out like its form.
    const own = await api(t.app, cookie).post('/framework/logout', {});
    expect(own.status).toBe(303);
    expect(await alive()).toBe(false);
  });

  it('logout of an alternate-portal user goes to its own home', async () => {
    const cookie = await loginAs(t.app, 'intl', 'merc');
    const res = await postLogout(t.app, cookie);
    expect(res.headers.location).toBe('/intl/ui/home?MESSAGE=219');
  });

  it('logout without a session still redirects home', async () => {
    const res = await postLogout(t.app);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/home?MESSAGE=219');
  });

  it('ends a session idle beyond SESSION_FULL_MINUTES: 401 with code 213, and it stays ended', async () => {
    const cookie = await loginAs(t.app, 'customer2');
    const minutes = t.config.SESSION_FULL_MINUTES + 1;
    await t.db
      .update(sessions)
      .set({ lastTouch: sql`now() - make_interval(mins => ${minutes})` })
      .where(sql`${sessions.endedAt} is null`);
    const res = await api(t.app, cookie).get('/fc-common-api/users/current');
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ status: '401', code: '213' });
    // The server ended it: touching it back does not revive it.
    await t.db.update(sessions).set({ lastTouch: sql`now()` });
    const again = await api(t.app, cookie).get('/fc-common-api/users/current');
    expect(again.status).toBe(401);
  });

  it('a session just inside SESSION_FULL_MINUTES is alive; the ping refreshes last_touch', async () => {
    const cookie = await loginAs(t.app, 'corpview');
    const minutes = t.config.SESSION_FULL_MINUTES - 1;
    await t.db
      .update(sessions)
      .set({ lastTouch: sql`now() - make_interval(mins => ${minutes})` })
      .where(sql`${sessions.endedAt} is null`);
    const timeout = await api(t.app, cookie).get('/fc-common-api/session/timeout');
    expect(timeout.status).toBe(200);
    const before = Date.parse(timeout.body.data[0].attributes.last_touch);
    expect(Date.now() - before).toBeGreaterThan((minutes - 1) * 60_000);
    const ping = await api(t.app, cookie).post('/fc-common-api/session/ping');
    expect(ping.status).toBe(200);
    expect(ping.body.data[0].attributes).toMatchObject({
      warning_alert_minutes: t.config.SESSION_WARNING_MINUTES,
      full_session_minutes: t.config.SESSION_FULL_MINUTES,
    });
    expect(Date.parse(ping.body.data[0].attributes.last_touch)).toBeGreaterThan(before);
  });

  it('a disabled user loses the session at once', async () => {
    await upsertUser(t.db, {
      username: 'gone',
      fullName: 'Gone',
      passwordHash: await hashPassword('Right2026'),
      accountType: 1,
      grantedTasks: [],
      merchantNo: 1001,
    });
    const cookie = await loginAs(t.app, 'gone', 'merc', 'Right2026');
    await t.db
      .update(users)
      .set({ disabled: true })
      .where(sql`${users.username} = 'gone'`);
    const res = await api(t.app, cookie).get('/fc-common-api/users/current');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('6');
    const login = await postLogin(t.app, 'merc', { USERNAME: 'gone', PASSWORD: 'Right2026' });
    expect(messageOf(login.headers.location).message).toBe('21');
  });

  it('records sign-in and sign-out in the audit log', async () => {
    const cookie = await loginAs(t.app, 'dealer2');
    await postLogout(t.app, cookie);
    const rows = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'session' and entity_id = (select id::text from users where username = 'dealer2') order by id`,
    );
    expect(rows.rows.map((r) => r.action)).toEqual(['sign-in', 'sign-out']);
  });
});

describe('current user and access', () => {
  it('GET /fc-common-api/users/current: one users resource with kebab-case attributes', async () => {
    const cookie = await loginAs(t.app, 'customer');
    const res = await api(t.app, cookie).get('/fc-common-api/users/current');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
    expect(res.body.data).toHaveLength(1);
    const [user] = res.body.data;
    expect(user.type).toBe('users');
    expect(typeof user.id).toBe('string');
    expect(user.attributes).toEqual({
      ...demoCustomerUserAttributes,
      // Issue 19 (decision 0700): the second factor's state; a customer is never required to have one.
      'second-factor': 'none',
      'second-factor-required': 'N',
      'mfa-enrolment-required': 'N',
    });
  });

  it('alternate-portal-user is Y for an alternate-portal user', async () => {
    const cookie = await loginAs(t.app, 'intl', 'merc');
    const res = await api(t.app, cookie).get('/fc-common-api/users/current');
    expect(res.body.data[0].attributes).toMatchObject({ 'alternate-portal-user': 'Y', 'account-type': 1, 'merchant-no': 1002 });
  });

  it('an API route without a session: 401 JSON:API error document', async () => {
    const res = await api(t.app).get('/fc-common-api/users/current');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
    expect(res.body).toEqual({ errors: [expect.objectContaining({ status: '401', code: '6', title: 'Unauthorized' })] });
  });

  it('a bogus or oversized cookie is no session', async () => {
    expect((await api(t.app, 'fc_session=not-a-session').get('/fc-common-api/users/current')).status).toBe(401);
    expect((await api(t.app, `fc_session=${'x'.repeat(300)}`).get('/fc-common-api/users/current')).status).toBe(401);
  });

  it('the logged-in checks answer an empty list without a session and the user with one', async () => {
    for (const url of ['/fc-common-api/users/check', '/self']) {
      expect((await api(t.app).get(url)).body).toEqual({ data: [] });
      const cookie = await loginAs(t.app, 'dealer');
      const res = await api(t.app, cookie).get(url);
      expect(res.body.data[0].attributes.username).toBe('dealer');
    }
  });

  it('a state-changing call without X-Requested-With: 403 csrf', async () => {
    const cookie = await loginAs(t.app, 'customer');
    const res = await rawPost(
      t.app,
      '/fc-common-api/session/ping',
      { cookie, origin: TEST_ORIGIN, 'content-type': JSONAPI_MEDIA_TYPE },
      '{}',
    );
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
    expect(res.json().errors[0].code).toBe('csrf');
  });

  it('a state-changing call from a foreign Origin: 403 even with X-Requested-With', async () => {
    const cookie = await loginAs(t.app, 'customer');
    const res = await rawPost(
      t.app,
      '/fc-common-api/session/ping',
      { cookie, origin: 'http://evil.example', 'x-requested-with': 'XMLHttpRequest', 'content-type': JSONAPI_MEDIA_TYPE },
      '{}',
    );
    expect(res.statusCode).toBe(403);
  });

  it('sets the session language (0, 1, 2) and refuses others with a 400 naming the field', async () => {
    const cookie = await loginAs(t.app, 'dealer2', 'merc');
    const ok = await api(t.app, cookie).post('/fc-common-api/users/language', { language: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body.data[0].attributes.status).toBe('success');
    expect((await api(t.app, cookie).get('/fc-common-api/users/current')).body.data[0].attributes.language).toBe(2);
    const bad = await api(t.app, cookie).post('/fc-common-api/users/language', { language: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source).toEqual({ pointer: '/language' });
  });

  it('the login links and app config are public', async () => {
    const links = await api(t.app).get('/fc-common-api/login-links');
    expect(links.body.data[0].attributes).toEqual({ cust: '/ui/cust/login', merc: '/ui/merc/login', corp: '/ui/corp/login' });
    const config = await api(t.app).get('/fc-common-api/app-config');
    expect(config.status).toBe(200);
    expect(config.body.data[0].attributes.loginLinks.customer.formAction).toBe('/framework/login/cust');
  });
});
