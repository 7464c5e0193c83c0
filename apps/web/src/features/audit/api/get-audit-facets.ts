import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditEndpoints } from '@fc/contract/customers';
import { call } from '@/lib/endpoint-client';
import { auditFacetKeys } from './query-keys';

/** The entities and users that have audit records. */
export async function getAuditFacets() {
  const res = await call(auditEndpoints.facets);
  return res.data[0] ?? { entities: [], users: [] };
}

export const auditFacetsQuery = queryOptions({ queryKey: auditFacetKeys.all, queryFn: getAuditFacets, staleTime: 60_000 });

export function useAuditFacets() {
  return useQuery(auditFacetsQuery);
}
