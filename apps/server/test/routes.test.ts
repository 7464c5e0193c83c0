import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '@fc/contract';
import { buildApp } from '../src/app';
import { createTestApp, TEST_ORIGIN, type TestApp } from './helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A concrete URL for a route pattern: parameters and wildcards filled with harmless values. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');

/**
 * Every route in Fastify's own routing table, read from printRoutes() (a radix tree: a line's label is
 * appended to its parent's path), as `METHOD /path`. Independent of the access hook's own list.
 */
function routingTable(printed: string): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) out.push({ method, url: stack.join('') });
  }
  return out;
}

/** Parameter names aside (one tree node may carry routes of different parameter names, "a|b"). */
const shape = (url: string) => url.replace(/:[^/]+/g, ':');

describe('route access declarations', () => {
  it('every route in the routing table declares who may call it, with a permission that exists', () => {
    const declared = new Map(t.app.routeAccess.map((r) => [`${r.method} ${shape(r.url)}`, r.access]));
    const names = new Set<string>(['public', ...Object.keys(permissions)]);
    const table = routingTable(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.method !== 'HEAD');
    expect(table.length).toBeGreaterThan(50);
    const undeclared: string[] = [];
    for (const r of table) {
      // The interactive API reference is a plugin's; it is public reading.
      if (r.url.startsWith('/fc-common-api/docs')) {
        expect(r.method, r.url).toBe('GET');
        continue;
      }
      const access = declared.get(`${r.method} ${shape(r.url)}`);
      if (access === undefined || !names.has(access)) undeclared.push(`${r.method} ${r.url} (${String(access)})`);
    }
    expect(undeclared).toEqual([]);
    // And the declarations name no route that does not exist.
    const routed = new Set(table.map((r) => `${r.method} ${shape(r.url)}`));
    expect(t.app.routeAccess.filter((r) => !routed.has(`${r.method} ${shape(r.url)}`)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('the foundation routes carry the expected declarations', () => {
    const access = (method: string, url: string) => t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    expect(access('POST', '/framework/login/:type')).toBe('public');
    expect(access('POST', '/framework/logout')).toBe('public');
    expect(access('GET', '/framework/logout')).toBeUndefined();
    expect(access('GET', '/fc-common-api/users/current')).toBe('signedIn');
    expect(access('POST', '/fc-common-api/session/ping')).toBe('signedIn');
    expect(access('GET', '/healthz')).toBe('public');
  });

  it('every route that is not public refuses a caller without a session (401)', async () => {
    const guarded = t.app.routeAccess.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: { 'x-requested-with': 'XMLHttpRequest', origin: TEST_ORIGIN },
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('registering a route without config.access throws', async () => {
    const app = await buildApp(t.ctx);
    try {
      expect(() => app.get('/fc-common-api/undeclared', async () => ({}))).toThrow(/declares no access/);
      expect(() => app.post('/fc-common-api/undeclared', { config: {} }, async () => ({}))).toThrow(/declares no access/);
      expect(() => app.get('/fc-common-api/declared', { config: { access: 'corporate' } }, async () => ({}))).not.toThrow();
    } finally {
      await app.close();
    }
  });
});
