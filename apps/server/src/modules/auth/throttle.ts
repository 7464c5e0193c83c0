import { createHash } from 'node:crypto';
import { eq, gt, lt, and, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { authThrottles } from '../../db/schema/index';

/** The named message (NAMED_MESSAGES) a throttled sign-in goes back to the form with. */
export const THROTTLED_MESSAGE = 'too-many-attempts';

const MINUTE = 60_000;
const RESET_WINDOW = 15 * MINUTE;
/**
 * How long an unknown username's failures are remembered. A real account's failure count lasts until a
 * sign-in succeeds or it locks; nobody signs in to a username that does not exist, so a day stands in.
 */
const UNKNOWN_USER_MEMORY = 24 * 60 * MINUTE;
/** About one counter write in this many also deletes the counters that have run out. */
const SWEEP_EVERY = 50;

/** A username as the users table compares it (case-insensitive); empty when there is none to count. */
const usernameKey = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase().slice(0, 64) : '');
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Windowed counters in the database (table auth_throttles), so that every server process on it counts the
 * same sign-ins: limits do not multiply with the processes, and the lockout of an unknown username lives
 * where a real account's does, so neither its answers nor its timing tell which usernames exist.
 */
export function throttleStore(source: { db: Db }) {
  const live = (keyHash: string) => and(eq(authThrottles.keyHash, keyHash), gt(authThrottles.expiresAt, sql`now()`));
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
    /** Counts one hit and answers the count; a counter that ran out starts again at 1 for `windowMs`. */
    async hit(key: string, windowMs: number): Promise<number> {
      const expires = sql`now() + make_interval(secs => ${windowMs / 1000})`;
      const rows = await source.db
        .insert(authThrottles)
        .values({ keyHash: hashKey(key), hits: 1, expiresAt: expires })
        .onConflictDoUpdate({
          target: authThrottles.keyHash,
          // One statement: concurrent hits from several processes are all counted.
          set: {
            hits: sql`case when ${authThrottles.expiresAt} <= now() then 1 else ${authThrottles.hits} + 1 end`,
            expiresAt: sql`case when ${authThrottles.expiresAt} <= now() then excluded.expires_at else ${authThrottles.expiresAt} end`,
          },
        })
        .returning({ hits: authThrottles.hits });
      if (Math.random() * SWEEP_EVERY < 1) await source.db.delete(authThrottles).where(lt(authThrottles.expiresAt, sql`now()`));
      return rows[0]?.hits ?? 1;
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

/**
 * Rate limits on sign-in and password reset, per client address and per username, on top of the lockout.
 *
 * Sign-in counts failures only: a person who signs in many times a day from one office address is not an
 * attack, guessing is. Once an address or a username has used up its failures for the minute, every
 * sign-in from it is refused unchecked until the minute ends. Reset requests count every request, since
 * each may send an e-mail.
 */
export function createThrottles(ctx: AppContext) {
  const c = ctx.config;
  const store = throttleStore(ctx);
  const loginIp = (req: FastifyRequest) => `login:ip:${req.ip}`;
  const loginUser = (username: unknown) => `login:user:${usernameKey(username)}`;
  const unknownUser = (username: unknown) => `login:unknown:${usernameKey(username)}`;

  return {
    /** True when this sign-in must be refused without looking at the password. */
    async loginRefused(req: FastifyRequest, username: unknown): Promise<boolean> {
      let byAddress: boolean;
      let byUsername: boolean;
      try {
        byAddress = (await store.peek(loginIp(req))) >= c.LOGIN_FAILURES_PER_ADDRESS;
        byUsername = !!usernameKey(username) && (await store.peek(loginUser(username))) >= c.LOGIN_FAILURES_PER_USERNAME;
      } catch (err) {
        // The database is down: the sign-in that follows cannot succeed either, and says so (215).
        req.log.error({ event: 'login-throttle-error', err }, 'sign-in throttle not read');
        return false;
      }
      if (byAddress || byUsername)
        req.log.warn({ event: 'login-throttled', by: byAddress ? 'address' : 'username' }, 'sign-in refused: too many failures');
      return byAddress || byUsername;
    },
    /**
     * The lockout of usernames that have no account, alike a real account's (modules/auth/service.ts): locked
     * after LOGIN_LOCK_ATTEMPTS failures, for LOGIN_LOCK_MINUTES from the failure that locked it.
     */
    phantomLock: {
      locked: async (_req: FastifyRequest, username: string) => (await store.peek(unknownUser(username))) >= c.LOGIN_LOCK_ATTEMPTS,
      async failed(_req: FastifyRequest, username: string) {
        const key = unknownUser(username);
        const hits = await store.hit(key, UNKNOWN_USER_MEMORY);
        if (hits < c.LOGIN_LOCK_ATTEMPTS) return false;
        await store.holdFor(key, c.LOGIN_LOCK_MINUTES * MINUTE);
        return true;
      },
    },
    async loginFailed(req: FastifyRequest, username: unknown): Promise<void> {
      try {
        await store.hit(loginIp(req), MINUTE);
        if (usernameKey(username)) await store.hit(loginUser(username), MINUTE);
      } catch (err) {
        req.log.error({ event: 'login-throttle-error', err }, 'sign-in failure not counted');
      }
    },
    /** Counts a reset request; throws a 429 when the address or the username has asked too often. */
    async resetRequest(req: FastifyRequest, username: string): Promise<void> {
      const byAddress = (await store.hit(`reset:ip:${req.ip}`, RESET_WINDOW)) > c.RESET_REQUESTS_PER_ADDRESS;
      const byUsername =
        !!usernameKey(username) && (await store.hit(`reset:user:${usernameKey(username)}`, RESET_WINDOW)) > c.RESET_REQUESTS_PER_USERNAME;
      if (byAddress || byUsername) {
        req.log.warn(
          { event: 'password-reset-throttled', by: byAddress ? 'address' : 'username' },
          'password reset refused: too many requests',
        );
        throw new AppError(429, 'rate-limited', 'Too many password-reset requests; try again later.');
      }
    },
  };
}
