import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstesPart, PartQueryType } from '@fc/contract/maintenance';
import { api } from '@/lib/api-client';

export interface EstesSearch {
  part_no: string;
  query_type: PartQueryType;
}

/** GET /fc-common-api/parts/estes?part_no=&query_type=: the mapping of one part, or none. */
export async function getEstesPart(search: EstesSearch): Promise<EstesPart | null> {
  const res = await api<EstesPart>('/fc-common-api/parts/estes', { query: { part_no: search.part_no, query_type: search.query_type } });
  return res.data[0] ?? null;
}

export const estesPartQuery = (search: EstesSearch | null) =>
  queryOptions({
    queryKey: ['estes-part', search?.query_type, search?.part_no],
    queryFn: () => getEstesPart(search!),
    enabled: !!search,
    retry: false,
  });

export function useEstesPart(search: EstesSearch | null) {
  return useQuery(estesPartQuery(search));
}
