import Fastify from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, jsonApi } from '@fc/contract';
import { ENDPOINTS } from '@fc/contract/endpoints';
import { answerSerializer, route } from '../src/http/endpoint';
import { registerErrorHandler } from '../src/http/errors';
import { createTestApp, type TestApp } from './helpers/app';
import { PENDING_ENDPOINTS } from './helpers/pending-endpoints';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const API = /^\/(fc-common-api|framework)\//;
const key = (method: string, url: string) => `${method} ${url}`;

describe('one contract for the whole wire (issue 18)', () => {
  it('every API route is registered from a contract endpoint (the routes not yet moved are listed, and exist)', () => {
    const api = t.app.routeAccess.filter((r) => API.test(r.url) && !r.url.startsWith('/fc-common-api/docs'));
    const undescribed = api.filter((r) => !r.fromContract).map((r) => key(r.method, r.url));
    expect(undescribed.filter((k) => !PENDING_ENDPOINTS.includes(k))).toEqual([]);
    // The list only shrinks: a moved route leaves it.
    expect(PENDING_ENDPOINTS.filter((k) => !undescribed.includes(k))).toEqual([]);
  });

  it('every contract endpoint has its route, with the access the contract gives it', () => {
    const registered = new Map(t.app.routeAccess.filter((r) => r.fromContract).map((r) => [key(r.method, r.url), r.access]));
    expect(ENDPOINTS.length).toBeGreaterThan(0);
    for (const e of ENDPOINTS) expect(registered.get(key(e.method, e.path)), key(e.method, e.path)).toBe(e.access);
    expect(new Set(ENDPOINTS.map((e) => key(e.method, e.path))).size).toBe(ENDPOINTS.length);
  });

  it('an answer that does not match its schema is refused with a 500, not sent', async () => {
    const app = Fastify();
    app.setSerializerCompiler(answerSerializer(true));
    registerErrorHandler(app);
    const wrong = endpoint({
      method: 'GET',
      path: '/fc-common-api/wrong',
      tag: 'test',
      summary: 'A route whose answer breaks its schema',
      access: 'public',
      answer: jsonApi('things', z.object({ count: z.number() })),
    });
    route(app, wrong, (_req, reply) =>
      reply.type('application/vnd.api+json').send({ data: [{ type: 'things', id: '1', attributes: { count: 'many' } }] }),
    );
    const res = await app.inject({ method: 'GET', url: '/fc-common-api/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('many');
    await app.close();
  });

  it('the OpenAPI document is valid OpenAPI 3.1 and lists the API only, each operation with summary, tag, security and answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fc-common-api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> }>();
    expect(doc.openapi).toBe('3.1.0');
    const checked = await new Validator().validate(doc as never);
    expect(checked.errors ?? []).toEqual([]);
    expect(checked.valid).toBe(true);
    for (const path of Object.keys(doc.paths)) expect(path).toMatch(API);
    const byKey = new Map(ENDPOINTS.map((e) => [key(e.method, e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')), e]));
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const e = byKey.get(key(method.toUpperCase(), path));
        if (!e) continue;
        expect(op.summary, `${method} ${path}`).toBe(e.summary);
        expect(op.tags, `${method} ${path}`).toEqual([e.tag]);
        if (e.access !== 'public') expect(op.security, `${method} ${path}`).toEqual([{ session: [] }]);
        expect(Object.keys(op.responses as object).some((s) => /^[23]/.test(s)) || e.answer.kind === 'file', `${method} ${path}`).toBe(
          true,
        );
      }
    }
  });
});
