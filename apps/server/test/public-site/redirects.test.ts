import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let custom: TestApp;
let webDist: string;

beforeAll(async () => {
  // A stand-in web build, so that the /ui pages the redirects lead to are really served.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-public-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  t = await createTestApp({ build: { webDist } });
  custom = await createTestApp({ env: { REQUEST_ACCOUNT_LINK: '/ui/cust/request?src=apply' } });
});

afterAll(async () => {
  await t?.close();
  await custom?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('public addresses of the app configuration', () => {
  it('the configuration names the apply and credit-back paths that the server answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fc-common-api/app-config' });
    const attrs = res.json<{ data: { attributes: Record<string, unknown> }[] }>().data[0]!.attributes;
    expect(attrs.applyPath).toBe('/apply/');
    expect(attrs.fleetriteCreditBackPath).toBe('/FleetriteCreditBack');
    for (const url of [attrs.applyPath, attrs.fleetriteCreditBackPath] as string[]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(302);
    }
  });

  it.each([
    ['/apply/', '/ui/cust/request'],
    ['/apply', '/ui/cust/request'],
    ['/apply/?utm_source=mail', '/ui/cust/request?utm_source=mail'],
    ['/FleetriteCreditBack', '/ui/FleetriteCreditBack'],
    ['/FleetriteCreditBack/', '/ui/FleetriteCreditBack'],
    ['/FleetriteCreditBack?utm_campaign=spring', '/ui/FleetriteCreditBack?utm_campaign=spring'],
  ])('GET %s redirects to %s, for anyone', async (url, location) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('the apply path follows the configured request-account link', async () => {
    const res = await custom.app.inject({ method: 'GET', url: '/apply/' });
    expect(res.headers.location).toBe('/ui/cust/request?src=apply');
  });

  it.each(['/ui/FleetriteCreditBack', '/ui/home', '/ui/bonus', '/ui/toc', '/ui/unsupported-browser', '/intl/ui/home'])(
    '%s is a page of the web app',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('declares public access on its routes', () => {
    const mine = t.app.routeAccess.filter((r) => r.url.startsWith('/apply') || r.url.startsWith('/FleetriteCreditBack'));
    expect(mine).toHaveLength(4);
    expect(mine.every((r) => r.access === 'public' && r.method === 'GET')).toBe(true);
  });

  it('other methods on these paths are not routes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/apply/', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(res.statusCode).toBe(404);
  });
});
