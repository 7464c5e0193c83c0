import { Worker } from 'node:worker_threads';
import type { Language } from '@fc/contract';
import { PRICE_FILE_COLUMNS, type FileMessage } from '@fc/contract/files';
// The worker thread reads CSV without the database: the platform's csv.ts, its one entry besides index.ts (decision 0820).
import { csvBatches, CsvFileError } from '../inbound-files/csv';
import { PriceResultBuilder, type CheckedBatch, type PriceCounts } from './price-check';

/**
 * The checking side of a price file's processing, as the job sees it: batches to merge come out of
 * `batches`, each merge's answer goes back through `merged` (in the order the batches came), and `finish`
 * answers the result CSV. Done on the job's own thread (`inlineChecking`) or in a worker (`workerChecking`).
 */
export interface PriceChecking {
  batches: AsyncIterable<CheckedBatch>;
  /** `rows`: the merge's answer for the batch, a JSON array of MergedRow. */
  merged(id: number, rows: string): void;
  finish(): Promise<{ result: Buffer; counts: PriceCounts }>;
  close(): Promise<void>;
}

/** A file for the worker thread to check. */
export interface PriceWorkerStart {
  content: Uint8Array;
  lang: Language;
  batchSize: number;
  /** Batches the worker may check before their merges have answered. */
  ahead: number;
}
export type ToPriceWorker = { type: 'start'; file: PriceWorkerStart } | { type: 'merged'; id: number; rows: string } | { type: 'finish' };
export type FromPriceWorker =
  | { type: 'batch'; batch: CheckedBatch }
  | { type: 'parsed' }
  | { type: 'done'; result: ArrayBuffer; counts: PriceCounts }
  | { type: 'failed'; message: string; fileMessage?: FileMessage };

export function inlineChecking(content: Buffer, lang: Language, batchSize: number): PriceChecking {
  const builder = new PriceResultBuilder(lang);
  return {
    batches: (async function* () {
      for await (const batch of csvBatches(content, { required: PRICE_FILE_COLUMNS.required, batchSize })) yield builder.check(batch);
    })(),
    merged: (id, rows) => builder.merged(id, JSON.parse(rows)),
    finish: async () => ({ result: builder.result(), counts: builder.counts }),
    close: async () => {},
  };
}

/**
 * The worker thread kept for the next large file, unreferenced so that it does not keep the process alive.
 * One at a time: the price job runs one file at a time in a process.
 */
let idle: Worker | undefined;
const takeWorker = () => {
  let worker = idle;
  idle = undefined;
  if (!worker) {
    const created = new Worker(new URL('./price-worker.mjs', import.meta.url), { execArgv: [] });
    // A kept worker that fails while idle is dropped (a running file's checking hears of it itself).
    created.on('error', () => {});
    created.on('exit', () => {
      if (idle === created) idle = undefined;
    });
    worker = created;
  }
  worker.ref();
  return worker;
};
const keepWorker = (worker: Worker) => {
  if (idle) return void worker.terminate();
  worker.unref();
  idle = worker;
};

/**
 * The checking in a worker thread (price-worker.ts). After a file that ended well the thread is kept for
 * the next one; `close` before that end stops it.
 */
export function workerChecking(content: Buffer, lang: Language, batchSize: number, ahead: number): PriceChecking {
  const worker = takeWorker();
  const ready: CheckedBatch[] = [];
  let parsed = false;
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let finished: { resolve: (v: { result: Buffer; counts: PriceCounts }) => void; reject: (e: Error) => void } | undefined;
  const stop = (err: Error) => {
    failure ??= err;
    wake?.();
    finished?.reject(failure);
  };
  const onMessage = (m: FromPriceWorker) => {
    if (m.type === 'batch') ready.push(m.batch);
    else if (m.type === 'parsed') parsed = true;
    else if (m.type === 'done') {
      ended = true;
      finished?.resolve({ result: Buffer.from(m.result), counts: m.counts });
    } else stop(m.fileMessage ? new CsvFileError(m.fileMessage) : new Error(`price worker: ${m.message}`));
    wake?.();
  };
  const onExit = (code: number) => stop(new Error(`price worker stopped (exit code ${code})`));
  // Only these listeners come off again: removeAllListeners would take the Worker's own as well.
  const release = () => {
    worker.off('message', onMessage);
    worker.off('error', stop);
    worker.off('exit', onExit);
  };
  worker.on('message', onMessage);
  worker.on('error', stop);
  worker.on('exit', onExit);
  worker.postMessage({ type: 'start', file: { content, lang, batchSize, ahead } } satisfies ToPriceWorker);
  return {
    batches: (async function* () {
      for (;;) {
        if (ready.length) yield ready.shift()!;
        else if (failure) throw failure;
        else if (parsed) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    })(),
    merged: (id, rows) => worker.postMessage({ type: 'merged', id, rows } satisfies ToPriceWorker),
    finish: () =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure);
        finished = { resolve, reject };
        worker.postMessage({ type: 'finish' } satisfies ToPriceWorker);
      }),
    close: async () => {
      release();
      if (ended && !failure) return keepWorker(worker);
      stop(new Error('price worker closed'));
      await worker.terminate();
    },
  };
}
