import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { serializeError } from './http/log-redaction';
import { buildApp } from './app';
import type { Config } from './config';
import type { AppContext } from './context';
import { migrateDatabase, openDatabase } from './db/client';
import { seedDemoIfEmpty } from './seed/index';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/core';
import { createBoss } from './jobs/boss';
import { Foreground } from './jobs/foreground';
import { jobs } from './modules/jobs';
import { startWorkers } from './jobs/registry';
import { createMailer } from './mail/mailer';
import { countingMailer, createMetrics, timedJob } from './metrics';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  stop(): Promise<void>;
}

/** Opens the database, migrates it, seeds demo data into an empty one, starts the jobs and the HTTP server. */
export async function startServer(config: Config, opts: { webDist?: string; listen?: boolean } = {}): Promise<RunningServer> {
  const log = createLogger(config);
  if (config.NODE_ENV === 'production' && !config.DATABASE_URL) {
    // Loud on purpose: the embedded database is one process on one disk, without the server's backups.
    log.warn(
      { dataDir: config.dataDir },
      '!!! NODE_ENV=production runs on the EMBEDDED database (PGlite under DATA_DIR): one process only, no point-in-time backups. Set DATABASE_URL to a PostgreSQL server (docs/operations.md) !!!',
    );
  }
  if (config.NODE_ENV === 'production' && config.DATABASE_URL && config.MFA_POLICY !== 'off' && !config.MFA_ENCRYPTION_KEY) {
    // Each process would make its own key under its DATA_DIR: a secret sealed by one is unreadable to another.
    log.warn(
      { dataDir: config.dataDir },
      'MFA_ENCRYPTION_KEY is not set: TOTP secrets are sealed with a key kept in DATA_DIR/mfa-encryption.key. Set MFA_ENCRYPTION_KEY (the same on every process) when several processes share the database (docs/operations.md).',
    );
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolMax: config.DB_POOL_MAX,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    onPoolError: (err) => log.error({ err }, 'database connection error (idle connection dropped)'),
    // Without its thread the embedded database answers nothing again: the process stops so that its
    // supervisor starts it afresh, and the database recovers as from a power cut (docs/operations.md).
    onLost: (err) => {
      log.fatal({ err }, 'the embedded database stopped');
      process.exit(1);
    },
  });
  await migrateDatabase(database);
  const metrics = createMetrics({ database });
  const mailer = countingMailer(
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.dataDir, 'outbox'), log }),
    metrics,
  );
  const ctx: AppContext = { config, database, db: database.db, mailer, foreground: new Foreground(), metrics };

  let seeded = false;
  if (config.seedDemo) seeded = await seedDemoIfEmpty(database.db);

  let stopSweep: (() => void) | undefined;
  if (config.JOBS_ENABLED) {
    const boss = createBoss(database, config.DATABASE_URL);
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    await boss.start();
    ctx.boss = boss;
    stopSweep = await startWorkers(
      boss,
      ctx,
      jobs.map((job) => timedJob(job, metrics)),
      log,
    );
  }

  const app = await buildApp(ctx, { loggerInstance: log, webDist: opts.webDist });
  if (opts.listen !== false) await app.listen({ host: config.HOST, port: config.PORT });

  if (seeded || config.seedDemo) {
    log.info(
      { users: DEMO_USERS.map((u) => `${u.username} (${u.note})`), password: DEMO_PASSWORD },
      `Demo sign-ins: every demo user's password is ${DEMO_PASSWORD}`,
    );
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      stopSweep?.();
      await app.close();
      await ctx.boss?.stop({ graceful: true, timeout: 10_000, wait: true }).catch((err: unknown) => log.error({ err }, 'job queue stop'));
      await database.close();
    })());
  return { app, ctx, stop };
}

/** Whether pino-pretty is installed (a development dependency: never in a production install). */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * JSON lines, one per event, for the log collector; pretty text for a developer at a terminal
 * (LOG_PRETTY, by default on in development at a terminal when pino-pretty is installed).
 */
function createLogger(config: Config): FastifyBaseLogger {
  const wanted = config.LOG_PRETTY ?? (config.NODE_ENV === 'development' && process.stdout.isTTY === true);
  if (wanted && prettyInstalled()) {
    return pino({
      level: config.LOG_LEVEL,
      serializers: { err: serializeError },
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
    });
  }
  const log = pino({ level: config.LOG_LEVEL, serializers: { err: serializeError } });
  if (config.LOG_PRETTY) log.warn('LOG_PRETTY is on but pino-pretty is not installed (a development dependency): logging JSON lines');
  return log;
}
