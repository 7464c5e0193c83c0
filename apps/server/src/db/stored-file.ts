import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { inboundFiles } from './schema/index';

/** The bytes of a stored result file read per statement. */
export const STORED_FILE_CHUNK = 1024 * 1024;

/**
 * The result file of an inbound file (`inbound_files.result`), streamed: read `chunkBytes` at a time with
 * `substring`, so that neither the server nor the database driver holds the whole file (decision 0630).
 * Bytes travel as base64 text (see `bytea` in db/schema/files.ts). The caller has checked who may read it.
 */
export function storedResultStream(db: Db, seq: number, chunkBytes = STORED_FILE_CHUNK): Readable {
  return Readable.from(
    (async function* () {
      for (let from = 1; ; from += chunkBytes) {
        const [row] = await db
          .select({ part: sql<string | null>`encode(substring(${inboundFiles.result} from ${from} for ${chunkBytes}), 'base64')` })
          .from(inboundFiles)
          .where(eq(inboundFiles.seq, seq))
          .limit(1);
        const bytes = Buffer.from(row?.part ?? '', 'base64');
        if (bytes.length > 0) yield bytes;
        if (bytes.length < chunkBytes) return;
      }
    })(),
    { objectMode: false },
  );
}
