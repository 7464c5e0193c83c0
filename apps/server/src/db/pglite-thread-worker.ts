import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite } from '@electric-sql/pglite';
import type { ErrorFields, FromPgliteThread, PgliteThreadStart, ToPgliteThread } from './pglite-thread-protocol';

// The embedded database's own thread (decision 0998): PGlite runs each statement synchronously, in WASM,
// on the thread that calls it. Here it has a thread of its own, so the server's thread parses requests and
// writes answers while the database plans and reads, on the machine's other CPU. Only protocol messages
// cross; locks, transactions, type parsing and listeners stay on the server's side (pglite-thread.ts).
const port = parentPort!;
const post = (m: FromPgliteThread, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);

const fieldsOf = (err: unknown): ErrorFields => {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  return { ...Object.fromEntries(Object.entries(err)), name: err.name, message: err.message, stack: err.stack };
};

/** A view's own buffer, copied when the view is part of a larger one, so it can be transferred. */
const own = (bytes: Uint8Array): Uint8Array => (bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice());

async function answer(db: PGlite, m: ToPgliteThread): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (m.call) {
    case 'raw': {
      const data = own(await db.execProtocolRaw(m.message, { syncToFs: m.syncToFs }));
      return { value: data, transfer: [data.buffer as ArrayBuffer] };
    }
    case 'exec': {
      const result = await db.execProtocol(m.message, { syncToFs: m.syncToFs, throwOnError: m.throwOnError });
      const data = own(result.data);
      return { value: { messages: result.messages, data }, transfer: [data.buffer as ArrayBuffer] };
    }
    case 'stream':
      return { value: await db.execProtocolStream(m.message, { syncToFs: m.syncToFs, throwOnError: m.throwOnError }) };
    case 'handleBlob':
      return { value: await db._handleBlob(m.blob) };
    case 'cleanupBlob':
      return { value: await db._cleanupBlob() };
    case 'close':
      return { value: await db.close() };
  }
}

async function main() {
  const start = workerData as PgliteThreadStart;
  let db: PGlite;
  try {
    db = 'dataDir' in start ? await PGlite.create(start.dataDir) : await PGlite.create({ loadDataDir: start.loadDataDir });
  } catch (err) {
    post({ type: 'failed', error: fieldsOf(err) });
    return;
  }
  db.onNotification((channel, payload) => post({ type: 'notify', channel, payload }));
  port.on('message', (m: ToPgliteThread) => {
    answer(db, m).then(
      async ({ value, transfer }) => {
        const blob = await db._getWrittenBlob();
        post({ type: 'answer', id: m.id, value, ...(blob ? { blob } : {}) }, transfer);
      },
      (err: unknown) => post({ type: 'error', id: m.id, error: fieldsOf(err), databaseError: err instanceof messages.DatabaseError }),
    );
  });
  post({ type: 'ready' });
}

void main();
