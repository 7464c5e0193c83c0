import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { tableQuery, tableStateFromParams, type TableOptions } from '@/components/table/table-state';

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

/** The audit history's table (its URL state's defaults): shared by the page and the prefetch below. */
export const AUDIT_TABLE: TableOptions = {
  defaultSort: [{ field: 'at', direction: 'desc' }],
  filterNames: ['entity', 'user', 'from', 'to'],
};

/** The list's first request, started before the page's code has loaded (app/table-prefetch.ts). */
export function prefetchAudit(params: URLSearchParams) {
  void queryClient.prefetchQuery(auditQuery(tableQuery(tableStateFromParams(params, AUDIT_TABLE))));
}

export function useAudit(query: URLSearchParams) {
  return useQuery(auditQuery(query));
}
