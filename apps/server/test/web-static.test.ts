import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

/**
 * The built web app under /ui/* (issue 2): a fallback to index.html for the router's pages, pre-compressed
 * assets, long cache headers for hashed files, and the same under the alternate-portal prefix.
 */
let t: TestApp;
let webDist: string;
const INDEX = '<!doctype html><html><head><script type="module" src="/ui/assets/index-abc123.js"></script></head><body></body></html>';
/** What the web build writes for a list page painted by a first frame (decision 0990). */
const PRELOADS = {
  'customer-maintenance': {
    js: ['/ui/assets/first-frame-a1.js', '/ui/assets/customer-first-frame-b2.js'],
    css: ['/ui/assets/first-frame-c3.css'],
  },
};
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4096))});`;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
  await fs.writeFile(path.join(webDist, 'route-preloads.json'), JSON.stringify(PRELOADS));
  await fs.writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const asset = path.join(webDist, 'assets', 'index-abc123.js');
  await fs.writeFile(asset, SCRIPT);
  await fs.writeFile(`${asset}.gz`, gzipSync(SCRIPT));
  await fs.writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
  t = await createTestApp({ build: { webDist } });
});

afterAll(async () => {
  await t?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it.each(['/ui/home', '/ui/corp/login', '/ui/corp/loyalty/bundle/7', '/ui/password/update?token=abc', '/intl/ui/merc/welcome'])(
    '%s answers index.html, not cached, with the security headers',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it.each(['/ui/corp/customers', '/ui/corp/Customers/?sort=cust_name%7Casc', '/intl/ui/corp/customers'])(
    "%s names its first frame's files in the head, so a page load fetches them beside the entry (decision 0990)",
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain('<script type="module" src="/ui/assets/index-abc123.js"></script>');
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/ui/assets/first-frame-a1.js">');
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/ui/assets/customer-first-frame-b2.js">');
      expect(head).toContain('<link rel="preload" as="style" crossorigin href="/ui/assets/first-frame-c3.css">');
      expect(res.body.replace(/\s*<link [^>]*>/g, '').replace(/\s+<\/head>/, '</head>')).toBe(INDEX);
    },
  );

  it('a page without a first frame, or a deeper address of the list, gets index.html as built', async () => {
    for (const url of ['/ui/corp/customers/10001/details', '/ui/corp/account-requests', '/ui/corp/customers/create']) {
      expect((await t.app.inject({ method: 'GET', url })).body).toBe(INDEX);
    }
  });

  it('a hashed asset is cached for a year, and sent brotli- or gzip-compressed as the browser accepts', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/ui/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);

    const gz = await t.app.inject({ method: 'GET', url: '/ui/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ method: 'GET', url: '/ui/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('a file that is not hashed (outside assets/) is revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ui/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('the same assets under the alternate-portal prefix', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/intl/ui/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('a missing asset is a 404, not index.html (a stale page must not run HTML as a script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ui/assets/index-gone999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toBe(INDEX);
  });

  it('/ redirects to /ui/home, and an API path stays a JSON:API 404', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.headers.location).toBe('/ui/home');
    const api = await t.app.inject({ method: 'GET', url: '/fc-common-api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ errors: [{ status: '404' }] });
  });
});
