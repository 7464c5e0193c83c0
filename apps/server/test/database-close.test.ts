import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresDatabase } from '../src/db/client';
import { openTestDatabase } from './helpers/app';

/**
 * Stopping the server under load: a request whose client went away is still running after the server has
 * closed; closing the database lets its remaining statements finish instead of failing them ("Cannot use a
 * pool after calling end on the pool" in the log at every stop).
 */
describe.skipIf(!process.env.DATABASE_URL)('closing the PostgreSQL database', () => {
  it('lets the statements of work already running finish, one after another', async () => {
    const test = await openTestDatabase();
    try {
      const database = postgresDatabase(new pg.Pool({ connectionString: test.url, max: 2 }));
      const work = (async () => {
        const seen: number[] = [];
        for (let i = 0; i < 5; i++) seen.push(Number((await database.query<{ n: number }>('select $1::int as n', [i])).rows[0]!.n));
        return seen;
      })();
      // The first statement is under way when the close begins.
      await new Promise((r) => setImmediate(r));
      const closed = database.close();
      await expect(work).resolves.toEqual([0, 1, 2, 3, 4]);
      await closed;
      await expect(database.query('select 1')).rejects.toThrow(/after calling end/);
    } finally {
      await test.close();
    }
  });
});
