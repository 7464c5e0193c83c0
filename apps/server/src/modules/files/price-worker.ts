import { parentPort } from 'node:worker_threads';
import { PRICE_FILE_COLUMNS } from '@fc/contract/files';
import { csvBatches, CsvFileError } from '../inbound-files/csv';
import { PriceResultBuilder } from './price-check';
import type { FromPriceWorker, PriceWorkerStart, ToPriceWorker } from './price-checking';

// The worker thread of large price files (price-checking.ts, workerChecking), one file at a time: it parses
// and checks the file's batches and writes the result CSV, so that neither the work nor its garbage
// collection holds the event loop that answers requests. The job's thread runs each batch's merge and
// hands the answer back. The thread is kept for the next file: starting one costs about half a second.
const port = parentPort!;
const post = (m: FromPriceWorker, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);

interface Run {
  builder: PriceResultBuilder;
  unmerged: number;
  wake?: () => void;
}
let run: Run | undefined;

const fail = (err: unknown) =>
  post(
    err instanceof CsvFileError
      ? { type: 'failed', fileMessage: err.fileMessage, message: err.message }
      : { type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) },
  );

async function check(file: PriceWorkerStart, current: Run) {
  const content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
  for await (const batch of csvBatches(content, { required: PRICE_FILE_COLUMNS.required, batchSize: file.batchSize })) {
    // No further than `ahead` batches before the merges: the file's rows are not all held at once.
    while (current.unmerged >= file.ahead) await new Promise<void>((resolve) => (current.wake = resolve));
    current.unmerged++;
    post({ type: 'batch', batch: current.builder.check(batch) });
  }
  post({ type: 'parsed' });
}

port.on('message', (m: ToPriceWorker) => {
  try {
    if (m.type === 'start') {
      const current: Run = { builder: new PriceResultBuilder(m.file.lang), unmerged: 0 };
      run = current;
      check(m.file, current).catch(fail);
    } else if (m.type === 'merged') {
      run!.builder.merged(m.id, JSON.parse(m.rows));
      run!.unmerged--;
      run!.wake?.();
    } else {
      // The bytes have their own buffer (not Buffer's shared pool), so they move to the job's thread uncopied.
      const { builder } = run!;
      const bytes = new Uint8Array(builder.result());
      run = undefined;
      post({ type: 'done', result: bytes.buffer, counts: builder.counts }, [bytes.buffer]);
    }
  } catch (err) {
    fail(err);
  }
});
