import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The share of the time a background job's work may take while people are using the portal: between
 * batches, a job that worked for `t` ms waits `t × (1 / share − 1)` ms when requests are being served. On a
 * small machine the import's parsing, its merges and the list queries share the same CPUs; without this a
 * 100,000-row price file made every list answer several times slower for as long as it ran (decision 0116).
 */
export const BACKGROUND_SHARE = 0.3;
/** A request that ended this recently still counts: under steady traffic there is always a next one. */
const QUIET_MS = 100;
/** The longest single wait, so a slow batch (a lock wait, a cold cache) does not park the job for long. */
const MAX_WAIT_MS = 1000;

/**
 * Whether the process is serving interactive requests, and the pacing of background work around them
 * (the same idea as PostgreSQL's cost-based vacuum delay). Requests that only watch background work (a job's
 * status poll) or the process (health probes) do not count: they would slow down what they watch. Per
 * process: each process paces its own jobs by its own traffic.
 */
export class Foreground {
  private inFlight = 0;
  private lastEnded = -Infinity;

  /** `wait` is the timer the pacers wait on; a test passes its own to read the waits asked for. */
  constructor(private readonly wait: (ms: number) => Promise<unknown> = sleep) {}

  /** Marks a request as started; call the answered function once when it has ended (answered or aborted). */
  started(): () => void {
    this.inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      this.lastEnded = performance.now();
    };
  }

  busy(now = performance.now()): boolean {
    return this.inFlight > 0 || now - this.lastEnded < QUIET_MS;
  }

  /**
   * A pacer for one job: call it after each unit of work; it answers at once while nobody else is served,
   * and otherwise after a wait that keeps the job's share of the time to BACKGROUND_SHARE.
   */
  pacer(share = BACKGROUND_SHARE): () => Promise<void> {
    let since = performance.now();
    return async () => {
      const now = performance.now();
      const worked = now - since;
      if (this.busy(now)) await this.wait(Math.min(MAX_WAIT_MS, (worked * (1 - share)) / share));
      since = performance.now();
    };
  }
}

/** A file job's pacer (call it after each unit of work) and whether it is holding back now. */
export type FilePacer = (() => Promise<void>) & { busy(): boolean };

/**
 * The pacer of a file job, around this process's requests. On PGlite too: its statements, the job's and the
 * requests', run one at a time on the database's one connection (its own thread since decision 0998), and an
 * unpaced import made the list's p99 twice its figure without one (decision 0117).
 */
export function filePacer(ctx: { foreground?: Foreground }): FilePacer {
  const foreground = ctx.foreground;
  const pace = foreground?.pacer() ?? (async () => {});
  return Object.assign(pace, { busy: () => foreground?.busy() ?? false });
}
