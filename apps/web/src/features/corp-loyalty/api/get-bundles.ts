import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bundleEndpoints } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { allPages } from './all-pages';
import { bundleKeys } from './query-keys';

/** The bundle list (filter[sort] bundle_name|asc; the server's default is bundle_id|asc). */
export async function getBundles(query: URLSearchParams) {
  const res = await call(bundleEndpoints.list, { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0) };
}

export const bundlesQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: bundleKeys.list(query.toString()),
    queryFn: () => getBundles(query),
    placeholderData: keepPreviousData,
  });

export function useBundles(query: URLSearchParams) {
  return useQuery(bundlesQuery(query));
}

/** Every active bundle by name, for the template form, however many there are. */
export function useActiveBundles(enabled = true) {
  return useQuery({
    queryKey: bundleKeys.list({ active: true }),
    queryFn: () => allPages(getBundles, { sort: [{ field: 'bundle_name', direction: 'asc' }], filters: { status: 'Active' } }),
    enabled,
  });
}
