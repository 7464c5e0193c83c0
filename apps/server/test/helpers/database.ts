import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isAlive } from '../../src/db/client';

/** What the global setup hands to every test file (through vitest's provide/inject). */
export type TestDatabaseInfo =
  | { kind: 'pglite'; /** A PGlite dumpDataDir('none') tarball of a migrated database with the pgboss schema. */ dumpPath: string }
  | {
      kind: 'postgres';
      /** The maintenance connection (DATABASE_URL). */ adminUrl: string;
      /** A migrated template database. */ template: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    fcDatabase: TestDatabaseInfo;
  }
}

/** A unique, safe database name. */
export const databaseName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** The connection string of another database on the same server. */
export function urlWithDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs one statement on the maintenance database with a short-lived client. */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Drops a database even when a connection was left open (PostgreSQL 13+). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

/**
 * Copies the template. CREATE DATABASE ... TEMPLATE refuses while another session is connected to the
 * template, which can happen for a moment when several test files start at once; retry a few times.
 */
export async function createDatabaseFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
      return;
    } catch (err) {
      const message = (err as Error).message;
      if (attempt >= 20 || !/being accessed by other users/.test(message)) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
}

/**
 * Drops the databases of test runs that were killed before their teardown (their process is gone), so that
 * they do not pile up on a developer's server. Only on a server of this machine, where the process ids mean
 * something; names are fc_template_<pid>_<hex> and fc_test_<pid>_<hex>.
 */
export async function dropStaleTestDatabases(adminUrl: string): Promise<void> {
  const host = new URL(adminUrl).hostname;
  if (!['localhost', '127.0.0.1', '::1', '[::1]', ''].includes(host)) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^fc_(template|test)_[0-9]+_[0-9a-f]{8}$'",
    );
    names = rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
  for (const name of names) {
    const pid = Number(name.split('_')[2]);
    if (isAlive(pid)) continue;
    await dropDatabase(adminUrl, name).catch(() => {});
  }
}
