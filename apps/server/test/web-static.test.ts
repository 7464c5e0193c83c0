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
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4096))});`;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
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
