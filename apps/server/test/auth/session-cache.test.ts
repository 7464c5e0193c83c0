import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { postgresDatabase, type Database } from '../../src/db/client';
import { changesPrincipal } from '../../src/db/principal-changes';
import { createPrincipalCache } from '../../src/http/principal-cache';
import type { SessionRow } from '../../src/http/session-lookup';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, postLogout, seedUsers } from '../helpers/http';

/**
 * Signed-in sessions kept in memory between requests (issue 22, decision 0980): a sign-out, a disabled
 * user or a changed task list is refused or applied on the next request of the same process, and within
 * moments on every other process on the database, even when the session was read a moment before.
 */
const TIMEOUT = '/fc-common-api/session/timeout';
const row = { userId: 1 } as SessionRow;

describe('the principal cache', () => {
  let clock = 0;
  const cache = () => createPrincipalCache({ maxEntries: 2, maxAgeMs: 1_000, quietMs: 500, now: () => clock });

  it('keeps nothing until it hears the database, nor after it stops hearing it', () => {
    const c = cache();
    c.set('a', row, c.generation());
    expect(c.get('a')).toBeUndefined();
    c.listening(true);
    c.set('a', row, c.generation());
    expect(c.get('a')).toBe(row);
    c.listening(false);
    expect(c.get('a')).toBeUndefined();
    c.set('a', row, c.generation());
    expect(c.get('a')).toBeUndefined();
  });

  it('does not keep a read that started before a change', () => {
    const c = cache();
    c.listening(true);
    const before = c.generation();
    c.changed();
    c.set('a', row, before);
    expect(c.get('a')).toBeUndefined();
  });

  it("forgets everything at this process's own change, and keeps nothing for a moment after it", () => {
    const c = cache();
    c.listening(true);
    c.set('a', row, c.generation());
    c.changing();
    expect(c.get('a')).toBeUndefined();
    c.set('a', row, c.generation());
    expect(c.get('a')).toBeUndefined();
    clock += 501;
    c.set('a', row, c.generation());
    expect(c.get('a')).toBe(row);
  });

  it('holds at most maxEntries, and none longer than maxAgeMs', () => {
    const c = cache();
    c.listening(true);
    for (const k of ['a', 'b', 'c']) c.set(k, row, c.generation());
    expect(c.size).toBe(2);
    expect(c.get('a')).toBeUndefined();
    clock += 1_001;
    expect(c.get('c')).toBeUndefined();
  });

  it('tells the statements that change a session or a user from the others', () => {
    for (const s of [
      'update "sessions" set "ended_at" = now() where "sessions"."id_hash" = $1',
      'delete from "users" where "users"."id" = $1',
      'UPDATE users SET disabled = true',
      'truncate "sessions", "users" cascade',
      'TRUNCATE TABLE users',
    ])
      expect(changesPrincipal(s), s).toBe(true);
    for (const s of [
      'select "id" from "sessions" where "id_hash" = $1',
      'insert into "sessions" ("id_hash", "user_id") values ($1, $2)',
      'update "user_tasks" set "x" = 1',
      'update "customers" set "users" = 1',
    ])
      expect(changesPrincipal(s), s).toBe(false);
  });
});

describe('signed-in sessions kept in memory', () => {
  let t: TestApp;
  const get = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: TIMEOUT, headers: { cookie } });
  /** The next requests of `app` until one answers `status` (a notice reaches another process within moments). */
  async function answersSoon(app: FastifyInstance, cookie: string, status: number): Promise<number> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await get(app, cookie);
      if (res.statusCode === status || Date.now() > deadline) return res.statusCode;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Requests of `cookie` until `ctx`'s process keeps its session: the sign-in itself changed the user, and
   * nothing is kept for a moment after a change (quietMs).
   */
  async function kept(app: FastifyInstance, ctx: AppContext, cookie: string) {
    const deadline = Date.now() + 20_000;
    ctx.principals!.changed();
    while (ctx.principals!.size === 0 && Date.now() < deadline) {
      expect((await get(app, cookie)).statusCode).toBe(200);
      if (ctx.principals!.size === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ctx.principals!.size, 'the session was not kept').toBe(1);
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedUsers(t.ctx);
  });
  afterAll(() => t.close());

  it('a sign-out is refused on the very next request, though the session was kept', async () => {
    const cookie = await loginAs(t.app, 'corp');
    await kept(t.app, t.ctx, cookie);
    expect((await postLogout(t.app, cookie)).statusCode).toBeLessThan(400);
    expect((await get(t.app, cookie)).statusCode).toBe(401);
  });

  it('a user disabled by a statement of this process is refused on the next request', async () => {
    const cookie = await loginAs(t.app, 'corpview');
    await kept(t.app, t.ctx, cookie);
    await t.database.query(`update users set disabled = true where username = 'corpview'`);
    try {
      expect((await get(t.app, cookie)).statusCode).toBe(401);
    } finally {
      await t.database.query(`update users set disabled = false where username = 'corpview'`);
    }
  });

  describe.skipIf(!process.env.DATABASE_URL)('with another process on the same PostgreSQL database', () => {
    let other: Database;
    let otherApp: FastifyInstance;
    let otherCtx: AppContext;
    let outsider: pg.Client;
    const otherPrincipals = () => otherCtx.principals!;

    beforeAll(async () => {
      const url = t.config.DATABASE_URL!;
      other = postgresDatabase(new pg.Pool({ connectionString: url, max: 3 }));
      otherCtx = { ...t.ctx, database: other, db: other.db, principals: undefined };
      otherApp = await buildApp(otherCtx);
      await otherApp.ready();
      outsider = new pg.Client({ connectionString: url });
      await outsider.connect();
    });
    afterAll(async () => {
      await otherApp?.close();
      await other?.close();
      await outsider?.end();
    });

    it('a sign-out on one process is refused by the other, which had the session in memory', async () => {
      const cookie = await loginAs(t.app, 'dealer');
      await kept(otherApp, otherCtx, cookie);
      expect((await postLogout(t.app, cookie)).statusCode).toBeLessThan(400);
      expect(await answersSoon(otherApp, cookie, 401)).toBe(401);
    });

    it('a user disabled by a statement from outside both processes is refused', async () => {
      const cookie = await loginAs(t.app, 'customer');
      await kept(otherApp, otherCtx, cookie);
      await kept(t.app, t.ctx, cookie);
      await outsider.query(`update users set disabled = true where username = 'customer'`);
      try {
        expect(await answersSoon(otherApp, cookie, 401)).toBe(401);
        expect(await answersSoon(t.app, cookie, 401)).toBe(401);
      } finally {
        await outsider.query(`update users set disabled = false where username = 'customer'`);
      }
    });

    it('while its listening connection is down, a process keeps nothing and reads every session', async () => {
      const cookie = await loginAs(t.app, 'corp');
      await kept(otherApp, otherCtx, cookie);
      // Every LISTEN connection on this database: both processes lose theirs.
      await outsider.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      const deadline = Date.now() + 20_000;
      while (otherPrincipals().listeningNow && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(otherPrincipals().listeningNow).toBe(false);
      await outsider.query(`update users set disabled = true where username = 'corp'`);
      try {
        // No notice can come now: refused at once because nothing was kept.
        expect((await get(otherApp, cookie)).statusCode).toBe(401);
      } finally {
        await outsider.query(`update users set disabled = false where username = 'corp'`);
      }
      // And it listens again (the first retry is after a second).
      while (!otherPrincipals().listeningNow && Date.now() < deadline + 20_000) await new Promise((r) => setTimeout(r, 50));
      expect(otherPrincipals().listeningNow).toBe(true);
    });
  });
});
