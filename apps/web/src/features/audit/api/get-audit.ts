import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AuditRow {
  id: string;
  at: string;
  userId: number | null;
  username: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

/** GET /fc-common-api/audit with page[...], filter[sort], filter[search], filter[entity|user|from|to]. */
export async function getAudit(query: URLSearchParams) {
  const res = await api<Omit<AuditRow, 'id'>>('/fc-common-api/audit', { query });
  return { rows: res.data as AuditRow[], total: Number(res.meta.recordCount ?? 0), estimated: res.meta.recordCountEstimated === true };
}

export const auditQuery = (query: URLSearchParams) =>
  queryOptions({ queryKey: ['audit', query.toString()], queryFn: () => getAudit(query), placeholderData: keepPreviousData });

export function useAudit(query: URLSearchParams) {
  return useQuery(auditQuery(query));
}
