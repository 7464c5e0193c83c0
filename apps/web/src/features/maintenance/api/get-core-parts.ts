import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { coreEndpoints } from '@fc/contract/maintenance';
import { call } from '@/lib/endpoint-client';
import { corePartKeys } from './query-keys';

/** The core parts with page[...], filter[sort], filter[name], filter[cust_no], filter[part_no], filter[status]. */
export async function getCoreParts(query: URLSearchParams) {
  const res = await call(coreEndpoints.list, { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0) };
}

export const corePartsQuery = (query: URLSearchParams) =>
  queryOptions({ queryKey: corePartKeys.list(query.toString()), queryFn: () => getCoreParts(query), placeholderData: keepPreviousData });

export function useCoreParts(query: URLSearchParams) {
  return useQuery(corePartsQuery(query));
}
