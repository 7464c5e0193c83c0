import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQueryParams } from '@fc/contract';
import type { BundleRow } from '@fc/contract/loyalty';
import { api, type Flat } from '@/lib/api-client';

/** GET /fc-common-api/loyalty-bundles (filter[sort] bundle_name|asc; the server's default is bundle_id|asc). */
export async function getBundles(query: URLSearchParams) {
  const res = await api<BundleRow>('/fc-common-api/loyalty-bundles', { query });
  return { rows: res.data as Flat<BundleRow>[], total: Number(res.meta.recordCount ?? 0) };
}

export const bundlesQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: ['corp-loyalty', 'bundles', query.toString()],
    queryFn: () => getBundles(query),
    placeholderData: keepPreviousData,
  });

export function useBundles(query: URLSearchParams) {
  return useQuery(bundlesQuery(query));
}

/** The active bundles by name, for the template form. */
export function useActiveBundles(enabled = true) {
  const query = listQueryParams({ size: 100, sort: [{ field: 'bundle_name', direction: 'asc' }], filters: { status: 'Active' } });
  return useQuery({ ...bundlesQuery(query), enabled });
}
