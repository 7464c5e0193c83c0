import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { CSV_UPLOAD_LIMITS, FileMessageCode, type FileMessage } from '@fc/contract/files';
import { englishMessage } from './messages';

/** A file that cannot be read as CSV at all; its job fails as a whole with this message (English in `message`). */
export class CsvFileError extends Error {
  constructor(readonly fileMessage: FileMessage) {
    super(englishMessage(fileMessage));
  }
}

export interface CsvRecord {
  /** The line of the file where the record ends (1 = the header). */
  line: number;
  /** Values by lower-cased, trimmed header name. */
  values: Record<string, string>;
}

/**
 * Records per batch for a database: PGlite runs one statement at a time for every request, so there a batch
 * is small enough that its statement holds the database for a few milliseconds (bench:import); PostgreSQL
 * serves other connections beside it and is faster with larger batches.
 */
export function batchSizeFor(ctx: { database: { kind: 'pglite' | 'postgres' } }): number {
  return ctx.database.kind === 'pglite' ? 250 : 2000;
}

export interface CsvBatchOptions {
  /** Columns the header must name (lower-case); a missing one fails the file. */
  required: readonly string[];
  /** Records per batch (default 2,000). */
  batchSize?: number;
}

/**
 * Streams a stored CSV file in batches of records keyed by its header row. The parser is fed in
 * 64 KB slices and the generator yields to the event loop after every batch, so that a 100,000-row
 * file never holds the loop for more than a few milliseconds at a time.
 */
export async function* csvBatches(content: Buffer, opts: CsvBatchOptions): AsyncGenerator<CsvRecord[]> {
  const batchSize = opts.batchSize ?? 2000;
  // Arrays, not csv-parse's `columns`/`info`: those cost three times the parse itself. Blank lines come
  // back as [''] and are skipped here, so a record's number is its line (unless a quoted field spans lines).
  const parser = parse({ bom: true, relax_column_count: true, max_record_size: CSV_UPLOAD_LIMITS.maxLineBytes });
  const SLICE = 64 * 1024;
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < content.length; i += SLICE) yield content.subarray(i, i + SLICE);
    })(),
  );
  source.pipe(parser);
  source.on('error', (err) => parser.destroy(err));

  let header: string[] | undefined;
  let line = 0;
  let batch: CsvRecord[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++;
      if (record.length === 1 && record[0]!.trim() === '') continue;
      if (!header) {
        header = checkHeader(record, opts.required);
        continue;
      }
      const values: Record<string, string> = {};
      for (let i = 0; i < header.length; i++) if (header[i]) values[header[i]!] = record[i] ?? '';
      batch.push({ line, values });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
        await yieldToLoop();
      }
    }
  } catch (err) {
    if (err instanceof CsvFileError) throw err;
    // csv-parse errors carry the line they stopped at; its message (English) stays for the API's detail.
    const lines = (err as { lines?: unknown }).lines;
    throw new CsvFileError({
      code: FileMessageCode.CsvUnreadable,
      values: { ...(typeof lines === 'number' ? { line: lines } : {}), detail: (err as Error).message },
    });
  } finally {
    source.destroy();
  }
  if (!header) throw new CsvFileError({ code: FileMessageCode.CsvNoHeader, values: { required: opts.required.join(', ') } });
  if (batch.length) yield batch;
}

function checkHeader(row: string[], required: readonly string[]): string[] {
  const header = row.map((h) => h.trim().toLowerCase());
  const seen = new Set<string>();
  for (const h of header) {
    if (h && seen.has(h)) throw new CsvFileError({ code: FileMessageCode.CsvDuplicateColumn, values: { column: h } });
    seen.add(h);
  }
  const missing = required.filter((r) => !seen.has(r));
  if (missing.length)
    throw new CsvFileError({
      code: FileMessageCode.CsvMissingColumns,
      values: { required: required.join(', '), missing: missing.join(', ') },
    });
  return header;
}
