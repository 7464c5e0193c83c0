import { z } from 'zod';
import { endpoint, jsonApi } from '../../core/endpoint';
import { auditListQuerySchema } from '../lists';

/** One audit record (AUDIT-01): who changed what, before and after (redacted fields shown as such). */
export const auditRecordAttributes = z.object({
  at: z.string(),
  'user-id': z.number().nullable(),
  username: z.string().nullable(),
  entity: z.string(),
  'entity-id': z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  'request-id': z.string().nullable(),
});

export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/fc-common-api/audit',
    tag: 'audit',
    summary: 'The audit history, paged, sorted and filtered by entity, user and dates',
    access: 'corporate',
    query: auditListQuerySchema,
    answer: jsonApi('audit', auditRecordAttributes, { list: true }),
  }),
  facets: endpoint({
    method: 'GET',
    path: '/fc-common-api/audit/facets',
    tag: 'audit',
    summary: 'The entities and users that have audit records (the filters’ choices)',
    access: 'corporate',
    answer: jsonApi('audit-facets', z.object({ entities: z.array(z.string()), users: z.array(z.string()) })),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/fc-common-api/audit/csv',
    tag: 'audit',
    summary: 'Every audit record the list’s filters and sort match, as CSV',
    access: 'corporate',
    query: auditListQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
};
