import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { loginAs, postLogin, postLogout, seedUsers, sessionCookieOf } from './helpers/http';

/**
 * Issue 17, routes: the beta and production aliases (APP-02) serve the same pages as /ui, the
 * bare app addresses land on a page rather than a JSON error, and an alternate-portal user is kept under
 * /intl/ui.
 */
let t: TestApp;
let webDist: string;
const INDEX = '<!doctype html><html><head><script type="module" src="/ui/assets/index-abc123.js"></script></head><body></body></html>';

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ build: { webDist } });
  await seedUsers(t.ctx);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('beta and production aliases', () => {
  it.each(['/beta/ui/home', '/prod/ui/corp/login', '/beta/ui/corp/loyalty/bundle/7', '/prod/ui/cust/welcome?MESSAGE=6'])(
    '%s answers the app (index.html)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    },
  );

  it('a sign-in posted from a page under an alias lands on the welcome page under it', async () => {
    const res = await postLogin(t.app, 'corp', { USERNAME: 'corp', PASSWORD: 'Demo2026', REFERRER_URL: '/beta/ui/corp/login' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/beta/ui/corp/welcome');
    const plain = await postLogin(t.app, 'corp', { USERNAME: 'corp', PASSWORD: 'Demo2026' });
    expect(plain.headers.location).toBe('/ui/corp/welcome');
  });

  it('a failed sign-in goes back to the form under the alias', async () => {
    const res = await postLogin(t.app, 'cust', { USERNAME: 'customer', PASSWORD: 'wrong-one1', REFERRER_URL: '/prod/ui/cust/login' });
    expect(res.headers.location).toMatch(/^\/prod\/ui\/cust\/login\?MESSAGE=/);
  });

  it('signing out from a page under an alias lands on its home page', async () => {
    const res = await postLogin(t.app, 'merc', { USERNAME: 'dealer', PASSWORD: 'Demo2026', REFERRER_URL: '/prod/ui/merc/login' });
    const out = await postLogout(t.app, sessionCookieOf(res), { headers: { referer: 'http://localhost:3000/prod/ui/merc/welcome' } });
    expect(out.headers.location).toMatch(/^\/prod\/ui\/home\?MESSAGE=/);
  });

  it('/ (the logo, Go home) lands on the home page under the alias of the page it was clicked on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { referer: 'http://localhost:3000/beta/ui/toc' } });
    expect(res.headers.location).toBe('/beta/ui/home');
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: { referer: 'http://localhost:3000/ui/toc' } });
    expect(plain.headers.location).toBe('/ui/home');
  });

  it('the app configuration names the aliases', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fc-common-api/app-config' });
    expect(res.json().data[0].attributes['uiAliases']).toEqual(['beta', 'prod']);
  });
});

describe('the bare app addresses', () => {
  it.each([
    ['/ui/', '/ui/home'],
    ['/ui', '/ui/home'],
    ['/intl/ui/', '/intl/ui/home'],
    ['/beta/ui/', '/beta/ui/home'],
    ['/prod/ui?MESSAGE=6', '/prod/ui/home?MESSAGE=6'],
  ])('%s sends a visitor to %s', async (url, location) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('send a signed-in user to the welcome page, under the alias it came in on', async () => {
    const cookie = await loginAs(t.app, 'customer');
    const plain = await t.app.inject({ method: 'GET', url: '/ui/', headers: { cookie } });
    expect(plain.headers.location).toBe('/ui/cust/welcome');
    const beta = await t.app.inject({ method: 'GET', url: '/beta/ui/', headers: { cookie } });
    expect(beta.headers.location).toBe('/beta/ui/cust/welcome');
  });
});

describe('an alternate-portal user', () => {
  it('who opens a /ui/ page is sent to the same page under /intl/ui, query and all', async () => {
    const cookie = await loginAs(t.app, 'intl');
    const res = await t.app.inject({ method: 'GET', url: '/ui/price-report?x=1', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/intl/ui/price-report?x=1');
    const own = await t.app.inject({ method: 'GET', url: '/intl/ui/price-report', headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(INDEX);
    const bare = await t.app.inject({ method: 'GET', url: '/ui/', headers: { cookie } });
    expect(bare.headers.location).toBe('/intl/ui/merc/welcome');
  });

  it('while other users keep /ui', async () => {
    const cookie = await loginAs(t.app, 'dealer');
    const res = await t.app.inject({ method: 'GET', url: '/ui/price-report', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });
});
