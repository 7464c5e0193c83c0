import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTurns } from '../src/db/pglite-turns';

/** A statement that keeps PGlite (and so this thread) busy for a while: tens of milliseconds. */
const SLOW = 'select count(*) from generate_series(1, 300000)';
const STATEMENTS = 8;

/** Queues STATEMENTS slow statements at once with a timer beside them: how many had answered when it fired. */
async function answeredBeforeTimer(client: PGlite) {
  let answered = 0;
  let atTimer = -1;
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      atTimer = answered;
      resolve();
    }, 0),
  );
  await Promise.all([...Array.from({ length: STATEMENTS }, () => client.query(SLOW).then(() => answered++)), timer]);
  return atTimer;
}

describe('PGlite statements take turns with the event loop (db/pglite-turns.ts)', () => {
  let plain: PGlite;
  let turns: PGlite;
  beforeAll(async () => {
    plain = await PGlite.create();
    turns = takeTurns(await PGlite.create());
    await plain.query(SLOW);
    await turns.query(SLOW);
  });
  afterAll(async () => {
    await plain.close();
    await turns.close();
  });

  it('without turns a timer waits behind every queued statement; with them it fires after the first', async () => {
    expect(await answeredBeforeTimer(plain)).toBe(STATEMENTS);
    expect(await answeredBeforeTimer(turns)).toBeLessThanOrEqual(1);
  });

  it('statements still answer in order and transactions still hold', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => turns.query(`select ${n} as n`).then((r) => order.push((r.rows[0] as { n: number }).n))));
    expect(order).toEqual([1, 2, 3]);
    await turns.exec('create table t (n int)');
    await Promise.all([
      turns.transaction(async (tx) => {
        await tx.query('insert into t values (1)');
        await tx.query(SLOW);
        await tx.query('insert into t values (2)');
      }),
      turns.query('select count(*)::int as c from t').then((r) => expect((r.rows[0] as { c: number }).c).toBe(2)),
    ]);
  });

  it('wraps a client once, however often it is asked', async () => {
    const raw = turns.execProtocolRaw;
    expect(takeTurns(turns)).toBe(turns);
    expect(turns.execProtocolRaw).toBe(raw);
  });
});
