import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { AppContext } from '../../src/context';
import { pgliteDatabase, postgresDatabase, type Database, type Db } from '../../src/db/client';
import { PGliteThread } from '../../src/db/pglite-thread';
import { createBoss } from '../../src/jobs/boss';
import { jobs as allJobs } from '../../src/modules/jobs';
import { startWorkers, type JobDefinition } from '../../src/jobs/registry';
import { Foreground } from '../../src/jobs/foreground';
import type { Mail, Mailer } from '../../src/mail/mailer';
import { deliverQueuedMail } from '../../src/mail/outbox';
import { mailOutbox } from '../../src/db/schema/index';
import { resetRequestsSettled } from '../../src/modules/auth/reset';
import { eq } from 'drizzle-orm';
import { createDatabaseFromTemplate, databaseName, dropDatabase, urlWithDatabase } from './database';

/** The origin of the portal in tests; requests that change state send it as Origin. */
export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestDatabase {
  database: Database;
  /** The connection string of this file's own database (PostgreSQL only). */
  url?: string;
  close(): Promise<void>;
}

let pgliteDump: Blob | undefined;

/**
 * A fresh, migrated database for one test file: a copy of the global setup's PGlite dump, or a
 * PostgreSQL database created from its template (dropped again by close()).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const info = inject('fcDatabase');
  if (info.kind === 'pglite') {
    pgliteDump ??= new Blob([await fs.readFile(info.dumpPath)]);
    // On its own thread, as the server opens it (decision 0998).
    const client = await PGliteThread.create({ loadDataDir: pgliteDump });
    const database = pgliteDatabase(client);
    return { database, close: () => database.close() };
  }
  const name = databaseName('fc_test');
  await createDatabaseFromTemplate(info.adminUrl, name, info.template);
  const url = urlWithDatabase(info.adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  pool.on('error', () => {});
  const database = postgresDatabase(pool);
  let closed = false;
  return {
    database,
    url,
    async close() {
      if (closed) return;
      closed = true;
      await database.close().catch(() => {});
      await dropDatabase(info.adminUrl, name);
    },
  };
}

/** A mailer that keeps every message in memory (the SMTP and outbox paths are tested on their own). */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

export interface TestContextOptions {
  /** Environment overrides for loadConfig (strings, as in process.env). */
  env?: Record<string, string | undefined>;
  /** Start pg-boss on this database and run the workers of `jobDefinitions` (default: every job of src/jobs). */
  jobs?: boolean;
  jobDefinitions?: readonly JobDefinition[];
}

export interface TestContext {
  ctx: AppContext;
  config: Config;
  db: Db;
  database: Database;
  mails: Mail[];
  dataDir: string;
  close(): Promise<void>;
}

/** Configuration as the server would load it, for tests: silent, PUBLIC_URL = TEST_ORIGIN, a temp DATA_DIR. */
export function testConfig(dataDir: string, env: Record<string, string | undefined> = {}, databaseUrl?: string): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: TEST_ORIGIN,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      // The second factor optional (decision 0700): existing tests sign in with a password alone.
      MFA_POLICY: 'optional',
      // A fixed key, so that no key file appears in DATA_DIR (tests check what a request leaves there).
      MFA_ENCRYPTION_KEY: 'test-only-mfa-encryption-key-not-a-secret',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    dataDir,
  );
}

/** The AppContext of one test file on its own database; close() releases everything it opened. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const testDb = await openTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-test-data-'));
  const closers: (() => Promise<unknown>)[] = [() => testDb.close(), () => fs.rm(dataDir, { recursive: true, force: true })];
  const close = async () => {
    const errors: unknown[] = [];
    while (closers.length > 0) {
      const next = closers.pop()!;
      await next().catch((err: unknown) => errors.push(err));
    }
    if (errors.length > 0) throw errors[0];
  };
  try {
    const config = testConfig(dataDir, { ...(options.jobs ? { JOBS_ENABLED: 'true' } : {}), ...options.env }, testDb.url);
    const mailer = memoryMailer();
    const ctx: AppContext = { config, database: testDb.database, db: testDb.database.db, mailer, foreground: new Foreground() };
    if (options.jobs) {
      const boss = createBoss(testDb.database, testDb.url);
      boss.on('error', () => {});
      await boss.start();
      // Graceful (see global-setup.ts): waits up to 5 s for running jobs, then fails them.
      closers.push(() => boss.stop({ graceful: true, wait: true, timeout: 5_000 }));
      ctx.boss = boss;
      const stopSweep = await startWorkers(boss, ctx, options.jobDefinitions ?? allJobs, pino({ level: 'silent' }));
      closers.push(async () => stopSweep());
    }
    return { ctx, config, db: ctx.db, database: testDb.database, mails: mailer.sent, dataDir, close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

export interface TestApp extends TestContext {
  app: FastifyInstance;
}

/** createTestContext() and the Fastify app on it (ready for app.inject). close() closes the app first. */
export async function createTestApp(options: TestContextOptions & { build?: BuildOptions } = {}): Promise<TestApp> {
  const t = await createTestContext(options);
  try {
    const app = await buildApp(t.ctx, options.build);
    await app.ready();
    return {
      ...t,
      app,
      async close() {
        try {
          await app.close();
        } finally {
          await t.close();
        }
      },
    };
  } catch (err) {
    await t.close().catch(() => {});
    throw err;
  }
}

/**
 * Every e-mail asked for so far has been sent (or has failed an attempt): after the forgot-password work
 * that runs after its answer, the queued messages are delivered by this process as the e-mail job would
 * deliver them (no job worker), or, with the workers running, awaited until none is queued (60 s at most).
 */
export async function mailSettled(ctx: AppContext): Promise<void> {
  await resetRequestsSettled(ctx);
  if (!ctx.boss) {
    await deliverQueuedMail(ctx, pino({ level: 'silent' }));
    return;
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    const queued = await ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.state, 'queued')).limit(1);
    if (queued.length === 0) return;
    if (Date.now() > deadline) throw new Error('e-mail still queued after 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}
