import { describe, expect, it } from 'vitest';
import { JSONAPI_MEDIA_TYPE } from '@fc/contract';
import { api, rawPost, loginAs } from './helpers/http';
import { fileApp } from './helpers/demo-app';

const t = fileApp();

describe('health and fallbacks', () => {
  it('/healthz answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz pings the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('the probes issue no form token: a load balancer polling them gets no cookie', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('/frame clears a cookie whose session the server has ended, and leaves a live session untouched', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/frame' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['content-type']).toContain('text/html');
    expect(visitor.cookies.find((c) => c.name === 'fc_session')).toBeUndefined();

    const cookie = await loginAs(t.app, 'customer');
    const touch = async () =>
      (
        await t.database.query<{ last_touch: string }>(
          "select s.last_touch::text from sessions s join users u on u.id = s.user_id where u.username = 'customer' and s.ended_at is null",
        )
      ).rows.map((r) => r.last_touch);
    const before = await touch();
    const live = await t.app.inject({ method: 'GET', url: '/frame', headers: { cookie } });
    expect(live.cookies.find((c) => c.name === 'fc_session')).toBeUndefined();
    expect(await touch()).toEqual(before);

    // Ended elsewhere (another browser's sign-out, the idle timeout): the cookie goes.
    await t.database.query("update sessions set ended_at = now() where user_id = (select id from users where username = 'customer')");
    const dead = await t.app.inject({ method: 'GET', url: '/frame', headers: { cookie } });
    const cleared = dead.cookies.find((c) => c.name === 'fc_session');
    expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true });
  });

  it('/ redirects to /ui/home', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBeGreaterThanOrEqual(301);
    expect(res.statusCode).toBeLessThanOrEqual(308);
    expect(res.headers.location).toBe('/ui/home');
  });

  it('an unknown API path is a JSON:API 404', async () => {
    const res = await api(t.app).get('/fc-common-api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
    expect(res.body.errors[0]).toMatchObject({ status: '404', code: 'not-found', title: 'Not Found' });
  });

  it('an unknown page without a built web app is a 404 too (no index.html in API tests)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ui/anything' });
    expect(res.statusCode).toBe(404);
  });

  it('every answer carries a request id and the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a malformed JSON body is a 400 JSON:API error, not a 500', async () => {
    const cookie = await loginAs(t.app, 'customer');
    const res = await rawPost(
      t.app,
      '/fc-common-api/users/language',
      { cookie, 'content-type': JSONAPI_MEDIA_TYPE, 'x-requested-with': 'XMLHttpRequest' },
      '{not json',
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
    expect(res.json().errors[0].status).toBe('400');
  });

  it('an unsupported body type is a 415 JSON:API error', async () => {
    const cookie = await loginAs(t.app, 'customer');
    const res = await rawPost(
      t.app,
      '/fc-common-api/users/language',
      { cookie, 'content-type': 'application/xml', 'x-requested-with': 'XMLHttpRequest' },
      '<language>1</language>',
    );
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
  });

  it('a multipart body to a call that takes no file is a 415 JSON:API error (multipart is read by upload calls only)', async () => {
    const cookie = await loginAs(t.app, 'customer');
    const boundary = '----fc-test';
    const res = await rawPost(
      t.app,
      '/fc-common-api/users/language',
      { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
      `--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\n1\r\n--${boundary}--\r\n`,
    );
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
    expect(res.json().errors[0].status).toBe('415');
  });

  it('serves the OpenAPI reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fc-common-api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/fc-common-api/users/current');
  });
});
