import { Worker } from 'node:worker_threads';
import { messages, Mutex, parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { PGliteWorker } from '@electric-sql/pglite/worker';
import { concat } from './bytes';
import type { ErrorFields, FromPgliteThread, PgliteThreadStart, ToPgliteThread } from './pglite-thread-protocol';

type Call = ToPgliteThread extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;
type ExecOptions = { syncToFs?: boolean; throwOnError?: boolean; onNotice?: (notice: unknown) => void };

/**
 * PGlite's own base class: `query`, `exec`, `transaction` and the type parsers, written over the abstract
 * protocol exchange that a subclass supplies. The package exports it only as the parent of its browser
 * worker client, so it is taken from there.
 */
const BasePGlite = Object.getPrototypeOf(PGliteWorker) as abstract new () => {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Results[]>;
  serializers: Record<number | string, (value: unknown) => string>;
  parsers: Record<number | string, (value: string, typeId?: number) => unknown>;
  _initArrayTypes(): Promise<void>;
};

/** What PGlite adds to a statement's error, for the log. */
function withStatement(err: unknown, query: string, params: unknown[] | undefined, options: QueryOptions | undefined): unknown {
  if (err instanceof messages.DatabaseError) Object.assign(err, { query, params, queryOptions: options });
  return err;
}

/** A database error as PGlite throws it, so that callers read its code, constraint and detail as before. */
function databaseError(fields: ErrorFields): Error {
  const err = new messages.DatabaseError(fields.message, Number(fields.length ?? 0), 'error');
  return Object.assign(err, fields);
}

function plainError(fields: ErrorFields): Error {
  const err = new Error(fields.message);
  return Object.assign(err, fields);
}

/** The frontend message types that PGlite's `query` sends one exchange at a time. */
const PARSE = 0x50;
const BIND = 0x42;
const DESCRIBE = 0x44;
const EXECUTE = 0x45;
/** How many statements' parameter descriptions are kept (a statement's text decides them). */
const DESCRIBED_MAX = 1_000;

/** The type of `bytes` when it is exactly one frontend message, else undefined. */
function singleMessage(bytes: Uint8Array): number | undefined {
  if (bytes.length < 5) return undefined;
  const length = ((bytes[1]! << 24) | (bytes[2]! << 16) | (bytes[3]! << 8) | bytes[4]!) >>> 0;
  return length + 1 === bytes.length ? bytes[0] : undefined;
}

/** PGlite's folding of a LISTEN channel name: lower case unless quoted. */
const channelName = (channel: string) => (channel.startsWith('"') ? channel.slice(1, -1) : channel.toLowerCase());

/**
 * The embedded database on a thread of its own (decision 0998), with PGlite's interface: the locks, the
 * transactions, the type parsers and the listeners are this thread's; each protocol exchange is a message
 * to pglite-thread-worker.ts and its answer. Statements still run one at a time, as on PGlite in process,
 * but while one runs this thread answers other requests.
 */
export class PGliteThread extends BasePGlite {
  debug = 0 as const;
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly #queryLock = new Mutex();
  readonly #transactionLock = new Mutex();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #onNotification = new Set<(channel: string, payload: string) => void>();
  #nextId = 1;
  #closing = false;
  #closed = false;
  #blobIn = false;
  #blobOut: Blob | undefined;
  #exited: Error | undefined;
  /** Messages of the current statement not yet sent (see execProtocolStream). */
  #held: Uint8Array[] = [];
  #heldParse: string | undefined;
  /** The answer to Describe Statement, by the Parse message's bytes. */
  readonly #described = new Map<string, messages.BackendMessage[]>();

  private constructor(worker: Worker, onLost?: (err: Error) => void) {
    super();
    this.#worker = worker;
    worker.on('message', (m: FromPgliteThread) => this.#receive(m));
    worker.on('error', (err) => this.#fail(err));
    worker.on('exit', (code) => {
      const err = new Error(`The embedded database's thread stopped (exit code ${code})`);
      this.#fail(err);
      if (!this.#closing && !this.#closed) onLost?.(this.#exited ?? err);
    });
  }

  /**
   * Opens the data directory (or, for tests, an in-memory database from a dump) on a new thread; resolves
   * once the database answers. `onLost` hears of the thread ending other than by `close` (every later
   * statement fails).
   */
  static async create(from: string | { loadDataDir: Blob }, onLost?: (err: Error) => void): Promise<PGlite> {
    const start: PgliteThreadStart = typeof from === 'string' ? { dataDir: from } : from;
    const worker = new Worker(new URL('./pglite-thread-worker.mjs', import.meta.url), { workerData: start, execArgv: [] });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: FromPgliteThread) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'failed') reject(plainError(m.error));
        else return;
        worker.off('message', onMessage);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The embedded database's thread stopped (exit code ${code})`)));
    }).catch(async (err: unknown) => {
      await worker.terminate();
      throw err;
    });
    worker.removeAllListeners('error');
    worker.removeAllListeners('exit');
    const thread = new PGliteThread(worker, onLost);
    await thread._initArrayTypes();
    return thread as unknown as PGlite;
  }

  #receive(m: FromPgliteThread) {
    if (m.type === 'notify') {
      for (const listener of this.#listeners.get(m.channel) ?? []) queueMicrotask(() => listener(m.payload));
      for (const listener of this.#onNotification) queueMicrotask(() => listener(m.channel, m.payload));
      return;
    }
    if (m.type !== 'answer' && m.type !== 'error') return;
    const call = this.#pending.get(m.id);
    if (!call) return;
    this.#pending.delete(m.id);
    if (m.type === 'answer') {
      if (m.blob) this.#blobOut = m.blob;
      call.resolve(m.value);
    } else call.reject(m.databaseError ? databaseError(m.error) : plainError(m.error));
  }

  #fail(err: Error) {
    this.#exited ??= err;
    for (const call of this.#pending.values()) call.reject(err);
    this.#pending.clear();
  }

  #call<T>(call: Call, transfer?: ArrayBuffer[]): Promise<T> {
    if (this.#exited) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ ...call, id }, transfer);
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  get ready(): boolean {
    return !this.#closing && !this.#closed;
  }

  /** Always ready: `create` resolves once the database answers. */
  readonly waitReady: Promise<void> = Promise.resolve();

  /** `message` after whatever is held, so that the backend sees every message in the order it was given. */
  #withHeld(message: Uint8Array): Uint8Array {
    if (this.#held.length === 0) return message;
    const all = concat([...this.#held, message]);
    this.#held = [];
    this.#heldParse = undefined;
    return all;
  }

  async execProtocolRaw(message: Uint8Array, { syncToFs = true }: ExecOptions = {}): Promise<Uint8Array> {
    return this.#call({ call: 'raw', message: this.#withHeld(message), syncToFs });
  }

  async execProtocol(
    message: Uint8Array,
    { syncToFs = true, throwOnError = true, onNotice }: ExecOptions = {},
  ): Promise<{ messages: messages.BackendMessage[]; data: Uint8Array }> {
    const result = await this.#call<{ messages: messages.BackendMessage[]; data: Uint8Array }>({
      call: 'exec',
      message: this.#withHeld(message),
      syncToFs,
      throwOnError,
    });
    if (onNotice) for (const m of result.messages) if (m.name === 'notice') onNotice(m);
    return result;
  }

  async execProtocolStream(
    message: Uint8Array,
    { syncToFs = true, throwOnError = true, onNotice }: ExecOptions = {},
  ): Promise<messages.BackendMessage[]> {
    // PGlite's `query` sends Parse, Describe Statement, Bind, Describe Portal, Execute and Sync one at a
    // time, six crossings between the threads. Only the statement's parameter types are read before the
    // end (to write the values), and they follow from its text: so the messages are held and sent with the
    // Sync, and Describe Statement is answered from the first answer for the same Parse. One crossing per
    // statement after its first; the backend still gets every message, in order. An error surfaces with the
    // Sync, where the backend would report it anyway.
    const type = singleMessage(message);
    if (type === PARSE || type === BIND || type === EXECUTE || (type === DESCRIBE && message[5] === 0x50)) {
      if (type === PARSE) this.#heldParse = Buffer.from(message).toString('latin1');
      this.#held.push(message);
      return [];
    }
    if (type === DESCRIBE && message[5] === 0x53 && this.#heldParse !== undefined) {
      const known = this.#described.get(this.#heldParse);
      if (known) return known;
      const key = this.#heldParse;
      const answer = await this.#stream(this.#withHeld(message), syncToFs, throwOnError, onNotice);
      if (this.#described.size >= DESCRIBED_MAX) this.#described.clear();
      this.#described.set(key, answer);
      return answer;
    }
    return this.#stream(this.#withHeld(message), syncToFs, throwOnError, onNotice);
  }

  async #stream(message: Uint8Array, syncToFs: boolean, throwOnError: boolean, onNotice: ExecOptions['onNotice']) {
    const result = await this.#call<messages.BackendMessage[]>({ call: 'stream', message, syncToFs, throwOnError });
    if (onNotice) for (const m of result) if (m.name === 'notice') onNotice(m);
    return result;
  }

  async execProtocolRawStream(
    message: Uint8Array,
    { syncToFs = true, onRawData }: { syncToFs?: boolean; onRawData: (d: Uint8Array) => void },
  ) {
    onRawData(await this.execProtocolRaw(message, { syncToFs }));
  }

  /**
   * Nothing to do: the thread opens a directory (PGlite's NodeFS, whose writes go straight to the files)
   * or memory, and neither has anything to sync (their syncToFs is empty): this saves a crossing after
   * every statement.
   */
  async syncToFs(): Promise<void> {}

  // The blob of a COPY ... FROM '/dev/blob': most statements have none, and then no message crosses.
  async _handleBlob(blob?: Blob): Promise<void> {
    if (!blob && !this.#blobIn) return;
    this.#blobIn = Boolean(blob);
    await this.#call(blob ? { call: 'handleBlob', blob } : { call: 'cleanupBlob' });
  }

  async _cleanupBlob(): Promise<void> {
    if (!this.#blobIn) return;
    this.#blobIn = false;
    await this.#call({ call: 'cleanupBlob' });
  }

  async _getWrittenBlob(): Promise<Blob | undefined> {
    const blob = this.#blobOut;
    this.#blobOut = undefined;
    return blob;
  }

  async _checkReady(): Promise<void> {
    if (this.#closing) throw new Error('PGlite is closing');
    if (this.#closed) throw new Error('PGlite is closed');
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryLock.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionLock.runExclusive(fn);
  }

  /**
   * Sends `message` (ending with Sync) after every exchange already sent and before any later one, and
   * waits for its answer outside the locks: the next statement is on its way while this one runs, so the
   * database's thread goes from one to the next without waiting for this thread in between. The thread
   * answers messages in the order they arrive, which keeps each statement's answer its own. A function is
   * called in turn, for a message that depends on what was sent before it.
   */
  async inTurn(message: Uint8Array | (() => Uint8Array)): Promise<messages.BackendMessage[]> {
    await this._checkReady();
    let answer!: Promise<messages.BackendMessage[]>;
    await this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const bytes = typeof message === 'function' ? message() : message;
        answer = this.#stream(this.#withHeld(bytes), false, true, undefined);
        // Its caller awaits it once the locks are let go, a few microtasks later.
        answer.catch(() => {});
      }),
    );
    return answer;
  }

  /**
   * PGlite's `query`, as one message sent in turn once the statement's parameter types are known (from
   * its first run, by PGlite's own path). A COPY from or to /dev/blob keeps PGlite's path, which hands
   * the blob over.
   */
  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const parseMessage = protocol.serialize.parse({ text, types: options?.paramTypes });
    const viaBlob = options?.blob !== undefined || text.includes('/dev/blob');
    const described = viaBlob ? undefined : this.#described.get(Buffer.from(parseMessage).toString('latin1'));
    if (!described) return super.query<T>(text, params, options);
    const types = parse.parseDescribeStatementResults(described);
    const values = params.map((value, i) => {
      if (value == null) return null;
      const serializer = options?.serializers?.[types[i]!] ?? this.serializers[types[i]!];
      return serializer ? serializer(value) : String(value as string | number);
    });
    const message = concat([
      parseMessage,
      protocol.serialize.bind({ values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const answer = await this.inTurn(message).catch((err: unknown) => {
      throw withStatement(err, text, params, options);
    });
    return parse.parseResults(answer, this.parsers, options)[0] as Results<T>;
  }

  /** PGlite's `exec`, its script and Sync as one message sent in turn. */
  override async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    if (options?.blob !== undefined || text.includes('/dev/blob')) return super.exec(text, options);
    const message = concat([protocol.serialize.query(text), protocol.serialize.sync()]);
    const answer = await this.inTurn(message).catch((err: unknown) => {
      throw withStatement(err, text, undefined, options);
    });
    return parse.parseResults(answer, this.parsers, options);
  }

  async listen(channel: string, callback: (payload: string) => void, tx?: { exec(q: string): Promise<unknown> }) {
    const name = channelName(channel);
    const set = this.#listeners.get(name) ?? new Set();
    this.#listeners.set(name, set);
    set.add(callback);
    await (tx ?? this).exec(`LISTEN ${channel}`);
    return async (unlistenTx?: { exec(q: string): Promise<unknown> }) => this.unlisten(name, callback, unlistenTx);
  }

  async unlisten(channel: string, callback?: (payload: string) => void, tx?: { exec(q: string): Promise<unknown> }) {
    const name = channelName(channel);
    if (callback) this.#listeners.get(name)?.delete(callback);
    else this.#listeners.delete(name);
    if (!this.#listeners.get(name)?.size) {
      this.#listeners.delete(name);
      await (tx ?? this).exec(`UNLISTEN "${name}"`);
    }
  }

  onNotification(callback: (channel: string, payload: string) => void): () => void {
    this.#onNotification.add(callback);
    return () => this.#onNotification.delete(callback);
  }

  offNotification(callback: (channel: string, payload: string) => void): void {
    this.#onNotification.delete(callback);
  }

  /** Waits for the running statement and transaction, closes the database (a clean shutdown) and ends the thread. */
  async close(): Promise<void> {
    await this._checkReady();
    await this.#transactionLock.runExclusive(() =>
      this.#queryLock.runExclusive(async () => {
        this.#closing = true;
      }),
    );
    try {
      await this.#call({ call: 'close' });
    } finally {
      this.#closed = true;
      this.#closing = false;
      await this.#worker.terminate();
    }
  }
}
