import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { CSV_UPLOAD_LIMITS, FileErrorCode } from '@fc/contract/files';
import { AppError } from './errors';

/** The file of a multipart upload, as the client sent it: the checks of what it holds are the module's. */
export interface UploadedFile {
  /** The client's file name, unchecked (it may hold a path or control characters). */
  filename: string;
  mimetype: string;
  /** The bytes received, at most `maxBytes` of them. */
  bytes: Buffer;
  /** Bytes sent, those beyond the limit included. */
  size: number;
  /** More bytes were sent than `maxBytes`. */
  tooLarge: boolean;
}

/** A multipart request read into memory, so that services take an upload and never the request (issue 18). */
export interface Upload {
  /** The multipart field the file was expected in. */
  field: string;
  /** The first file of that field, or none. */
  file: UploadedFile | undefined;
  /** The text fields of the form. */
  fields: Record<string, string>;
  /** The largest file accepted: the route's limit capped by the operator's UPLOAD_MAX_BYTES. */
  maxBytes: number;
}

export interface UploadOptions {
  /** Largest file accepted, in bytes (default: the contract's limit, capped by UPLOAD_MAX_BYTES). */
  maxBytes?: number;
  /** The multipart field of the file (default `file`). */
  field?: string;
}

/**
 * Makes the routes of the calling plugin accept multipart bodies: call it first in a module whose contract
 * has `bodyMediaType: 'multipart'` endpoints. Registered there and not on the whole app because the plugin
 * adds two async hooks (cleaning the temporary files of `saveRequestFiles`, which nothing here uses) to every
 * route of the context it is registered in: the customer list and every other call paid for them (issue 22).
 * Elsewhere a multipart body is refused as 415 before any handler runs.
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  const maxBytes = (app as { uploadMaxBytes?: number }).uploadMaxBytes ?? CSV_UPLOAD_LIMITS.maxBytes;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } });
}

const fail = (status: number, code: string, detail: string) => new AppError(status, code, detail, 'file');

/**
 * Reads the multipart body of a request: the form's text fields and the file of one field. A body that is not
 * multipart, holds more than one file or is malformed is refused here, naming the `file` field with a code of
 * the contract (`FileErrorCode`); what the file holds is checked by the module (inbound-files `checkCsvUpload`).
 */
export async function readUpload(req: FastifyRequest, opts: UploadOptions = {}): Promise<Upload> {
  const field = opts.field ?? 'file';
  // The operator's UPLOAD_MAX_BYTES caps every upload; a route may ask for less, never more.
  const serverMax = (req.server as { uploadMaxBytes?: number }).uploadMaxBytes ?? CSV_UPLOAD_LIMITS.maxBytes;
  const maxBytes = Math.min(opts.maxBytes ?? CSV_UPLOAD_LIMITS.maxBytes, serverMax);

  if (!req.isMultipart()) {
    throw fail(400, FileErrorCode.Required, `Send the file as multipart/form-data in the field "${field}".`);
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    // throwFileSizeLimit is read at run time but missing from the parts() option type.
    const partsOptions = { limits: { fileSize: maxBytes }, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
    for await (const part of req.parts(partsOptions)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        // Keep draining so that the request ends cleanly, but hold nothing more than the limit.
        if (size <= maxBytes) chunks.push(chunk);
      }
      if (part.fieldname !== field || file) continue;
      file = {
        filename: part.filename,
        mimetype: part.mimetype,
        bytes: Buffer.concat(chunks),
        size,
        tooLarge: part.file.truncated || size > maxBytes,
      };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw fail(413, FileErrorCode.TooLarge, 'Send one file at a time.');
    }
    throw fail(400, FileErrorCode.Required, 'The upload was incomplete or malformed; send the file again.');
  }
  return { field, file, fields, maxBytes };
}
