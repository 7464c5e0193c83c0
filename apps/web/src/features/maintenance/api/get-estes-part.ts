import { queryOptions, useQuery } from '@tanstack/react-query';
import { partsEndpoints, type EstesPart, type PartQueryType } from '@fc/contract/maintenance';
import { call } from '@/lib/endpoint-client';
import { estesPartKeys } from './query-keys';

export interface EstesSearch {
  part_no: string;
  query_type: PartQueryType;
}

/** The mapping of one part (?part_no=&query_type=), or none. */
export async function getEstesPart(search: EstesSearch): Promise<EstesPart | null> {
  const res = await call(partsEndpoints.find, { query: { part_no: search.part_no, query_type: search.query_type } });
  return res.data[0] ?? null;
}

export const estesPartQuery = (search: EstesSearch | null) =>
  queryOptions({
    queryKey: estesPartKeys.detail(search?.part_no ?? null, { query_type: search?.query_type }),
    queryFn: () => getEstesPart(search!),
    enabled: !!search,
    retry: false,
  });

export function useEstesPart(search: EstesSearch | null) {
  return useQuery(estesPartQuery(search));
}
