import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /fc-common-api/audit/facets: the entities and users that have audit records. */
export async function getAuditFacets() {
  const res = await api<{ entities: string[]; users: string[] }>('/fc-common-api/audit/facets');
  return res.data[0] ?? { entities: [], users: [] };
}

export const auditFacetsQuery = queryOptions({ queryKey: ['audit', 'facets'], queryFn: getAuditFacets, staleTime: 60_000 });

export function useAuditFacets() {
  return useQuery(auditFacetsQuery);
}
