import { afterAll, beforeAll, expect, it } from 'vitest';
import { JSONAPI_MEDIA_TYPE } from '@fc/contract';
import { createTestApp, type TestApp } from './helpers/app';

/** RATE_LIMIT_MAX is the budget of work a minute from one address; a page's static files do not spend it. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '10' } });
});

afterAll(async () => {
  await t?.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });

it('answers the call over the budget with a JSON:API 429, code rate-limited and when to retry', async () => {
  const ip = '198.51.100.7';
  for (let i = 0; i < 10; i++) {
    expect((await t.app.inject({ method: 'GET', url: '/fc-common-api/app-config', headers: from(ip) })).statusCode).toBe(200);
  }
  const res = await t.app.inject({ method: 'GET', url: '/fc-common-api/app-config', headers: from(ip) });
  expect(res.statusCode).toBe(429);
  expect(res.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
  const [error] = res.json<{ errors: { status: string; code: string; detail: string }[] }>().errors;
  expect(error).toMatchObject({ status: '429', code: 'rate-limited' });
  expect(error!.detail).toMatch(/try again in \d+ s/);
  // Another address still has its whole budget.
  expect((await t.app.inject({ method: 'GET', url: '/fc-common-api/app-config', headers: from('198.51.100.8') })).statusCode).toBe(200);
});

it('does not count the web app’s pages and assets, so browsing never locks out the API', async () => {
  const ip = '198.51.100.9';
  for (let i = 0; i < 30; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/ui/assets/chunk-${i}.js`, headers: from(ip) });
    expect(res.statusCode).not.toBe(429);
  }
  expect((await t.app.inject({ method: 'GET', url: '/fc-common-api/app-config', headers: from(ip) })).statusCode).toBe(200);
});
