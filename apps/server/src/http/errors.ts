import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { JSONAPI_MEDIA_TYPE, parseMsg, type JsonApiError } from '@fc/contract';

/**
 * A failure the client caused or may see. `code` is the specification's code (AEP10, ALP18, 21, ...);
 * `field` names the request field, so a form can mark it.
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly field?: string,
    public readonly more: JsonApiError[] = [],
    /** JSON:API `meta` of the first error (a row's reason as a code with values, decision 0410). */
    public readonly meta?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, field?: string) => new AppError(400, code, message, field);
export const notFound = (code = 'not-found', message = 'Not found') => new AppError(404, code, message);
export const conflict = (code: string, message: string, field?: string) => new AppError(409, code, message, field);
export const forbidden = (code = '209', message = 'You do not have permission to access this resource.') =>
  new AppError(403, code, message);
export const unauthorized = (code = '6', message = 'Sign in to use this page.') => new AppError(401, code, message);

/** Several field errors at once (a form with more than one bad value). */
export function validationErrors(errors: { code: string; detail: string; field?: string }[]): AppError {
  const [first, ...rest] = errors;
  return new AppError(
    400,
    first!.code,
    first!.detail,
    first!.field,
    rest.map((e) => errorObject(400, e.code, e.detail, e.field)),
  );
}

export function errorObject(
  status: number,
  code: string,
  detail: string,
  field?: string,
  location: 'pointer' | 'parameter' = 'pointer',
): JsonApiError {
  return {
    status: String(status),
    code,
    title: titleFor(status),
    detail,
    ...(field ? { source: location === 'pointer' ? { pointer: `/${field.replace(/\./g, '/')}` } : { parameter: field } } : {}),
  };
}

function titleFor(status: number): string {
  return (
    (
      {
        400: 'Bad Request',
        401: 'Unauthorized',
        403: 'Forbidden',
        404: 'Not Found',
        409: 'Conflict',
        413: 'Payload Too Large',
        415: 'Unsupported Media Type',
        429: 'Too Many Requests',
        503: 'Service Unavailable',
      } as Record<number, string>
    )[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error')
  );
}

export function sendErrors(reply: FastifyReply, status: number, errors: JsonApiError[]) {
  return reply.code(status).type(JSONAPI_MEDIA_TYPE).send({ errors });
}

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

/** The one error handler: typed errors to their status and code, validation to 400 with the field, the rest to 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      const first = errorObject(err.status, err.code, err.message, err.field);
      return sendErrors(reply, err.status, [err.meta ? { ...first, meta: err.meta } : first, ...err.more]);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext === 'querystring' || err.validationContext === 'params' ? 'parameter' : 'pointer';
      const errors = err.validation.map((v) => {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (v.params as { issue?: { keys?: string[] } })?.issue?.keys?.[0] ||
          undefined;
        const { key, params } = parseMsg(v.message ?? 'invalid');
        const code = /^[a-zA-Z0-9-]+$/.test(key) && key.length < 40 ? key : 'invalid';
        // A contract key with parameters (`invalid|field=enrolled`) is described, never sent as it is.
        const raw = v.message ?? 'Invalid value';
        const detail = code === 'invalid' && raw === key && key !== 'invalid' ? raw : describe(code, params, field);
        return errorObject(400, code, detail, field, where);
      });
      return sendErrors(reply, 400, errors);
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response does not match its schema');
      return sendErrors(reply, 500, [errorObject(500, 'internal', 'An error occurred. Please try again later.')]);
    }
    // Drizzle wraps the driver's error; the SQLSTATE is on its cause.
    const pgCode = (err as { code?: string }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
    if (typeof pgCode === 'string' && DB_DOWN_CODES.has(pgCode)) {
      req.log.error({ err }, 'database unavailable');
      return sendErrors(reply, 503, [errorObject(503, '215', 'The database is unavailable. Please try again shortly.')]);
    }
    // A data exception (SQLSTATE class 22: NUL byte, number or date out of range) comes from a value the
    // client sent that the schema let through: the request is bad, not the server.
    if (typeof pgCode === 'string' && /^22[0-9A-Z]{3}$/.test(pgCode)) {
      req.log.warn({ err }, 'value refused by the database');
      return sendErrors(reply, 400, [
        errorObject(400, 'invalid', 'A value of the request is out of range or contains characters that cannot be stored.'),
      ]);
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'unhandled error');
    const code = status === 500 ? 'internal' : (err.code ?? 'bad-request').toLowerCase();
    const detail = status === 500 ? 'An error occurred. Please try again later.' : err.message;
    return sendErrors(reply, status, [errorObject(status, code, detail)]);
  });
}

/** An English detail for a validation key; the browser shows its own translation of the code. */
function describe(code: string, params: Record<string, string>, field?: string): string {
  const name = params.field ?? field ?? 'value';
  switch (code) {
    case 'required':
    case 'AET08': // the tax calls' "required" (TAX-08)
      return `${name} is required`;
    case 'maxLength':
      return `${name} must be at most ${params.max} characters`;
    case 'email':
      return `${name} must be a valid e-mail address`;
    case 'integer':
      return `${name} must be a whole number`;
    case 'date-format':
      return `${name} must be a date in the format ${params.format ?? 'MM/DD/YYYY'}`;
    case 'invalid':
      return `${name} is invalid`;
    case 'invalid-sort':
      return `Cannot sort by ${params.value ?? 'that field'}`;
    default:
      return `${name} is invalid (${code})`;
  }
}
