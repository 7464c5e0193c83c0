import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages, type PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDatabase, type Database } from '../src/db/client';
import { rowsOf } from '../src/db/execute';
import { PGliteThread } from '../src/db/pglite-thread';

/** A statement that keeps the database busy for a while: hundreds of milliseconds. */
const SLOW = 'select count(*) from generate_series(1, 3000000)';

describe('the embedded database on its own thread (db/pglite-thread.ts, decision 0998)', () => {
  let dir: string;
  let db: PGlite;
  let database: Database;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-pglite-thread-'));
    db = await PGliteThread.create(path.join(dir, 'pgdata'));
    database = pgliteDatabase(db);
    await db.exec(
      `create table part (id int primary key, code text not null unique, price numeric(12,2), at timestamptz default now(), tags text[])`,
    );
  }, 60_000);
  afterAll(async () => {
    if (!db.closed) await db.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers statements with their types: numbers, numeric as text, timestamps, arrays', async () => {
    const { rows } = await db.query<{ id: number; price: string; at: Date; tags: string[] }>(
      `insert into part (id, code, price, tags) values ($1, $2, $3, $4) returning *`,
      [1, 'A-1', '12.50', ['core', 'brake']],
    );
    expect(rows[0]).toMatchObject({ id: 1, price: '12.50', tags: ['core', 'brake'] });
    expect(rows[0]!.at).toBeInstanceOf(Date);
    expect(await rowsOf(database.db, sql`select code from part where id = ${1}`)).toEqual([{ code: 'A-1' }]);
    expect(await database.preparedRows('part_by_id', 'select id, code from part where id = $1', [1])).toEqual([[1, 'A-1']]);
  });

  it('reports a broken rule as PGlite does: a DatabaseError with its code, constraint and detail', async () => {
    const err = await db.query('insert into part (id, code) values ($1, $2)', [2, 'A-1']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(messages.DatabaseError);
    expect(err).toMatchObject({ code: '23505', constraint: 'part_code_key', detail: 'Key (code)=(A-1) already exists.' });
    // The one connection is usable again after the error.
    expect((await db.query('select count(*)::int as n from part')).rows).toEqual([{ n: 1 }]);
  });

  it('runs a prepared statement again after its first run failed', async () => {
    const text = 'select 10 / $1::int as n';
    await expect(database.preparedRows('tenth', text, [0])).rejects.toMatchObject({ code: '22012' });
    expect(await database.preparedRows('tenth', text, [5])).toEqual([[2]]);
    expect(await database.preparedRows('tenth', text, [2])).toEqual([[5]]);
  });

  it('commits a transaction whole and rolls a failed one back whole', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`insert into part (id, code) values (10, 'T-10')`);
      await tx.query(`insert into part (id, code) values (11, 'T-11')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into part (id, code) values (12, 'T-12')`);
        await tx.query(`insert into part (id, code) values (13, 'T-10')`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ id: number }>(`select id from part where code like 'T-%' order by id`);
    expect(rows.map((r) => r.id)).toEqual([10, 11]);
  });

  it('keeps a transaction to itself: a statement sent meanwhile runs after its commit', async () => {
    let seen: number | undefined;
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.query(`insert into part (id, code) values (20, 'U-20')`);
        await tx.query(SLOW);
        await tx.query(`insert into part (id, code) values (21, 'U-21')`);
      }),
      db.query<{ n: number }>(`select count(*)::int as n from part where code like 'U-%'`).then((r) => (seen = r.rows[0]!.n)),
    ]);
    expect(seen).toBe(2);
  });

  it('delivers notifications to listeners, and none after unlisten', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('parts_changed', (payload) => heard.push(payload));
    await db.query(`select pg_notify('parts_changed', 'first')`);
    await expect.poll(() => heard).toEqual(['first']);
    await unlisten();
    await db.query(`select pg_notify('parts_changed', 'second')`);
    await db.query('select 1');
    expect(heard).toEqual(['first']);
  });

  it('copies to and from /dev/blob', async () => {
    await db.query(`copy part (id, code) from '/dev/blob' with (format csv)`, [], { blob: new Blob(['30,B-30\n31,B-31\n']) });
    const out = await db.query(`copy (select id, code from part where code like 'B-%' order by id) to '/dev/blob' with (format csv)`);
    expect(await out.blob!.text()).toBe('30,B-30\n31,B-31\n');
  });

  it("keeps this thread's event loop turning while a statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      await db.query(SLOW);
    } finally {
      clearInterval(timer);
    }
    // In process the loop is held for the whole statement and the timer never fires before its answer.
    expect(ticks).toBeGreaterThan(1);
  });

  it('closes cleanly: later calls are refused, and the data is there when the directory is opened again', async () => {
    await db.close();
    expect(db.closed).toBe(true);
    await expect(db.query('select 1')).rejects.toThrow(/PGlite is closed/);
    const again = await openDatabase({ dataDir: dir });
    try {
      const { rows } = await again.query<{ n: number }>('select count(*)::int as n from part');
      expect(rows).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  });
});

describe('opening the embedded database on its thread', () => {
  it('fails when the directory cannot be opened', async () => {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fc-pglite-thread-')), 'not-a-dir');
    await fs.writeFile(file, 'x');
    await expect(PGliteThread.create(file)).rejects.toThrow();
  }, 60_000);
});
