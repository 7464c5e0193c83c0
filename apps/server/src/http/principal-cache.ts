import type { PrincipalListener } from '../db/principal-changes';
import type { SessionRow } from './session-lookup';

/**
 * The signed-in sessions this process has read, kept in memory so that a list request runs its page
 * statement alone instead of a session lookup first (issue 22, decision 0980). Safe because the database
 * announces every change to a session or a user (migration 0005: a statement trigger notifies
 * fc_principal_changed at commit) and the process forgets everything when it hears one; while it cannot
 * hear them (the listening connection is not up, or was lost), nothing is kept and every request reads
 * the database as before.
 *
 * A read that started before a change and ends after the notice must not be kept: each entry is stored
 * with the generation its read started in, and only if no notice came since. This process's own changes
 * are not left to the notice, which reaches it a moment after the commit, when the user who signed out may
 * already have sent the next request: the statement that makes one forgets everything before it runs, and
 * nothing is kept for `quietMs` after it (a read in that time may see the row before its transaction
 * commits); the notice at the commit then forgets again.
 */
export interface PrincipalCache extends PrincipalListener {
  /** The session row of `idHash`, when it was read since the last change; else undefined. */
  get(idHash: string): SessionRow | undefined;
  /** The generation to pass to `set` for a read that starts now. */
  generation(): number;
  /** Keeps `row` unless a change was heard since `generation`, or changes cannot be heard now. */
  set(idHash: string, row: SessionRow, generation: number): void;
  readonly size: number;
  /** Whether changes are heard now (and so entries kept). */
  readonly listeningNow: boolean;
}

export interface PrincipalCacheOptions {
  /** The most sessions kept; the oldest read is dropped first. */
  maxEntries: number;
  /** An entry is read again after this long even without a notice (a guard, not the mechanism). */
  maxAgeMs: number;
  /** After this process changes a session or a user, how long nothing is kept. */
  quietMs: number;
  now?: () => number;
}

export function createPrincipalCache(opts: PrincipalCacheOptions): PrincipalCache {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { row: SessionRow; at: number }>();
  let generation = 0;
  let heard = false;
  let quietUntil = 0;

  const forget = () => {
    generation++;
    entries.clear();
  };

  return {
    get(idHash) {
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      if (now() - entry.at > opts.maxAgeMs) {
        entries.delete(idHash);
        return undefined;
      }
      return entry.row;
    },
    generation: () => generation,
    set(idHash, row, readGeneration) {
      if (!heard || readGeneration !== generation || opts.maxEntries <= 0 || now() < quietUntil) return;
      if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(idHash, { row, at: now() });
    },
    changed: forget,
    changing() {
      forget();
      quietUntil = now() + opts.quietMs;
    },
    listening(on) {
      // Both ways a generation passes: a notice may have been missed while not listening.
      forget();
      heard = on;
    },
    get size() {
      return entries.size;
    },
    get listeningNow() {
      return heard;
    },
  };
}
