import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/db/schema/index';
import { seedAuth } from '../../src/seed/auth';
import { hashPassword } from '../../src/modules/auth/passwords';
import { upsertUser } from '../../src/modules/auth/repo';
import { createTestApp, mailSettled, TEST_ORIGIN, type TestApp } from '../helpers/app';
import { api, DEMO_PASSWORD, loginAs, postLogin, postLogout, seedUsers, ssoSession } from '../helpers/http';
import { customerUser } from '../helpers/demo-app';

/** Every log line of the app, as parsed JSON. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
/** A built web app of one page, so that the link of a reset e-mail opens a page as it does in production. */
let mainWebDist: string;

beforeAll(async () => {
  mainWebDist = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-web-main-'));
  await fs.writeFile(path.join(mainWebDist, 'index.html'), '<!doctype html><title>portal</title>');
  t = await createTestApp({ build: { loggerInstance: pino({ level: 'info' }, logStream), webDist: mainWebDist } });
  await seedUsers(t.ctx);
  await t.db.transaction(async (tx) => seedAuth(tx));
});

afterAll(async () => {
  await t?.close();
  await fs.rm(mainWebDist, { recursive: true, force: true });
});

const messageOf = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers.location), TEST_ORIGIN).searchParams.get('MESSAGE');

/** Makes one kind of statement on a table fail until the returned function is called. */
async function failOn(table: string, when: 'INSERT' | 'UPDATE', condition = 'true') {
  const name = `fail_${table}_${when.toLowerCase()}`;
  await t.database.query(
    `create or replace function ${name}() returns trigger language plpgsql as $$ begin if ${condition} then raise exception 'injected failure'; end if; return new; end $$`,
  );
  await t.database.query(`create trigger ${name} before ${when} on ${table} for each row execute function ${name}()`);
  return async () => {
    await t.database.query(`drop trigger ${name} on ${table}`);
    await t.database.query(`drop function ${name}()`);
  };
}

/** A query builder whose every step chains and whose result is a refused connection. */
function unreachableQuery(): unknown {
  const builder: unknown = new Proxy(() => {}, {
    get(_target, prop) {
      if (prop === 'then') {
        return (_ok: unknown, fail: (err: unknown) => void) =>
          fail(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
      }
      return () => builder;
    },
  });
  return builder;
}

describe('catalogue codes at sign-in and sign-out', () => {
  it('211 when the session cannot be created', async () => {
    const restore = await failOn('sessions', 'INSERT');
    try {
      const res = await postLogin(t.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD });
      expect(messageOf(res)).toBe('211');
      expect(res.cookies.find((c) => c.name === 'fc_session')).toBeUndefined();
    } finally {
      await restore();
    }
  });

  it('227 when the failed sign-in cannot be recorded', async () => {
    await customerUser(t.db, 'recordless');
    const restore = await failOn('users', 'UPDATE', 'new.failed_logins <> old.failed_logins');
    try {
      expect(messageOf(await postLogin(t.app, 'cust', { USERNAME: 'recordless', PASSWORD: 'Wrong2026' }))).toBe('227');
    } finally {
      await restore();
    }
  });

  it('215 when the database cannot be reached', async () => {
    const db = t.ctx.db;
    t.ctx.db = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'select') return () => unreachableQuery();
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    try {
      expect(messageOf(await postLogin(t.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }))).toBe('215');
    } finally {
      t.ctx.db = db;
    }
  });

  it('217 when the session cannot be ended at sign-out; the cookie is cleared all the same', async () => {
    const cookie = await loginAs(t.app, 'customer2');
    const restore = await failOn('sessions', 'UPDATE');
    try {
      const res = await postLogout(t.app, cookie);
      expect(res.headers.location).toBe('/ui/home?MESSAGE=217');
      expect(res.cookies.find((c) => c.name === 'fc_session')?.value ?? '').toBe('');
    } finally {
      await restore();
    }
  });

  it('231 for a dealer login with no merchant number', async () => {
    await customerUser(t.db, 'nomerchant', { accountType: 1, custNo: null, merchantNo: null });
    const res = await postLogin(t.app, 'merc', { USERNAME: 'nomerchant', PASSWORD: 'Right2026' });
    expect(messageOf(res)).toBe('231');
  });

  it('237 while MAINTENANCE_MODE is on', async () => {
    const down = await createTestApp({ env: { MAINTENANCE_MODE: 'true' } });
    try {
      await seedUsers(down.ctx);
      expect(messageOf(await postLogin(down.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }))).toBe('237');
    } finally {
      await down.close();
    }
  });

  it('207 while PROGRAMME_AVAILABLE is false: customers and dealers, after their password; corporate staff still sign in', async () => {
    const off = await createTestApp({ env: { PROGRAMME_AVAILABLE: 'false' } });
    try {
      await seedUsers(off.ctx);
      expect(messageOf(await postLogin(off.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }))).toBe('207');
      expect(messageOf(await postLogin(off.app, 'merc', { USERNAME: 'dealer', PASSWORD: DEMO_PASSWORD }))).toBe('207');
      // A wrong password learns nothing about the programme or the account.
      expect(messageOf(await postLogin(off.app, 'cust', { USERNAME: 'customer', PASSWORD: 'Wrong2026' }))).toBe('21');
      const corp = await postLogin(off.app, 'corp', { USERNAME: 'corp', PASSWORD: DEMO_PASSWORD });
      expect(corp.headers.location).toBe('/ui/corp/welcome');
      // Distinct from maintenance (237), which refuses everyone before any check.
      expect(messageOf(await postLogin(t.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }))).toBeNull();
    } finally {
      await off.close();
    }
  });

  it('1410 on the welcome page when the stored language is not one the portal has; it falls back to English', async () => {
    await customerUser(t.db, 'klingon', { language: 7 });
    const res = await postLogin(t.app, 'cust', { USERNAME: 'klingon', PASSWORD: 'Right2026' });
    expect(res.headers.location).toBe('/ui/cust/welcome?MESSAGE=1410');
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.username, 'klingon'));
    expect(row!.language).toBe(0);
  });

  it('213 on the home page when the session-timeout signs the user out', async () => {
    const cookie = await loginAs(t.app, 'dealer');
    const res = await postLogout(t.app, cookie, { reason: 'timeout' });
    expect(res.headers.location).toBe('/ui/home?MESSAGE=213');
    expect((await api(t.app, cookie).get('/fc-common-api/users/current')).status).toBe(401);
  });

  it('an unknown logout reason is a 400, not a silent 219', async () => {
    const res = await postLogout(t.app, undefined, { reason: 'other' });
    expect(res.statusCode).toBe(400);
  });
});

