import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AttributesOf } from '@fc/contract';
import { auditEndpoints } from '@fc/contract/customers';
import type { Flat } from '@/lib/api-client';
import { call } from '@/lib/endpoint-client';
import { queryClient } from '@/lib/query-client';
import { tableQuery, tableStateFromParams, type TableOptions } from '@/components/table/table-state';
import { auditKeys } from './query-keys';

export type AuditRow = Flat<AttributesOf<typeof auditEndpoints.list>>;

/** The audit list with page[...], filter[sort], filter[search], filter[entity|user|from|to]. */
export async function getAudit(query: URLSearchParams) {
  const res = await call(auditEndpoints.list, { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0), estimated: res.meta.recordCountEstimated === true };
}

export const auditQuery = (query: URLSearchParams) =>
  queryOptions({ queryKey: auditKeys.list(query.toString()), queryFn: () => getAudit(query), placeholderData: keepPreviousData });

/** The audit history's table (its URL state's defaults): shared by the page and the prefetch below. */
export const AUDIT_TABLE: TableOptions = {
  defaultSort: [{ field: 'at', direction: 'desc' }],
  filterNames: ['entity', 'user', 'from', 'to'],
  prefetch: (query) => queryClient.prefetchQuery(auditQuery(query)),
};

/** The list's first request, started before the page's code has loaded (app/table-prefetch.ts). */
export function prefetchAudit(params: URLSearchParams) {
  void queryClient.prefetchQuery(auditQuery(tableQuery(tableStateFromParams(params, AUDIT_TABLE))));
}

export function useAudit(query: URLSearchParams) {
  return useQuery(auditQuery(query));
}
