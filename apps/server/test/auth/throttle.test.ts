import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, mailSettled, TEST_ORIGIN, type TestApp } from '../helpers/app';
import { DEMO_PASSWORD, postLogin, seedUsers } from '../helpers/http';
import { customerUser } from '../helpers/demo-app';

/** Small limits so the tests reach them; X-Forwarded-For (trusted from loopback) plays other addresses. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      LOGIN_FAILURES_PER_ADDRESS: '6',
      LOGIN_FAILURES_PER_USERNAME: '4',
      LOGIN_LOCK_ATTEMPTS: '3',
      RESET_REQUESTS_PER_ADDRESS: '4',
      RESET_REQUESTS_PER_USERNAME: '2',
    },
  });
  await seedUsers(t.ctx);
});

afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A fresh client address for each test, so their counters do not mix. */
const nextAddress = () => `203.0.113.${++n}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const messageOf = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers.location), TEST_ORIGIN).searchParams.get('MESSAGE');

describe('sign-in throttle per address', () => {
  it('after LOGIN_FAILURES_PER_ADDRESS failures from one address, its sign-ins go back to the form with too-many-attempts, even a right one', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 6; i++) {
      const res = await postLogin(
        t.app,
        'cust',
        { USERNAME: `stranger${i}`, PASSWORD: 'Wrong2026', REFERRER_URL: '/ui/cust/login' },
        from(ip),
      );
      expect(messageOf(res)).toBe('21');
    }
    const refused = await postLogin(
      t.app,
      'cust',
      { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD, REFERRER_URL: '/ui/cust/login' },
      from(ip),
    );
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/ui/cust/login?MESSAGE=too-many-attempts');
    expect(refused.cookies.find((c) => c.name === 'fc_session')).toBeUndefined();
    // Another address is not affected.
    const other = await postLogin(t.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }, from(nextAddress()));
    expect(other.headers.location).toBe('/ui/cust/welcome');
  });

  it('successful sign-ins do not count', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 10; i++) {
      const res = await postLogin(t.app, 'merc', { USERNAME: 'dealer', PASSWORD: DEMO_PASSWORD }, from(ip));
      expect(res.headers.location).toBe('/ui/merc/welcome');
    }
  });
});

describe('sign-in throttle per username', () => {
  it('after LOGIN_FAILURES_PER_USERNAME failures on one username from many addresses, that username is refused everywhere', async () => {
    await customerUser(t.db, 'target');
    // Below the lockout each time: a success in between resets the account's counter, not the throttle's.
    for (let i = 0; i < 4; i++) {
      await postLogin(t.app, 'cust', { USERNAME: 'Target', PASSWORD: 'Wrong2026' }, from(nextAddress()));
      if (i % 2 === 1) await postLogin(t.app, 'cust', { USERNAME: 'target', PASSWORD: 'Right2026' }, from(nextAddress()));
    }
    const refused = await postLogin(t.app, 'cust', { USERNAME: 'TARGET', PASSWORD: 'Right2026' }, from(nextAddress()));
    expect(messageOf(refused)).toBe('too-many-attempts');
    const other = await postLogin(t.app, 'cust', { USERNAME: 'customer2', PASSWORD: DEMO_PASSWORD }, from(nextAddress()));
    expect(other.headers.location).toBe('/ui/cust/welcome');
  });
});

describe('lockout tells nothing about which usernames exist', () => {
  it('an unknown username answers 21 and then 5 after LOGIN_LOCK_ATTEMPTS failures, like a real account', async () => {
    await customerUser(t.db, 'realone');
    const answers = async (username: string) => {
      const out: (string | null)[] = [];
      for (let i = 0; i < 4; i++)
        out.push(messageOf(await postLogin(t.app, 'cust', { USERNAME: username, PASSWORD: 'Wrong2026' }, from(nextAddress()))));
      return out;
    };
    const real = await answers('realone');
    const phantom = await answers('ghost-user');
    expect(real).toEqual(['21', '21', '5', '5']);
    expect(phantom).toEqual(real);
  });
});

describe('password-reset request throttle', () => {
  it('per username: the third request for one username in 15 minutes is a 429, from any address', async () => {
    await customerUser(t.db, 'resetee');
    for (let i = 0; i < 2; i++) expect((await resetFrom(nextAddress(), 'resetee')).status).toBe(200);
    const res = await resetFrom(nextAddress(), 'RESETEE');
    expect(res.status).toBe(429);
    // Neutral: check the mailbox, or wait out the 15-minute window.
    expect(res.body.errors[0].code).toBe('reset-wait|minutes=15');
    // The same answer for a username with no account.
    for (let i = 0; i < 2; i++) await resetFrom(nextAddress(), 'nobody-here');
    const unknown = await resetFrom(nextAddress(), 'nobody-here');
    expect(unknown.status).toBe(429);
    expect(unknown.body.errors[0]).toEqual(res.body.errors[0]);
  });

  it('per address: the fifth request from one address is a 429, whatever the usernames', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 4; i++) expect((await resetFrom(ip, `someone${i}`)).status).toBe(200);
    expect((await resetFrom(ip, 'someone-else')).status).toBe(429);
  });

  it('a throttled request sends no e-mail', async () => {
    await customerUser(t.db, 'quiet');
    await mailSettled(t.ctx);
    const before = t.mails.length;
    for (let i = 0; i < 4; i++) await resetFrom(nextAddress(), 'quiet');
    await mailSettled(t.ctx);
    expect(t.mails.length - before).toBe(2);
  });
});

async function resetFrom(ip: string, user: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/fc-common-api/users/create_reset_password_request',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: TEST_ORIGIN, ...from(ip) },
    payload: JSON.stringify({ user }),
  });
  return { status: res.statusCode, body: res.json() as { errors: { code: string }[] } };
}

describe('several server processes on one database', () => {
  it('two app instances share the counts: the per-address limit does not double, and an unknown username locks across both', async () => {
    // A second app on the very same database, as a second process behind a load balancer would be.
    const second = await buildApp(t.ctx);
    await second.ready();
    try {
      const apps = [t.app, second];
      const ip = nextAddress();
      // Six failures (the limit), alternating between the two instances.
      for (let i = 0; i < 6; i++) {
        const res = await postLogin(apps[i % 2]!, 'cust', { USERNAME: `nobody${i}`, PASSWORD: 'Wrong2026' }, from(ip));
        expect(messageOf(res)).toBe('21');
      }
      // Each instance alone saw three; in memory neither would refuse yet.
      for (const app of apps) {
        expect(messageOf(await postLogin(app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }, from(ip)))).toBe(
          'too-many-attempts',
        );
      }

      const phantom: (string | null)[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await postLogin(apps[i % 2]!, 'cust', { USERNAME: 'ghost-of-two', PASSWORD: 'Wrong2026' }, from(nextAddress()));
        phantom.push(messageOf(res));
      }
      expect(phantom).toEqual(['21', '21', '5', '5']);
    } finally {
      await second.close();
    }
  });

  it('the counters live in the database, under a hash: no address or username is stored', async () => {
    await postLogin(t.app, 'cust', { USERNAME: 'visible-name', PASSWORD: 'Wrong2026' }, from('198.51.100.77'));
    const rows = await t.database.query<{ key_hash: string; hits: number }>('select key_hash, hits from auth_throttles');
    expect(rows.rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows.rows);
    expect(text).not.toContain('visible-name');
    expect(text).not.toContain('198.51.100.77');
    expect(rows.rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
  });
});

describe('client address', () => {
  it('X-Forwarded-For is believed only from a trusted proxy (TRUST_PROXY)', async () => {
    const direct = await createTestApp({ env: { TRUST_PROXY: 'false', LOGIN_FAILURES_PER_ADDRESS: '2' } });
    try {
      await seedUsers(direct.ctx);
      // Each failure claims another address, but without a trusted proxy they all count for the real one.
      for (let i = 0; i < 2; i++) await postLogin(direct.app, 'cust', { USERNAME: `x${i}`, PASSWORD: 'Wrong2026' }, from(nextAddress()));
      const res = await postLogin(direct.app, 'cust', { USERNAME: 'customer', PASSWORD: DEMO_PASSWORD }, from(nextAddress()));
      expect(messageOf(res)).toBe('too-many-attempts');
    } finally {
      await direct.close();
    }
  });
});
