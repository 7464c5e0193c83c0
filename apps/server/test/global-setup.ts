import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, pgliteDatabase, postgresDatabase, type Database } from '../src/db/client';
import { createBoss } from '../src/jobs/boss';
import {
  adminQuery,
  databaseName,
  dropDatabase,
  dropStaleTestDatabases,
  quoteIdent,
  urlWithDatabase,
  type TestDatabaseInfo,
} from './helpers/database';

/**
 * Prepares one migrated database for the whole run, so that no test file pays for migrations:
 * - without DATABASE_URL: an in-memory PGlite, migrated, with pg-boss's schema, dumped to a temp file
 *   that each test file loads (PGlite's initdb takes seconds; loading a dump well under one);
 * - with DATABASE_URL: a template database fc_template_<random> on that server, which each test file
 *   copies with CREATE DATABASE ... TEMPLATE. Teardown drops it.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const client = await PGlite.create();
    const database = pgliteDatabase(client);
    try {
      await prepare(database);
      const blob = await client.dumpDataDir('none');
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-test-db-'));
      const dumpPath = path.join(dir, 'template.tar');
      await fs.writeFile(dumpPath, Buffer.from(await blob.arrayBuffer()));
      project.provide('fcDatabase', { kind: 'pglite', dumpPath } satisfies TestDatabaseInfo);
      return async () => {
        await fs.rm(dir, { recursive: true, force: true });
      };
    } finally {
      await database.close();
    }
  }

  await dropStaleTestDatabases(databaseUrl);
  const template = databaseName('fc_template');
  await adminQuery(databaseUrl, `CREATE DATABASE ${quoteIdent(template)}`);
  try {
    const templateUrl = urlWithDatabase(databaseUrl, template);
    const pool = new pg.Pool({ connectionString: templateUrl, max: 2 });
    const database = postgresDatabase(pool);
    try {
      await prepare(database, templateUrl);
    } finally {
      await database.close();
    }
  } catch (err) {
    await dropDatabase(databaseUrl, template).catch(() => {});
    throw err;
  }
  project.provide('fcDatabase', { kind: 'postgres', adminUrl: databaseUrl, template } satisfies TestDatabaseInfo);
  return async () => {
    await dropDatabase(databaseUrl, template);
  };
}

/** Migrations, then pg-boss once so that its schema exists and no test file creates it. */
async function prepare(database: Database, databaseUrl?: string) {
  await migrateDatabase(database);
  const boss = createBoss(database, databaseUrl);
  const errors: unknown[] = [];
  boss.on('error', (err) => errors.push(err));
  await boss.start();
  // Graceful: with graceful:false pg-boss 10 can leave its cron worker waiting forever on PostgreSQL (Node never exits).
  await boss.stop({ graceful: true, wait: true, timeout: 2_000 });
  if (errors.length > 0) throw errors[0];
}
