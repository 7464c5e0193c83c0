import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestIdOf } from '../src/app';
import { createProbes } from '../src/http/probes';
import { createTestApp, type TestApp } from './helpers/app';
import { loginAs, seedUsers } from './helpers/http';

/**
 * The probes answered before the framework (decision 0631), on a listening server (app.inject goes
 * straight to Fastify's routes): the same status, body and headers as the Fastify routes of the same paths,
 * without the per-request work (no cookie, no session, no timing metric).
 */
let t: TestApp;
let base = '';
/** Headers that differ between two answers by nature. */
const VARYING = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([k]) => !VARYING.has(k.toLowerCase()))
      .map(([k, v]) => [k.toLowerCase(), String(v)]),
  );

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
  await seedUsers(t.ctx);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('/healthz and /readyz before the framework', () => {
  it('answer as the Fastify routes do: status, body and every header but the date and request id', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const fast = await fetch(`${base}${url}`);
      const routed = await t.app.inject({ method: 'GET', url });
      expect(fast.status, url).toBe(routed.statusCode);
      expect(await fast.text(), url).toBe(routed.payload);
      expect(comparable(Object.fromEntries(fast.headers)), url).toEqual(comparable(routed.headers));
      expect(fast.headers.get('content-security-policy'), url).toContain("default-src 'self'");
      expect(fast.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(fast.headers.get('set-cookie'), url).toBeNull();
    }
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('keep a valid incoming request id, and give a new one otherwise', async () => {
    expect((await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'lb-7f3a.2026:11-26_x' } })).headers.get('x-request-id')).toBe(
      'lb-7f3a.2026:11-26_x',
    );
    expect((await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'bad id!' } })).headers.get('x-request-id')).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('do no per-request work: a session cookie is not looked up or refreshed, and no request is timed', async () => {
    const cookie = await loginAs(t.app, 'corp');
    const metrics = async () =>
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } })).payload;
    /** How many GET /healthz the timing metric counted. */
    const timed = async () => {
      const text = await metrics();
      expect(text).toContain('fc_http_request_duration_seconds');
      return Number(/fc_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const before = await timed();
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/healthz`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('cache-control')).toBeNull();
    }
    expect(await timed()).toBe(before);
    // The same path with a query is Fastify's (timed like every routed request).
    expect((await fetch(`${base}/healthz?probe=1`)).status).toBe(200);
    expect((await fetch(`${base}/healthz`, { method: 'HEAD' })).status).toBe(200);
    expect(await timed()).toBeGreaterThan(before);
  });

  it('/readyz answers 503 when the database does not answer', async () => {
    const probes = createProbes({
      headers: { 'x-content-type-options': 'nosniff' },
      database: { kind: 'postgres', ping: () => Promise.reject(new Error('down')) },
      requestId: requestIdOf,
    });
    const app = Fastify({ serverFactory: probes.serverFactory });
    app.get('/other', async () => ({ routed: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const res = await fetch(`${url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: 'postgres' });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await (await fetch(`${url}/other`)).json()).toEqual({ routed: true });
      probes.stop();
      // Stopped (the server is closing): every request is Fastify's; here /healthz has no route.
      expect((await fetch(`${url}/healthz`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
