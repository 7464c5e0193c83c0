import { isUtf8 } from 'node:buffer';
import { CSV_UPLOAD_LIMITS, FileErrorCode } from '@fc/contract/files';
import { AppError } from '../../http/errors';
import { invalidCharactersDetail, unstorableField } from '../../http/input';
import type { Upload } from '../../http/multipart';

export interface CsvUploadOptions {
  /** Most records (lines) accepted, a header row included. */
  maxRows?: number;
  /** Most fields in one record. */
  maxColumns?: number;
  /** Longest record, in bytes. */
  maxLineBytes?: number;
  /**
   * A check of the raw bytes before the encoding and content checks (the core upload's content scan,
   * ACP03): it throws to refuse the file.
   */
  inspect?: (content: Buffer) => void;
}

export interface CsvUpload {
  /** The client's file name without any path or control characters. */
  fileName: string;
  content: Buffer;
  /** The text fields of the form. */
  fields: Record<string, string>;
  /** Records in the file, a header row included, blank lines not. */
  rowCount: number;
}

const fail = (status: number, code: string, detail: string) => new AppError(status, code, detail, 'file');

/**
 * A file the upload checks refused, with what is known of it (not its bytes): a route may record it as a
 * failed unit of the file-status page (decision 0091). The answer to the client is the same AppError.
 */
export class FileRefusedError extends AppError {
  constructor(
    status: number,
    code: string,
    detail: string,
    readonly refused: { fileName: string; byteSize: number; fields: Record<string, string> },
    /** The limit broken and where (meta of the error, values of the refused unit): the page words it (decision 0410). */
    readonly values: RefusalValues = {},
  ) {
    super(status, code, detail, 'file', [], Object.keys(values).length ? { ...values } : undefined);
  }
}

/** What a refusal names besides its code: the limit (`max`, bytes for file-too-large) and the line. */
export interface RefusalValues {
  max?: number;
  line?: number;
}

/**
 * Checks the CSV file of an upload (read from its request by `readUpload`, src/http/multipart.ts) before
 * anything is stored: the form's fields, then the file's presence, type, size, emptiness, encoding, binary
 * content, rows, columns and line length. Each refusal names the `file` field and carries a code of the
 * contract (`FileErrorCode`).
 */
export async function checkCsvUpload(upload: Upload, opts: CsvUploadOptions = {}): Promise<CsvUpload> {
  const { field, fields, file, maxBytes } = upload;
  const maxRows = opts.maxRows ?? CSV_UPLOAD_LIMITS.maxRows;
  const maxColumns = opts.maxColumns ?? CSV_UPLOAD_LIMITS.maxColumns;
  const maxLineBytes = opts.maxLineBytes ?? CSV_UPLOAD_LIMITS.maxLineBytes;

  // The form's text fields are input like any other (decision 0320).
  const badField = unstorableField(fields);
  if (badField) throw new AppError(400, 'invalid-characters', invalidCharactersDetail(badField), badField);
  if (!file) throw fail(400, FileErrorCode.Required, `Choose a CSV file to upload (field "${field}").`);

  const fileName = sanitizeFileName(file.filename);
  const refuse = (status: number, code: string, detail: string, values?: RefusalValues) =>
    new FileRefusedError(status, code, detail, { fileName, byteSize: file.size, fields }, values);
  if (!/\.csv$/i.test(fileName)) throw refuse(415, FileErrorCode.Type, 'Only .csv files are accepted.');
  try {
    opts.inspect?.(file.bytes);
  } catch (err) {
    if (err instanceof AppError && !(err instanceof FileRefusedError)) throw refuse(err.status, err.code, err.message);
    throw err;
  }
  if (file.tooLarge) throw refuse(413, FileErrorCode.TooLarge, `The file is larger than ${formatBytes(maxBytes)}.`, { max: maxBytes });
  const content = file.bytes;
  const body = bodyOf(content);
  if (isBlank(body)) {
    throw refuse(400, FileErrorCode.Empty, 'The file is empty.');
  }
  if (!isUtf8(body)) throw refuse(400, FileErrorCode.Encoding, 'The file is not UTF-8 text; save it as CSV (UTF-8).');

  const scan = await scanCsv(body, { maxRows, maxColumns, maxLineBytes });
  if (scan.binary) throw refuse(400, FileErrorCode.Encoding, 'The file holds binary data (control characters), not CSV text.');
  if (scan.rows > maxRows)
    throw refuse(400, FileErrorCode.Rows, `The file has more than ${maxRows.toLocaleString('en-US')} rows.`, { max: maxRows });
  if (scan.columns > maxColumns)
    throw refuse(400, FileErrorCode.Columns, `Line ${scan.columnsLine} has more than ${maxColumns} columns.`, {
      line: scan.columnsLine,
      max: maxColumns,
    });
  if (scan.longLine)
    throw refuse(400, FileErrorCode.Line, `Line ${scan.longLine} is longer than ${maxLineBytes.toLocaleString('en-US')} characters.`, {
      line: scan.longLine,
      max: maxLineBytes,
    });
  if (scan.rows === 0) throw refuse(400, FileErrorCode.Empty, 'The file is empty.');
  return { fileName, content, fields, rowCount: scan.rows };
}

