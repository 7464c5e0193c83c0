import type { PGlite } from '@electric-sql/pglite';

/** How long PGlite may hold the event loop before its next protocol exchange waits for the loop's turn. */
export const PGLITE_TURN_MS = 5;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const taking = new WeakSet<PGlite>();

/**
 * PGlite runs each statement synchronously on this thread and answers it in a microtask, so statements
 * queued by concurrent requests ran back to back without the event loop getting a turn between them:
 * timers, health probes and new connections waited behind the whole queue, and the loop's p99 delay under
 * a list load was 85 ms (decision 0117). Here each protocol exchange first waits for the loop's next turn
 * once the loop has been held for `budgetMs`; a lone statement on an idle loop does not wait.
 */
export function takeTurns(client: PGlite, budgetMs = PGLITE_TURN_MS): PGlite {
  if (taking.has(client)) return client;
  taking.add(client);
  let held = false;
  let heldSince = 0;
  const beforeExchange = async () => {
    if (held && performance.now() - heldSince >= budgetMs) await nextTurn();
    if (held) return;
    held = true;
    heldSince = performance.now();
    // Runs in the loop's check phase: the loop has had its turn, so the clock starts again.
    setImmediate(() => {
      held = false;
    });
  };
  const raw = client.execProtocolRaw.bind(client);
  const rawStream = client.execProtocolRawStream.bind(client);
  client.execProtocolRaw = async (message, options) => {
    await beforeExchange();
    return raw(message, options);
  };
  client.execProtocolRawStream = async (message, options) => {
    await beforeExchange();
    return rawStream(message, options);
  };
  return client;
}
