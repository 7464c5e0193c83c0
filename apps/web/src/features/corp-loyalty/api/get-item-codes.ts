import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemCodeRow } from '@fc/contract/loyalty';
import { api, type Flat } from '@/lib/api-client';

/** GET /fc-common-api/loyalty-item-codes: filter[bundle_seq], filter[search], filter[sort], page[number], page[size]. */
export async function getItemCodes(query: URLSearchParams) {
  const res = await api<ItemCodeRow>('/fc-common-api/loyalty-item-codes', { query });
  return { rows: res.data as Flat<ItemCodeRow>[], total: Number(res.meta.recordCount ?? 0) };
}

export const itemCodesQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: ['corp-loyalty', 'item-codes', query.toString()],
    queryFn: () => getItemCodes(query),
    placeholderData: keepPreviousData,
  });

export function useItemCodes(query: URLSearchParams, enabled = true) {
  return useQuery({ ...itemCodesQuery(query), enabled });
}
