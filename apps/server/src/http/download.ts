import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * The request header of the web app's check before a download (decision 0630): the route runs every check
 * it makes before its file (sign-in, permission, validation, the file's existence and owner) and answers
 * 204 without the file, so that a refusal reaches the page as a JSON:API error it can show, and the browser
 * then downloads the file itself through a plain link.
 */
export const DOWNLOAD_CHECK_HEADER = 'x-download-check';

/** True when the request only asks whether its download would be served. */
export function isDownloadCheck(req: FastifyRequest): boolean {
  return req.headers[DOWNLOAD_CHECK_HEADER] === '1';
}

/**
 * The portal's one file-name rule for a download: characters that are unsafe in a file name on some
 * system (path separators, control characters, quotes, `<>:*?|`) become `_`; letters of any script stay.
 * An empty name becomes `download`.
 */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const cleaned = name.replace(/[\u0000-\u001f\u007f"\\/<>:*?|]/g, '_').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'download' : cleaned;
}

/**
 * `attachment` with the name twice (RFC 6266): `filename` in printable ASCII for old clients (other
 * characters as `_`), `filename*` in UTF-8 when the name has any, so that every browser saves it as named.
 */
export function contentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  if (ascii === name) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The headers of a file download: its type, attachment under its name, kept by no cache. */
export function attachment(reply: FastifyReply, fileName: string, contentType = 'text/csv; charset=utf-8', cacheControl = 'no-store') {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', cacheControl);
}

/**
 * Sends a file download, or 204 to a download check (nothing of the file is read then: `body` is a
 * function, called only for the real download). The body is a stream (or bytes) that Fastify pipes to the
 * socket as the client reads it.
 */
export async function sendDownload(
  reply: FastifyReply,
  fileName: string,
  body: () => Readable | Buffer | Promise<Readable | Buffer>,
  contentType?: string,
  cacheControl?: string,
) {
  if (isDownloadCheck(reply.request)) return reply.code(204).header('cache-control', 'no-store').send();
  const payload = await body();
  return attachment(reply, fileName, contentType, cacheControl).send(payload);
}
