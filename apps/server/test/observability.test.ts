import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestIdOf } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createTestApp, type TestApp } from './helpers/app';

/** Observability of issue 21: /metrics behind METRICS_TOKEN, X-Request-Id, the pool's settings. */
const TOKEN = 'metrics-token-0123456789';

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, jobs: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a scrape without the token, or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('fc_http_request_duration_seconds');
    }
  });

  it('answers the Prometheus text: request durations by route and status, queue depth, mail counters', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/fc-common-api/no-such-route/12345' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(/^fc_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1$/m);
    // An address no route has counts as "unmatched": never one label per address.
    expect(res.body).toMatch(/^fc_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(res.body).not.toContain('12345');
    expect(res.body).toContain('# TYPE fc_job_queue_depth gauge');
    expect(res.body).toContain('# TYPE fc_job_duration_seconds histogram');
    expect(res.body).toContain('# TYPE fc_mail_sent_total counter');
    expect(res.body).toContain('# TYPE fc_mail_failed_total counter');
    expect(res.body).toContain('fc_process_resident_memory_bytes');
    if (t.database.kind === 'postgres') expect(res.body).toMatch(/^fc_db_pool_connections\{state="total"\} \d+$/m);
  });

  it('counts mail through the shared registry other modules increment', async () => {
    t.ctx.metrics!.mailSent.inc({ kind: 'reset' });
    t.ctx.metrics!.mailFailed.inc({ kind: 'reset' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.body).toMatch(/^fc_mail_sent_total\{kind="reset"\} 1$/m);
    expect(res.body).toMatch(/^fc_mail_failed_total\{kind="reset"\} 1$/m);
  });

  it('shows jobs waiting in the queue by kind', async () => {
    await t.ctx.boss!.send('loyalty-lifecycle', {}, { startAfter: 3600 });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.body).toMatch(/^fc_job_queue_depth\{kind="loyalty-lifecycle"\} [1-9]\d*$/m);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not served at all (the default)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('echoes a well-formed X-Request-Id and replaces a bad one', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.2026:11-26_x' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.2026:11-26_x');
    for (const bad of ['', 'has space', 'a'.repeat(129), 'semi;colon', '<script>']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
    const none = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf('a'.repeat(128))).toBe('a'.repeat(128));
    expect(requestIdOf(['a', 'b'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('database settings', () => {
  it('reads DB_POOL_MAX and DB_STATEMENT_TIMEOUT_MS, refusing nonsense', () => {
    const c = loadConfig({ DB_POOL_MAX: '25', DB_STATEMENT_TIMEOUT_MS: '30000' }, '/tmp');
    expect([c.DB_POOL_MAX, c.DB_STATEMENT_TIMEOUT_MS]).toEqual([25, 30000]);
    expect(loadConfig({}, '/tmp').DB_POOL_MAX).toBe(10);
    expect(() => loadConfig({ DB_POOL_MAX: '1' }, '/tmp')).toThrow(/DB_POOL_MAX/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, '/tmp')).toThrow(/METRICS_TOKEN/);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'opens the pool with its size and statement timeout, and reports idle-connection errors',
    async () => {
      const errors: Error[] = [];
      const database = await openDatabase({
        databaseUrl: process.env.DATABASE_URL,
        dataDir: '/nonexistent',
        poolMax: 3,
        statementTimeoutMs: 200,
        onPoolError: (err) => errors.push(err),
      });
      try {
        expect(database.pool!.options.max).toBe(3);
        await expect(database.query('select pg_sleep(2)')).rejects.toThrow(/statement timeout/);
        // An idle connection killed by the server: reported, not a crash.
        const { rows } = await database.query<{ pid: number }>('select pg_backend_pid() as pid');
        const killer = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '/nonexistent' });
        await killer.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await killer.close();
        for (const deadline = Date.now() + 20_000; errors.length === 0 && Date.now() < deadline;)
          await new Promise((r) => setTimeout(r, 100));
        expect(errors.length).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    },
  );
});
