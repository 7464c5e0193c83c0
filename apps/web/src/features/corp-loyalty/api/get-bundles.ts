import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BundleRow } from '@fc/contract/loyalty';
import { api, type Flat } from '@/lib/api-client';
import { allPages } from './all-pages';

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

/** Every active bundle by name, for the template form, however many there are. */
export function useActiveBundles(enabled = true) {
  return useQuery({
    queryKey: ['corp-loyalty', 'bundles', 'active'],
    queryFn: () => allPages(getBundles, { sort: [{ field: 'bundle_name', direction: 'asc' }], filters: { status: 'Active' } }),
    enabled,
  });
}
