import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The response headers helmet sets for `options`, computed once at start. Helmet builds its configuration
 * on every call (parsing and dashifying the CSP directives), and @fastify/helmet called it for every
 * request: a seventh of the CPU of answering /healthz. Without per-request directives (no nonces) the
 * answer is the same every time, so the portal sets these values itself.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = 'helmet did not finish';
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(typeof failure === 'string' ? failure : JSON.stringify(failure));
  return Object.freeze(headers);
}