describe('session-timeout config', () => {
  it("answers the specification's attribute names, plus the server's clock", async () => {
    const cookie = await loginAs(t.app, 'corp');
    const res = await api(t.app, cookie).get('/fc-common-api/session/timeout');
    const a = res.body.data[0].attributes;
    expect(a).toMatchObject({ warning_alert_minutes: 25, full_session_minutes: 30 });
    expect(Math.abs(Date.parse(a.server_time) - Date.now())).toBeLessThan(5_000);
    expect(Date.parse(a.last_touch)).toBeLessThanOrEqual(Date.parse(a.server_time));
  });

  it('needs a session', async () => {
    const res = await api(t.app).get('/fc-common-api/session/timeout');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('6');
    expect((await api(t.app).post('/fc-common-api/session/ping')).status).toBe(401);
  });
});

describe('cookie and headers behind HTTPS', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example' } });
    await seedUsers(secure.ctx);
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('the session cookie is __Host-fc_session: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const res = await postLogin(
      secure.app,
      'cust',
      { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD },
      { origin: 'https://portal.example' },
    );
    expect(res.statusCode).toBe(303);
    const raw = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]).find((c) => c.startsWith('__Host-fc_session='));
    expect(raw).toBeDefined();
    expect(raw).toMatch(/; Secure/i);
    expect(raw).toMatch(/; HttpOnly/i);
    expect(raw).toMatch(/; SameSite=Lax/i);
    expect(raw).toMatch(/; Path=\//i);
    expect(raw).not.toMatch(/Domain=/i);
    expect(res.cookies.find((c) => c.name === 'fc_session')).toBeUndefined();
  });

  it('the __Host- cookie is the session; a plain fc_session cookie is not', async () => {
    const res = await postLogin(
      secure.app,
      'cust',
      { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD },
      { origin: 'https://portal.example' },
    );
    const value = res.cookies.find((c) => c.name === '__Host-fc_session')!.value;
    const call = (cookie: string) => secure.app.inject({ method: 'GET', url: '/fc-common-api/users/current', headers: { cookie } });
    expect((await call(`__Host-fc_session=${value}`)).statusCode).toBe(200);
    expect((await call(`fc_session=${value}`)).statusCode).toBe(401);
  });

  it('HSTS and an upgrade of insecure requests', async () => {
    const res = await secure.app.inject({ method: 'GET', url: '/fc-common-api/app-config' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('the form token cookie is __Host-fc_csrf (Secure, SameSite=Strict); a plain fc_csrf does not stand in for it', async () => {
    const res = await secure.app.inject({ method: 'GET', url: '/fc-common-api/app-config' });
    const raw = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]).find((c) => c.startsWith('__Host-fc_csrf='));
    expect(raw).toMatch(/; Secure/i);
    expect(raw).toMatch(/; SameSite=Strict/i);
    expect(raw).toMatch(/; Path=\//i);
    expect(raw).not.toMatch(/HttpOnly|Domain=/i);
    // A cookie without the prefix could have been set by another host or over plain HTTP.
    const token = 'a'.repeat(43);
    const plainOnly = await secure.app.inject({
      method: 'POST',
      url: '/framework/login/cust',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://portal.example', cookie: `fc_csrf=${token}` },
      payload: new URLSearchParams({
        USERNAME: 'customer',
        PASSWORD: DEMO_PASSWORD,
        REFERRER_URL: '/ui/cust/login',
        CSRF_TOKEN: token,
      }).toString(),
    });
    expect(plainOnly.headers.location).toBe('/ui/cust/login?MESSAGE=211');
    expect(plainOnly.cookies.find((c) => c.name === '__Host-fc_session')).toBeUndefined();
  });

  it('a login post from the plain-HTTP origin is refused', async () => {
    const res = await postLogin(secure.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }, { origin: 'http://portal.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('security headers', () => {
  it('a strict Content-Security-Policy: scripts from our origin only, no inline script, no framing by others', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fc-common-api/app-config' });
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive('form-action')).toBe("form-action 'self'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the built web app needs no inline script (index.html loads modules by src only)', async () => {
    const html = await fs.readFile(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('logging', () => {
  it('logs sign-in, failure, lockout and reset events with the request id, and never a password or token', async () => {
    logLines.length = 0;
    await customerUser(t.db, 'logged');
    await postLogin(t.app, 'cust', { USERNAME: 'logged', PASSWORD: 'Right2026' });
    for (let i = 0; i < t.config.LOGIN_LOCK_ATTEMPTS; i++) await postLogin(t.app, 'cust', { USERNAME: 'logged', PASSWORD: 'Guess2026' });
    const before = t.mails.length;
    await api(t.app).post('/fc-common-api/users/create_reset_password_request', { user: 'logged' });
    await mailSettled(t.ctx);
    // The link as the user gets it in the e-mail, opened as the browser opens it; then the page's own check.
    const mail = t.mails.slice(before)[0]!;
    const link = new URL(/https?:\/\/\S+\/ui\/password\/update\?token=\S+/.exec(mail.text)![0]);
    const token = link.searchParams.get('token')!;
    expect(mail.html).toContain(token);
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('<title>portal</title>');
    const check = await api(t.app).get(`/fc-common-api/users/check_password_request/${encodeURIComponent(token)}`);
    expect(check.status).toBe(200);
    expect((await api(t.app).post('/fc-common-api/users/reset_password', { token, password: 'Reset2026' })).status).toBe(200);
    // A link of the wrong length, and a used one, are not logged either.
    await api(t.app).get(`/fc-common-api/users/check_password_request/${token.slice(0, 30)}`);
    await t.app.inject({ method: 'GET', url: `/ui/password/update?token=${token.slice(0, 30)}` });

    const events = logLines.filter((l) => typeof l.event === 'string');
    const names = events.map((l) => l.event);
    for (const e of ['login-success', 'login-failure', 'account-locked', 'password-reset-request', 'password-reset'])
      expect(names).toContain(e);
    for (const e of events) expect(typeof e.reqId).toBe('string');
    // The request lines are there (so the search below reads them), with the addresses redacted.
    const urls = logLines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain('/ui/password/update?token=[redacted]');
    expect(urls).toContain('/fc-common-api/users/check_password_request/[redacted]');
    const all = JSON.stringify(logLines);
    const found = [token, encodeURIComponent(token), token.slice(0, 30)].filter((s) => all.includes(s)).length;
    console.info(`[sign-in and recovery] reset tokens found in logs: ${found} (must be 0)`);
    expect(found).toBe(0);
    for (const secret of ['Right2026', 'Guess2026', 'Reset2026']) expect(all).not.toContain(secret);
  });
});

describe('profile (the e-mail address reset links go to)', () => {
  it('shows and saves the e-mail address and language, audited', async () => {
    await customerUser(t.db, 'profiler');
    const cookie = await loginAs(t.app, 'profiler', 'cust', 'Right2026');
    const got = await api(t.app, cookie).get('/fc-common-api/users/profile');
    expect(got.body.data[0].attributes).toMatchObject({ username: 'profiler', email: 'profiler@example.com', language: 0 });
    const saved = await api(t.app, cookie).post('/fc-common-api/users/profile', {
      email: ' new@example.org ',
      language: 2,
      currentPassword: 'Right2026',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data[0].attributes).toMatchObject({ status: 'success', email: 'new@example.org', language: 2 });
    const rows = await t.database.query<{ before: { email: string }; after: { email: string } }>(
      `select before, after from audit_log where action = 'profile' and entity_id = (select id::text from users where username = 'profiler')`,
    );
    expect(rows.rows[0]).toMatchObject({ before: { email: 'profiler@example.com' }, after: { email: 'new@example.org' } });
  });

  it.each([
    [{ email: 'not-an-address', language: 0 }, 'email', 'email'],
    [{ email: '', language: 0 }, 'email', 'required'],
    [{ email: `${'a'.repeat(250)}@x.io`, language: 0 }, 'email', 'maxLength'],
    [{ email: 'a@example.com', language: 3 }, 'language', 'required'],
  ])('refuses %j with a 400 naming %s', async (body, field, code) => {
    const cookie = await loginAs(t.app, 'customer');
    const res = await api(t.app, cookie).post('/fc-common-api/users/profile', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code, source: { pointer: `/${field}` } });
  });

  it('needs a session', async () => {
    expect((await api(t.app).get('/fc-common-api/users/profile')).status).toBe(401);
    expect((await api(t.app).post('/fc-common-api/users/profile', { email: 'a@example.com', language: 0 })).status).toBe(401);
  });
});

describe('alternate-portal and single-sign-on users, from configuration', () => {
  let alt: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    alt = await createTestApp({
      env: {
        ALTERNATE_PORTAL_PREFIX: 'global',
        WELCOME_LINK: '/ui/{type}/welcome?dir={directory}',
        ALTERNATE_LOGOUT_URL: 'https://intl.example/{directory}/logout',
        EXTERNAL_LOGIN_URL: 'https://sso.example/{directory}/login',
      },
      build: { webDist },
    });
    await seedUsers(alt.ctx);
    await upsertUser(alt.db, {
      username: 'ssouser',
      fullName: 'Sso User',
      passwordHash: await hashPassword('Right2026'),
      accountType: 0,
      grantedTasks: [],
      ssoUser: true,
    });
  });
  afterAll(async () => {
    await alt?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('welcome links fill {directory} (int-pro for alternate-portal users, msc-pro otherwise) and {type}, under the /{prefix}/ui prefix', async () => {
    expect((await postLogin(alt.app, 'merc', { USERNAME: 'intl', PASSWORD: DEMO_PASSWORD })).headers.location).toBe(
      '/global/ui/merc/welcome?dir=int-pro',
    );
    expect((await postLogin(alt.app, 'merc', { USERNAME: 'dealer', PASSWORD: DEMO_PASSWORD })).headers.location).toBe(
      '/ui/merc/welcome?dir=msc-pro',
    );
    expect((await postLogin(alt.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD })).headers.location).toBe(
      '/ui/cust/welcome?dir=msc-pro',
    );
  });

  it('serves the app under /{prefix}/ui and signs alternate-portal users out to their own home', async () => {
    const page = await alt.app.inject({ method: 'GET', url: '/global/ui/merc/welcome' });
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('<title>portal</title>');
    const cookie = await loginAs(alt.app, 'intl', 'merc');
    const out = await postLogout(alt.app, cookie);
    expect(out.headers.location).toBe('/global/ui/home?MESSAGE=219');
  });

  it('the app config hands the browser the alternate sign-out and the external login addresses, {directory} filled for the caller', async () => {
    const before = (await api(alt.app).get('/fc-common-api/app-config')).body.data[0].attributes;
    expect(before).toMatchObject({
      alternatePortalPrefix: 'global',
      alternateLogoutUrl: 'https://intl.example/msc-pro/logout',
      externalLoginUrl: 'https://sso.example/msc-pro/login',
    });
    const intl = await api(alt.app, await loginAs(alt.app, 'intl', 'merc')).get('/fc-common-api/app-config');
    expect(intl.body.data[0].attributes).toMatchObject({
      alternateLogoutUrl: 'https://intl.example/int-pro/logout',
      externalLoginUrl: 'https://sso.example/int-pro/login',
    });
  });

  it('users/current flags single-sign-on and alternate-portal users for the browser', async () => {
    // A single-sign-on user's session comes from its identity provider, never from the local form.
    const sso = await api(alt.app, await ssoSession(alt.db, 'ssouser')).get('/fc-common-api/users/current');
    expect(sso.body.data[0].attributes).toMatchObject({ 'sso-user': 'Y', 'alternate-portal-user': 'N' });
    const intl = await api(alt.app, await loginAs(alt.app, 'intl', 'merc')).get('/fc-common-api/users/current');
    expect(intl.body.data[0].attributes).toMatchObject({ 'sso-user': 'N', 'alternate-portal-user': 'Y' });
  });
});

describe('demo data', () => {
  it('resetdemo and timeoutdemo exist for the browser tests, with e-mail addresses', async () => {
    const rows = await t.db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(sql`${users.username} in ('resetdemo', 'timeoutdemo')`);
    expect(rows.map((r) => r.email).sort()).toEqual(['resetdemo@example.com', 'timeoutdemo@example.com']);
  });
});
