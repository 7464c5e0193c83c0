import type { FastifyRequest } from 'fastify';
import type { Actor } from '../audit/audit';

/** The actor of a request: routes hand it to services, which never see the request (issue 18). */
export const actorOf = (req: Pick<FastifyRequest, 'principal' | 'id'>): Actor => ({
  userId: req.principal?.userId ?? null,
  username: req.principal?.username ?? null,
  requestId: req.id,
});
