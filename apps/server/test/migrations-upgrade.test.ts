import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appliedMigrations,
  BASELINE_MIGRATION,
  MIGRATIONS_DIR,
  migrateDatabase,
  pgliteDatabase,
  postgresDatabase,
  type Database,
} from '../src/db/client';
import { seedDemo } from '../src/seed/index';
import { adminQuery, databaseName, dropDatabase, urlWithDatabase } from './helpers/database';

/**
 * Upgrades (issue 21, docs/decisions/0501-incremental-migrations.md): a database of the first release (the
 * baseline migration alone) holding the demo data set is brought up to date by the later migrations, and
 * its schema is then the same as a database migrated from nothing. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set (npm test runs both in .ci/run).
 */

/**
 * The released baseline: its SQL and its journal time must never change, or every database of that release
 * would fail to upgrade (drizzle applies the migrations newer than the last one a database has, by time).
 * A branch that rebuilt it with `db:generate -- --reset` must turn its change into a migration of its own:
 * docs/operations.md, "Changing the schema".
 */
const BASELINE = { sha256: '9ec83000668a54e4bf9249c6cd20fd1bd77fb8af9e77dce72e7a24662df86113', when: 1795687732386 };

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;

/**
 * PGlite migrating three databases and seeding one takes over a minute on a busy 2-core machine (36 s idle);
 * the server project's default of 60 s is too tight for it.
 */
const SLOW = 300_000;

/** A migrations folder holding the baseline alone, as a database of the first release saw it. */
function baselineFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-baseline-'));
  const upTo = journal.entries.findIndex((e) => e.tag === BASELINE_MIGRATION);
  const entries = journal.entries.slice(0, upTo + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/**
 * The schema of `public` as sorted text lines: columns (not their order, which ADD COLUMN cannot choose),
 * constraints, indexes, triggers, functions, enums, sequences and views.
 */
async function schemaOf(database: Database): Promise<string[]> {
  const queries = [
    `select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || udt_name || ' null=' || is_nullable ||
            ' default=' || coalesce(column_default, '-') || ' generated=' || coalesce(generation_expression, '-') as line
       from information_schema.columns where table_schema = 'public'`,
    `select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
       from pg_constraint where connamespace = 'public'::regnamespace`,
    `select 'index ' || indexname || ' ' || indexdef as line from pg_indexes where schemaname = 'public'`,
    `select 'trigger ' || pg_get_triggerdef(t.oid) as line from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`,
    `select 'function ' || pg_get_functiondef(p.oid) as line from pg_proc p where p.pronamespace = 'public'::regnamespace`,
    `select 'enum ' || t.typname || ' ' || string_agg(e.enumlabel, ',' order by e.enumsortorder) as line
       from pg_type t join pg_enum e on e.enumtypid = t.oid where t.typnamespace = 'public'::regnamespace group by t.typname`,
    `select 'sequence ' || sequence_name || ' ' || data_type || ' ' || increment as line from information_schema.sequences where sequence_schema = 'public'`,
    `select 'view ' || viewname || ' ' || definition as line from pg_views where schemaname = 'public'`,
  ];
  const lines: string[] = [];
  for (const q of queries) lines.push(...(await database.query<{ line: string }>(q)).rows.map((r) => r.line));
  return lines.sort();
}

const databaseUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/** An empty database of the kind under test. */
async function emptyDatabase(): Promise<Database> {
  if (!databaseUrl) {
    const database = pgliteDatabase(await PGlite.create());
    cleanups.push(() => database.close());
    return database;
  }
  const name = databaseName('fc_upgrade');
  await adminQuery(databaseUrl, `create database "${name}"`);
  const pool = new pg.Pool({ connectionString: urlWithDatabase(databaseUrl, name), max: 3 });
  pool.on('error', () => {});
  const database = postgresDatabase(pool);
  cleanups.push(() => dropDatabase(databaseUrl, name));
  cleanups.push(() => database.close());
  return database;
}

describe(`migrations upgrade a database of the baseline (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps the released baseline migration as it was released', () => {
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, `${BASELINE_MIGRATION}.sql`));
    const entry = journal.entries.find((e) => e.tag === BASELINE_MIGRATION);
    expect(entry?.idx, 'the baseline is the first migration').toBe(0);
    expect(
      { sha256: createHash('sha256').update(sql).digest('hex'), when: entry?.when },
      `${BASELINE_MIGRATION} changed: make the change a new migration instead (docs/operations.md, "Changing the schema")`,
    ).toEqual(BASELINE);
    // Every migration file is in the journal and the other way round: a file drizzle would skip is a mistake.
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''))
      .sort();
    expect(files).toEqual(journal.entries.map((e) => e.tag).sort());
    // Later migrations are newer: drizzle applies only those newer than the last one a database has.
    for (let i = 1; i < journal.entries.length; i++) expect(journal.entries[i]!.when).toBeGreaterThan(journal.entries[i - 1]!.when);
  });

  it(
    'brings a seeded baseline database to the same schema as a fresh one, keeping its rows',
    async () => {
      const baseline = baselineFolder();
      cleanups.push(async () => fs.rmSync(baseline, { recursive: true, force: true }));

      const upgraded = await emptyDatabase();
      await migrateDatabase(upgraded, baseline);
      expect(await appliedMigrations(upgraded)).toEqual([BASELINE_MIGRATION]);
      await seedDemo(upgraded.db);
      const usersBefore = (await upgraded.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n;
      expect(usersBefore).toBeGreaterThan(0);

      await migrateDatabase(upgraded);
      const fresh = await emptyDatabase();
      await migrateDatabase(fresh);

      const all = journal.entries.map((e) => e.tag);
      expect(await appliedMigrations(upgraded)).toEqual(all);
      expect(await appliedMigrations(fresh)).toEqual(all);
      const [upgradedSchema, freshSchema] = [await schemaOf(upgraded), await schemaOf(fresh)];
      expect(freshSchema.length).toBeGreaterThan(100);
      expect(upgradedSchema).toEqual(freshSchema);
      expect((await upgraded.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n).toBe(usersBefore);

      // Migrating again changes nothing (every start migrates).
      await migrateDatabase(upgraded);
      expect(await schemaOf(upgraded)).toEqual(freshSchema);
    },
    SLOW,
  );

  it(
    'sees a difference a missing migration would leave (the comparison is not blind)',
    async () => {
      const baseline = baselineFolder();
      cleanups.push(async () => fs.rmSync(baseline, { recursive: true, force: true }));
      const a = await emptyDatabase();
      await migrateDatabase(a, baseline);
      const before = await schemaOf(a);
      await a.exec('alter table users add column upgrade_probe text; create index users_upgrade_probe on users (upgrade_probe)');
      const after = await schemaOf(a);
      expect(after.filter((l) => !before.includes(l))).toEqual([
        expect.stringMatching(/^column users\.upgrade_probe text/),
        expect.stringMatching(/^index users_upgrade_probe /),
      ]);
    },
    SLOW,
  );
});
