// The PostgreSQL server the benchmarks work on: its maintenance connection and the scratch databases they
// create on it (and drop when done).
import pg from 'pg';

/** The maintenance connection: DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test. */
export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL of the database `name` on the same server as `adminUrl`. */
export function databaseUrl(name, adminUrl = ADMIN_URL) {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on the maintenance connection `adminUrl` (CREATE DATABASE, DROP DATABASE...). */
export async function admin(text, adminUrl = ADMIN_URL) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}
