import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CorePartRow } from '@fc/contract/maintenance';
import { api } from '@/lib/api-client';

/** GET /fc-common-api/fc-core-maintainance with page[...], filter[sort], filter[name], filter[cust_no], filter[part_no], filter[status]. */
export async function getCoreParts(query: URLSearchParams) {
  const res = await api<Omit<CorePartRow, 'id'>>('/fc-common-api/fc-core-maintainance', { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0) };
}

export const corePartsQuery = (query: URLSearchParams) =>
  queryOptions({ queryKey: ['core-parts', query.toString()], queryFn: () => getCoreParts(query), placeholderData: keepPreviousData });

export function useCoreParts(query: URLSearchParams) {
  return useQuery(corePartsQuery(query));
}
