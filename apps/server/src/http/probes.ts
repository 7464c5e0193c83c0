import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { Database } from '../db/client';

/**
 * The probes (/healthz, /readyz) answered by the HTTP server before the framework (decision 0631). A load
 * balancer polls them many times a second, and they need none of a request's work: no session lookup, no
 * form token, no rate-limit count, no body parsing, no request log line or timing metric. They keep what
 * every answer of the portal carries: the security headers and the request id (an incoming valid one, else
 * a new UUID). The Fastify routes of the same paths stay: they answer HEAD, a query string, `app.inject`
 * in tests, and any request while the server closes (Fastify's 503); `probes.test.ts` holds both answers
 * to the same headers and body.
 */
export interface ProbeOptions {
  /** The security headers of every answer (security-headers.ts), computed once. */
  headers: Readonly<Record<string, string>>;
  database: Pick<Database, 'kind' | 'ping'>;
  /** The request id of an answer (app.ts requestIdOf): an incoming valid X-Request-Id, else a new one. */
  requestId: (header: string | string[] | undefined) => string;
}

export interface Probes {
  /** The Fastify option: an HTTP server whose requests reach the probes first, then Fastify. */
  serverFactory: FastifyServerFactory;
  /** From then on every request goes to Fastify (which answers 503 while it closes). */
  stop(): void;
}

/**
 * Bodies are strings, not Buffers: Node writes a string body with its head in one write, a Buffer as a
 * second buffer of a writev, which took a tenth of the CPU of answering /healthz (issue 22).
 */
const HEALTHY = JSON.stringify({ status: 'ok' });

export function createProbes(opts: ProbeOptions): Probes {
  // One flat [name, value, ...] list per answer, made once: the request id is the only header that varies.
  const base = Object.entries({ ...opts.headers, 'content-type': 'application/json; charset=utf-8' }).flat();
  const headersOf = (body: string) => [...base, 'content-length', String(Buffer.byteLength(body))];
  const bodies = {
    healthy: HEALTHY,
    ready: JSON.stringify({ status: 'ok', database: opts.database.kind }),
    unavailable: JSON.stringify({ status: 'unavailable', database: opts.database.kind }),
  };
  const heads = { healthy: headersOf(bodies.healthy), ready: headersOf(bodies.ready), unavailable: headersOf(bodies.unavailable) };
  let stopped = false;

  const answer = (req: IncomingMessage, res: ServerResponse, status: number, kind: keyof typeof bodies) => {
    res.writeHead(status, [...heads[kind], 'x-request-id', opts.requestId(req.headers['x-request-id'])]);
    res.end(bodies[kind]);
  };

  /** True when the request was a probe and is answered. */
  const probe = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (stopped || req.method !== 'GET') return false;
    if (req.url === '/healthz') {
      answer(req, res, 200, 'healthy');
      return true;
    }
    if (req.url === '/readyz') {
      opts.database.ping().then(
        () => answer(req, res, 200, 'ready'),
        () => answer(req, res, 503, 'unavailable'),
      );
      return true;
    }
    return false;
  };

  const serverFactory: FastifyServerFactory = (handler, options) => {
    const o = options as typeof options & {
      http?: http.ServerOptions;
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number;
    };
    const server = http.createServer(o.http ?? {}, (req, res) => {
      if (!probe(req, res)) handler(req, res);
    });
    // What Fastify sets on the server it makes itself (lib/server.js).
    if (o.keepAliveTimeout !== undefined) server.keepAliveTimeout = o.keepAliveTimeout;
    if (o.requestTimeout !== undefined) server.requestTimeout = o.requestTimeout;
    if (o.connectionTimeout !== undefined) server.setTimeout(o.connectionTimeout);
    if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };

  return {
    serverFactory,
    stop: () => {
      stopped = true;
    },
  };
}
