import { createHash } from 'node:crypto';
import { eq, gt, lt, and, sql } from 'drizzle-orm';
import type { Db } from './client';
import { authThrottles } from './schema/index';

/** About one counter write in this many also deletes the counters that have run out. */
const SWEEP_EVERY = 50;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Windowed counters in the database (table auth_throttles), so that every server process on it counts the
 * same sign-ins: limits do not multiply with the processes, and the lockout of an unknown username lives
 * where a real account's does, so neither its answers nor its timing tell which usernames exist.
 */
export function throttleStore(source: { db: Db }) {
  const live = (keyHash: string) => and(eq(authThrottles.keyHash, keyHash), gt(authThrottles.expiresAt, sql`now()`));
  /**
   * Counts one hit, if the counter is below `limit` (or has run out), in one conditional statement, and
   * answers the new count and when the counter runs out; undefined when it already stood at `limit` (nothing
   * counted). Of any number of concurrent calls, from any number of processes, at most `limit` are admitted
   * in a window. A counter that ran out starts again at 1 for `windowMs`.
   */
  async function take(key: string, windowMs: number, limit?: number): Promise<{ hits: number; expiresAt: Date } | undefined> {
    const expires = sql`now() + make_interval(secs => ${windowMs / 1000})`;
    const expired = sql`${authThrottles.expiresAt} <= now()`;
    const rows = await source.db
      .insert(authThrottles)
      .values({ keyHash: hashKey(key), hits: 1, expiresAt: expires })
      .onConflictDoUpdate({
        target: authThrottles.keyHash,
        // One statement: concurrent hits from several processes are all counted, and never past the limit.
        set: {
          hits: sql`case when ${expired} then 1 else ${authThrottles.hits} + 1 end`,
          expiresAt: sql`case when ${expired} then excluded.expires_at else ${authThrottles.expiresAt} end`,
        },
        ...(limit === undefined ? {} : { setWhere: sql`${expired} or ${authThrottles.hits} < ${limit}` }),
      })
      .returning({ hits: authThrottles.hits, expiresAt: authThrottles.expiresAt });
    if (Math.random() * SWEEP_EVERY < 1) await source.db.delete(authThrottles).where(lt(authThrottles.expiresAt, sql`now()`));
    return rows[0];
  }
  return {
    /** The hits of a counter that has not run out; 0 otherwise. */
    async peek(key: string): Promise<number> {
      const [row] = await source.db
        .select({ hits: authThrottles.hits })
        .from(authThrottles)
        .where(live(hashKey(key)))
        .limit(1);
      return row?.hits ?? 0;
    },
    /** Counts one hit and answers the count. */
    async hit(key: string, windowMs: number): Promise<number> {
      return (await take(key, windowMs))?.hits ?? 1;
    },
    take,
    /** Takes back one hit of a live counter (a sign-in that succeeded after its attempt was counted). */
    async giveBack(key: string): Promise<void> {
      await source.db
        .update(authThrottles)
        .set({ hits: sql`greatest(${authThrottles.hits} - 1, 0)` })
        .where(live(hashKey(key)));
    },
    /** Keeps a counter (as it stands) for `ms` from now: a lock that lasts from the failure that set it. */
    async holdFor(key: string, ms: number): Promise<void> {
      await source.db
        .update(authThrottles)
        .set({ expiresAt: sql`now() + make_interval(secs => ${ms / 1000})` })
        .where(eq(authThrottles.keyHash, hashKey(key)));
    },
  };
}
