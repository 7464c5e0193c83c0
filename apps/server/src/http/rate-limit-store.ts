import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { AppContext } from '../context';
import { throttleStore } from '../db/throttle-store';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A store of @fastify/rate-limit that counts in the database (the auth_throttles counters the sign-in
 * throttles use: one conditional upsert a request, keys hashed), so that several processes on one
 * PostgreSQL database share one budget per address: RATE_LIMIT_MAX a minute in all, not per process
 * (docs/operations.md, "Scaling"). Chosen by RATE_LIMIT_STORE; the in-memory store stays for one process.
 */
export function databaseRateLimitStore(ctx: Pick<AppContext, 'db'>): FastifyRateLimitStoreCtor {
  const counters = throttleStore(ctx);
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_params?: unknown, prefix = 'rate') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      counters.take(`${this.prefix}:${key}`, timeWindow).then(
        (row) => cb(null, { current: row?.hits ?? 1, ttl: row ? Math.max(0, row.expiresAt.getTime() - Date.now()) : timeWindow }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** A route with a limit of its own counts apart from the global one. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const info = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      const route = info?.url ? `${String(info.method)} ${info.url}` : 'custom';
      return new DatabaseRateLimitStore(undefined, `${this.prefix}:${route}`);
    }
  };
}
