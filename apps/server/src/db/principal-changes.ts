import pg from 'pg';
import type { Database } from './client';

/** The channel migration 0005's triggers notify on every change to a session or a user. */
export const PRINCIPAL_CHANNEL = 'fc_principal_changed';

/** A statement of this process that changes a session or a user, as Drizzle or a raw query writes it. */
const PRINCIPAL_WRITE =
  /^\s*(?:update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:sessions|users)"?(?:[\s,;]|$)/i;

export function changesPrincipal(statement: string): boolean {
  return PRINCIPAL_WRITE.test(statement);
}

export interface PrincipalListener {
  /** A change was announced (by any process, this one included). */
  changed(): void;
  /** This process sends a statement that changes a session or a user (before it runs). */
  changing(): void;
  /** Whether announcements are heard: false while the listening connection is down. */
  listening(on: boolean): void;
}

export interface PrincipalChangeOptions {
  /** Where a lost or failed listening connection is reported. */
  onError?: (err: Error) => void;
  /** Waits before listening again after a failure: the first, doubled up to the last. */
  retryMs?: readonly [number, number];
}

/**
 * Hears the database's announcements of changed sessions and users (PostgreSQL: a connection of its own
 * that LISTENs, reconnected after a failure; PGlite: its own listen, on the one connection) and this
 * process's own statements that make them, for the principal cache (decision 0980). Resolves once it
 * listens, or once the first attempt failed (the cache then stays off until a retry succeeds).
 */
export async function listenForPrincipalChanges(
  database: Database,
  target: PrincipalListener,
  opts: PrincipalChangeOptions = {},
): Promise<{ stop(): Promise<void> }> {
  const stopLocal = database.onStatement((text) => {
    if (changesPrincipal(text)) target.changing();
  });
  if (database.kind === 'pglite') {
    const unlisten = await database.pglite!.listen(PRINCIPAL_CHANNEL, () => target.changed());
    target.listening(true);
    return {
      stop: async () => {
        stopLocal();
        target.listening(false);
        if (!database.pglite!.closed) await unlisten().catch(() => {});
      },
    };
  }

  const [firstRetryMs, lastRetryMs] = opts.retryMs ?? [1_000, 30_000];
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let waitMs = firstRetryMs;

  const lost = (err: Error) => {
    target.listening(false);
    if (stopped) return;
    opts.onError?.(err);
    const old = client;
    client = undefined;
    void old?.end().catch(() => {});
    retry = setTimeout(() => void connect(), waitMs);
    retry.unref();
    waitMs = Math.min(waitMs * 2, lastRetryMs);
  };

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ ...database.pool!.options, statement_timeout: undefined });
    client = c;
    c.on('error', lost);
    c.on('end', () => {
      if (client === c) lost(new Error('the connection that listens for session changes ended'));
    });
    c.on('notification', (n) => {
      if (n.channel === PRINCIPAL_CHANNEL) target.changed();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PRINCIPAL_CHANNEL}`);
      if (client !== c || stopped) return;
      waitMs = firstRetryMs;
      target.listening(true);
    } catch (err) {
      if (client === c) lost(err instanceof Error ? err : new Error(String(err)));
    }
  };

  await connect();
  return {
    stop: async () => {
      stopped = true;
      stopLocal();
      clearTimeout(retry);
      target.listening(false);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