/** The base name of a client's file name, with control and path characters removed. */
export function sanitizeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^[.\s]+/, '')
    .trim();
  return clean.slice(-200) || 'upload.csv';
}

/** The file without a UTF-8 byte-order mark (spreadsheets write one). */
export function bodyOf(content: Buffer): Buffer {
  return content.length >= 3 && content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf ? content.subarray(3) : content;
}

function isBlank(buf: Buffer): boolean {
  for (const b of buf) if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  return true;
}

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`);

interface Scan {
  rows: number;
  columns: number;
  columnsLine: number;
  longLine: number;
  binary: boolean;
}

/**
 * One pass over the bytes, aware of quoted fields (a quoted field may hold commas and line breaks):
 * counts records and the widest record, finds the first over-long record and any control character
 * other than tab, CR and LF. It yields to the event loop every 256 KB so a large file does not stall
 * other requests.
 */
export async function scanCsv(buf: Buffer, limits: { maxRows: number; maxColumns: number; maxLineBytes: number }): Promise<Scan> {
  const out: Scan = { rows: 0, columns: 0, columnsLine: 0, longLine: 0, binary: false };
  let inQuotes = false;
  let fields = 1;
  let recordStart = 0;
  let recordHasContent = false;
  let line = 1;
  const endRecord = (end: number) => {
    if (recordHasContent) {
      out.rows++;
      if (fields > out.columns) {
        out.columns = fields;
        if (fields > limits.maxColumns && !out.columnsLine) out.columnsLine = line;
      }
    }
    if (end - recordStart > limits.maxLineBytes && !out.longLine) out.longLine = line;
    fields = 1;
    recordHasContent = false;
  };
  const STEP = 1 << 18;
  for (let start = 0; start < buf.length; start += STEP) {
    if (start > 0) await new Promise<void>((r) => setImmediate(r));
    const end = Math.min(buf.length, start + STEP);
    for (let i = start; i < end; i++) {
      const c = buf[i]!;
      if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) {
        out.binary = true;
        return out;
      }
      if (c === 0x22) {
        inQuotes = !inQuotes;
        recordHasContent = true;
      } else if (inQuotes) {
        if (c === 0x0a) line++;
      } else if (c === 0x2c) {
        fields++;
        recordHasContent = true;
      } else if (c === 0x0a) {
        endRecord(i);
        line++;
        recordStart = i + 1;
        if (out.rows > limits.maxRows) return out;
      } else if (c !== 0x0d && c !== 0x20 && c !== 0x09) {
        recordHasContent = true;
      }
    }
  }
  endRecord(buf.length);
  return out;
}
