import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/** What stands in a log line for a value that may be a secret. */
export const LOG_REDACTED = '[redacted]';

/**
 * A path segment long enough and random-looking enough to be a token (reset links, session ids): 32 or
 * more base64url characters. No page or API path of the portal has a segment like that.
 */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{32,}$/;
/** Route parameters whose value is a secret whatever its length. */
const SECRET_PARAM = /token|secret|password|key/i;

/**
 * A request address as it may be logged: every query value replaced (a reset link carries its token as
 * ?token=, and a query may hold anything a user typed), the names kept; a path segment that is a secret
 * route parameter or looks like a token replaced too. ASVS 7.1.1: no session token or credential in logs.
 */
export function redactUrl(url: string, params?: Record<string, unknown>): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (SECRET_PARAM.test(name) && typeof value === 'string' && value !== '') secrets.add(value);
  }
  const path = rawPath
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        /* keep it as sent */
      }
      return secrets.has(decoded) || TOKEN_SEGMENT.test(decoded) ? LOG_REDACTED : segment;
    })
    .join('/');
  if (!query) return path;
  const names = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return `${name.slice(0, 40)}=${LOG_REDACTED}`;
    });
  return `${path}?${names.join('&')}`;
}

/** Fastify's request serializer with the address redacted (every "incoming request" line and error line). */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url, req.params as Record<string, unknown> | undefined),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/** Drizzle's failed-query text: its statement, then `params: ` and every value it bound, to the end. */
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;
const PARAMS_IN_STACK = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/**
 * An error as it may be logged: a failed statement's bound values taken out (Drizzle writes them into its
 * message and keeps them as `params`, PGlite keeps them on the database error), the statement, its SQLSTATE
 * and the rest kept. The values are what a user typed, and can be a password's hash (ASVS 7.1.1).
 */
export function withoutStatementValues(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 8) return err;
  const cause = withoutStatementValues(err.cause, depth + 1);
  if (!('params' in err) && cause === err.cause) return err;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(err) as object) as Error, err);
  Object.defineProperty(copy, 'message', { value: err.message.replace(PARAMS_IN_MESSAGE, `\nparams: ${LOG_REDACTED}`), writable: true });
  Object.defineProperty(copy, 'stack', { value: err.stack?.replace(PARAMS_IN_STACK, `\nparams: ${LOG_REDACTED}`), writable: true });
  if (err.cause !== undefined) Object.defineProperty(copy, 'cause', { value: cause, writable: true });
  if ('params' in copy) (copy as { params: unknown }).params = LOG_REDACTED;
  return copy;
}

/** pino's error serializer, on the error without its statement's values. */
export const serializeError = (err: unknown) => pino.stdSerializers.err(withoutStatementValues(err) as Error);
