import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_FIELD, LOGIN_ACTION, LOGIN_FORM_NAME } from '@fc/contract';
import { hashPassword } from '../../src/modules/auth/passwords';
import { upsertUser } from '../../src/modules/auth/repo';
import { createTestApp, mailSettled, TEST_ORIGIN, type TestApp } from '../helpers/app';
import { api, FORM_TOKEN, withFormTokenCookie } from '../helpers/http';
import { recordFigures } from './support';

/**
 * Sign-in and recovery under attack (issue 16): the lockout and the per-username throttle against a burst of
 * concurrent sign-ins, on the real HTTP server, and reset tokens against the whole request log. The figures
 * (password checks under a 30-request burst, tokens found in the log) go to `npm run test:reliability`.
 */
const figures: Record<string, unknown> = {};
afterAll(() => recordFigures('sign-in-recovery', figures));

/**
 * Every argon2 verification the server makes, counted at the library (a sign-in of a known user verifies
 * its hash; an unknown one verifies a dummy hash): the real function runs, the test only counts the calls.
 */
const argon2Calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2Calls.verify++;
      return real.verify(...args);
    },
  };
});

const RIGHT = 'Right2026';
/** The answers that refuse a sign-in for too many failures: the lockout's, or the per-username throttle's. */
const REFUSED = ['5', 'too-many-attempts'];

async function makeUser(t: TestApp, username: string) {
  await upsertUser(t.db, {
    username,
    fullName: username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(RIGHT),
    accountType: 2,
    grantedTasks: [],
    custNo: 10001,
  });
}

/** The server listening on a real port: the burst arrives as concurrent HTTP requests. */
async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A login form post as a browser sends it; answers the MESSAGE of the redirect and whether a session was set. */
async function signIn(base: string, username: string, password: string, ip?: string) {
  const res = await fetch(`${base}/framework/login/cust`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: TEST_ORIGIN,
      cookie: withFormTokenCookie(),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: new URLSearchParams({
      WEB_FORM_NAME: LOGIN_FORM_NAME,
      ACTION: LOGIN_ACTION,
      REFERRER_URL: '/ui/cust/login',
      USERNAME: username,
      PASSWORD: password,
      [CSRF_FIELD]: FORM_TOKEN,
    }).toString(),
  });
  const location = res.headers.get('location') ?? '';
  const session = res.headers.getSetCookie().some((c) => c.startsWith('fc_session=') && !c.startsWith('fc_session=;'));
  return { message: new URL(location, TEST_ORIGIN).searchParams.get('MESSAGE'), location, session };
}

/** 30 wrong passwords and then the right one, all sent at once. */
async function burst(base: string, username: string, ip?: (i: number) => string) {
  const wrong = Array.from({ length: 30 }, (_, i) => signIn(base, username, `Wrong${1000 + i}`, ip?.(i)));
  const right = signIn(base, username, RIGHT, ip?.(30));
  return { wrong: await Promise.all(wrong), right: await right };
}

