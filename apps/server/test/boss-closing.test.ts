import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteDatabase } from '../src/db/client';
import { answerWhileClosing, createBoss } from '../src/jobs/boss';

// A worker's last fetch, complete or fail can reach the embedded database after the process has closed it
// (seen in CI twice, under Node 22): each must answer "nothing" rather than reject inside pg-boss's loop.
describe('pg-boss on a closed PGlite', () => {
  it('fetch finds no job, and complete and fail change none, without throwing', async () => {
    const client = await PGlite.create();
    const boss = createBoss(pgliteDatabase(client));
    await client.close();
    const id = '00000000-0000-4000-8000-000000000001';
    await expect(boss.fetch('mail-send')).resolves.toEqual([]);
    await expect(boss.complete('mail-send', id)).resolves.toMatchObject({ requested: 1, affected: 0 });
    await expect(boss.fail('mail-send', id)).resolves.toMatchObject({ requested: 1, affected: 0 });
  });

  it("an open database's errors still surface", async () => {
    expect(answerWhileClosing('SELECT 1')).toEqual({ rows: [] });
    const client = await PGlite.create();
    const boss = createBoss(pgliteDatabase(client));
    // No pgboss schema here: the statement fails, and the failure is not swallowed.
    await expect(boss.complete('mail-send', '00000000-0000-4000-8000-000000000001')).rejects.toThrow();
    await client.close();
  });
});
