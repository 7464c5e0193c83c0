/** The messages between the embedded database's thread (pglite-thread-worker.ts) and the server's (pglite-thread.ts). */

/** A data directory to open, or a dump (PGlite's `dumpDataDir`) to start an in-memory database from. */
export type PgliteThreadStart = { dataDir: string } | { loadDataDir: Blob };

/** A call of the server's thread; `id` pairs it with its answer. */
export type ToPgliteThread =
  | { id: number; call: 'raw'; message: Uint8Array; syncToFs: boolean }
  | { id: number; call: 'exec'; message: Uint8Array; syncToFs: boolean; throwOnError: boolean }
  | { id: number; call: 'stream'; message: Uint8Array; syncToFs: boolean; throwOnError: boolean }
  | { id: number; call: 'handleBlob'; blob: Blob }
  | { id: number; call: 'cleanupBlob' }
  | { id: number; call: 'close' };

/** A database error's fields (its class does not cross threads; pglite-thread.ts makes it again). */
export type ErrorFields = Record<string, unknown> & { message: string; name: string; length?: number };

export type FromPgliteThread =
  | { type: 'ready' }
  | { type: 'failed'; error: ErrorFields }
  /** `blob`: what the statement wrote to /dev/blob (a COPY ... TO '/dev/blob'), handed over with its answer. */
  | { type: 'answer'; id: number; value: unknown; blob?: Blob }
  | { type: 'error'; id: number; error: ErrorFields; databaseError: boolean }
  | { type: 'notify'; channel: string; payload: string };