describe('the lockout holds under a burst of concurrent sign-ins (default limits: 5 failures lock for 15 minutes)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('30 concurrent wrong passwords get at most 5 password checks, and the right one in the same burst is refused', async () => {
    await makeUser(t, 'burstee');
    argon2Calls.verify = 0;
    const { wrong, right } = await burst(base, 'burstee', () => '203.0.113.1');
    const checks = argon2Calls.verify;
    figures.burstRequests = wrong.length + 1;
    figures.burstPasswordChecks = checks;
    figures.burstLimit = t.config.LOGIN_LOCK_ATTEMPTS;
    figures.burstRightPasswordSignedIn = right.session;
    expect(checks).toBeLessThanOrEqual(t.config.LOGIN_LOCK_ATTEMPTS);
    expect(checks).toBeGreaterThan(0);
    // Refused by the lockout (5) or, once the username's own throttle is used up, by that (too-many-attempts).
    expect(right.session).toBe(false);
    expect(REFUSED).toContain(right.message);
    expect(wrong.every((r) => !r.session && (r.message === '21' || REFUSED.includes(r.message!)))).toBe(true);
    expect(wrong.filter((r) => r.message === '21').length).toBeLessThanOrEqual(t.config.LOGIN_LOCK_ATTEMPTS - 1);
    // Locked afterwards: the right password, alone, is still refused, unchecked.
    argon2Calls.verify = 0;
    const after = await signIn(base, 'burstee', RIGHT, '203.0.113.9');
    expect(after.session).toBe(false);
    expect(REFUSED).toContain(after.message);
    expect(argon2Calls.verify).toBe(0);
  });

  it('an unknown username under the same burst is checked as often, and locks alike', async () => {
    argon2Calls.verify = 0;
    const { wrong, right } = await burst(base, 'no-such-user', () => '203.0.113.2');
    figures.burstUnknownUserChecks = argon2Calls.verify;
    expect(argon2Calls.verify).toBeLessThanOrEqual(t.config.LOGIN_LOCK_ATTEMPTS);
    expect(REFUSED).toContain(right.message);
    expect(wrong.filter((r) => r.message === '21').length).toBeLessThanOrEqual(t.config.LOGIN_LOCK_ATTEMPTS - 1);
  });

  it('a right password among the first attempts still signs in and clears the count', async () => {
    await makeUser(t, 'calm');
    for (let i = 0; i < 3; i++) expect((await signIn(base, 'calm', 'Wrong2026', '203.0.113.3')).message).toBe('21');
    expect(await signIn(base, 'calm', RIGHT, '203.0.113.3')).toMatchObject({ location: '/ui/cust/welcome', session: true });
    for (let i = 0; i < 4; i++) expect((await signIn(base, 'calm', 'Wrong2026', '203.0.113.3')).message).toBe('21');
    expect((await signIn(base, 'calm', 'Wrong2026', '203.0.113.3')).message).toBe('5');
  });
});

describe('the per-username throttle holds under a burst from many addresses', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // The lockout set out of reach, so that the throttle alone stands against the burst.
    t = await createTestApp({ env: { LOGIN_FAILURES_PER_USERNAME: '3', LOGIN_LOCK_ATTEMPTS: '100' } });
    base = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('at most LOGIN_FAILURES_PER_USERNAME passwords are checked, and the right one is refused with too-many-attempts', async () => {
    await makeUser(t, 'throttled');
    argon2Calls.verify = 0;
    const { wrong, right } = await burst(base, 'throttled', (i) => `198.51.100.${i + 1}`);
    figures.throttleBurstChecks = argon2Calls.verify;
    expect(argon2Calls.verify).toBeLessThanOrEqual(3);
    expect(right).toMatchObject({ message: 'too-many-attempts', session: false });
    expect(wrong.filter((r) => r.message === '21').length).toBeLessThanOrEqual(3);
  });
});

describe('no reset token in the log', () => {
  const lines: string[] = [];
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-web-log-'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp({ build: { loggerInstance: pino({ level: 'trace' }, stream), webDist } });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('the link of the real e-mail, opened, checked and used, leaves no token anywhere in the log (every level)', async () => {
    await makeUser(t, 'mailbox');
    const before = t.mails.length;
    expect((await api(t.app).post('/fc-common-api/users/create_reset_password_request', { user: 'mailbox' })).status).toBe(200);
    await mailSettled(t.ctx);
    const link = new URL(/https?:\/\/\S+\/ui\/password\/update\?token=\S+/.exec(t.mails.slice(before)[0]!.text)![0]);
    const token = link.searchParams.get('token')!;
    expect((await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
    expect((await api(t.app).get(`/fc-common-api/users/check_password_request/${token}`)).status).toBe(200);
    expect((await api(t.app).post('/fc-common-api/users/reset_password', { token, password: 'Kettle7Moss' })).status).toBe(200);
    // Used now: the same link again, as a browser's back button would.
    await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    await api(t.app).get(`/fc-common-api/users/check_password_request/${token}`);
    const log = lines.join('');
    expect(log).toContain('/ui/password/update?token=[redacted]');
    // The token is base64url: the same in a URL as in the text.
    const found = log.split(token).length - 1;
    figures.logLines = lines.length;
    figures.tokensInLog = found;
    expect(found).toBe(0);
  });
});
