import { normalizeIP } from '@fastify/rate-limit';

/**
 * The rate limit's key: the client's address as @fastify/rate-limit normalises it (IPv6 by subnet). A client
 * that closed its connection while its request waited has no address any more; the library's own key then
 * threw and logged an "unhandled error" per such request under load. Such requests share one key: nobody
 * reads their answer.
 */
export function rateLimitKey(req: { ip?: string }): string {
  return req.ip ? normalizeIP(req.ip) : 'connection-closed';
}
