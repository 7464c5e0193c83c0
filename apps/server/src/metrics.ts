import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from './db/client';
import type { JobDefinition } from './jobs/registry';
import type { Mailer } from './mail/mailer';

/**
 * The portal's metrics (issue 21), in the Prometheus text format at /metrics when METRICS_TOKEN is set
 * (docs/operations.md, "Metrics"). One registry per running app, so that tests may build several apps in
 * one process. Modules count their own events through these objects, e.g.
 * `ctx.metrics?.mailSent.inc({ kind: 'reset' })`.
 */
export interface Metrics {
  registry: Registry;
  /** HTTP requests: seconds from arrival to the last byte, by method, route template and status. */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Background jobs: seconds per job, by kind and outcome (done or failed). */
  jobDuration: Histogram<'kind' | 'outcome'>;
  /** E-mails handed to the SMTP server (or written to the outbox), by kind ('mail' when the sender gives none). */
  mailSent: Counter<'kind'>;
  /** E-mails the SMTP server refused or that could not be sent, by kind. */
  mailFailed: Counter<'kind'>;
}

/** The route label of a request: its route's template, never the raw address (a label per id would not end). */
export function routeLabel(template: string | undefined): string {
  if (!template) return 'unmatched';
  return template;
}

export function createMetrics(opts: { database?: Database } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'fc_' });
  const metrics: Metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'fc_http_request_duration_seconds',
      help: 'HTTP requests, from arrival to the last byte of the answer, by method, route template and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'fc_job_duration_seconds',
      help: 'Background jobs run by this process, by kind and outcome (done, failed).',
      labelNames: ['kind', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
      registers: [registry],
    }),
    mailSent: new Counter({ name: 'fc_mail_sent_total', help: 'E-mails sent, by kind.', labelNames: ['kind'], registers: [registry] }),
    mailFailed: new Counter({
      name: 'fc_mail_failed_total',
      help: 'E-mails that could not be sent, by kind.',
      labelNames: ['kind'],
      registers: [registry],
    }),
  };
  const database = opts.database;
  if (database) {
    new Gauge({
      name: 'fc_job_queue_depth',
      help: 'Jobs waiting to run (created or waiting for a retry), by kind; the whole queue, whichever process runs it.',
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const { rows } = await database.query<{ name: string; n: number }>(
            `select name, count(*)::int as n from pgboss.job where state in ('created', 'retry') group by name`,
          );
          for (const r of rows) this.set({ kind: r.name }, r.n);
        } catch {
          // No pg-boss schema yet (jobs disabled): no depth to tell.
        }
      },
    });
    const pool = database.pool;
    if (pool) {
      new Gauge({
        name: 'fc_db_pool_connections',
        help: "This process's PostgreSQL connections, by state: total open, idle, and requests waiting for one.",
        labelNames: ['state'],
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
      new Gauge({
        name: 'fc_db_pool_max',
        help: 'The most connections this process may open (DB_POOL_MAX).',
        registers: [registry],
        collect() {
          this.set(pool.options.max ?? 10);
        },
      });
    }
  }
  return metrics;
}

/** A job definition whose runs are timed into fc_job_duration_seconds. */
export function timedJob<T extends object>(job: JobDefinition<T>, metrics: Metrics): JobDefinition<T> {
  return {
    ...job,
    async handle(ctx, data, log) {
      const end = metrics.jobDuration.startTimer({ kind: job.name });
      try {
        await job.handle(ctx, data, log);
        end({ outcome: 'done' });
      } catch (err) {
        end({ outcome: 'failed' });
        throw err;
      }
    },
  };
}

/** A mailer that counts what it sends and what fails (fc_mail_sent_total, fc_mail_failed_total). */
export function countingMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    ...mailer,
    async send(mail) {
      const kind = (mail as { kind?: string }).kind ?? 'mail';
      try {
        await mailer.send(mail);
        metrics.mailSent.inc({ kind });
      } catch (err) {
        metrics.mailFailed.inc({ kind });
        throw err;
      }
    },
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The request timing and, with a token, GET /metrics: answered to `Authorization: Bearer <METRICS_TOKEN>`
 * only (401 otherwise); without a token the route does not exist (404), so that nothing leaks by default.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook('onResponse', (req, reply, done) => {
    if (req.routeOptions.url !== '/metrics') {
      metrics.httpDuration.observe(
        { method: req.method, route: routeLabel(req.routeOptions.url), status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
  if (!token) return;
  app.get(
    '/metrics',
    { config: { access: 'public', rateLimit: false, formToken: 'none', interactive: false }, logLevel: 'warn' },
    async (req, reply) => {
      const auth = req.headers.authorization ?? '';
      const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      if (!sameSecret(given, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('A bearer token (METRICS_TOKEN) is required.\n');
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    },
  );
}
