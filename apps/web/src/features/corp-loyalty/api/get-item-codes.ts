import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { itemCodeEndpoints } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { itemCodeKeys } from './query-keys';

/** A bundle's item codes: filter[bundle_seq], filter[search], filter[sort], page[number], page[size]. */
export async function getItemCodes(query: URLSearchParams) {
  const res = await call(itemCodeEndpoints.list, { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0) };
}

export const itemCodesQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: itemCodeKeys.list(query.toString()),
    queryFn: () => getItemCodes(query),
    placeholderData: keepPreviousData,
  });

export function useItemCodes(query: URLSearchParams, enabled = true) {
  return useQuery({ ...itemCodesQuery(query), enabled });
}
