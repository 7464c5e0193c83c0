import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AttributesOf } from '@fc/contract';
import { accountRequestEndpoints } from '@fc/contract/customers';
import type { Flat } from '@/lib/api-client';
import { call } from '@/lib/endpoint-client';
import { queryClient } from '@/lib/query-client';
import { tableQuery, tableStateFromParams, type TableOptions } from '@/components/table/table-state';
import { accountRequestKeys } from './query-keys';

export type AccountRequestRow = Flat<AttributesOf<typeof accountRequestEndpoints.list>>;

/** The account requests with page[...], filter[sort], filter[search], filter[status]. */
export async function getAccountRequests(query: URLSearchParams) {
  const res = await call(accountRequestEndpoints.list, { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0) };
}

export const accountRequestsQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: accountRequestKeys.list(query.toString()),
    queryFn: () => getAccountRequests(query),
    placeholderData: keepPreviousData,
  });

/** The account requests' table (its URL state's defaults): shared by the page and the prefetch below. */
export const ACCOUNT_REQUESTS_TABLE: TableOptions = {
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  filterNames: ['status'],
  prefetch: (query) => queryClient.prefetchQuery(accountRequestsQuery(query)),
};

/** The list's first request, started before the page's code has loaded (app/table-prefetch.ts). */
export function prefetchAccountRequests(params: URLSearchParams) {
  void queryClient.prefetchQuery(accountRequestsQuery(tableQuery(tableStateFromParams(params, ACCOUNT_REQUESTS_TABLE))));
}

export function useAccountRequests(query: URLSearchParams) {
  return useQuery(accountRequestsQuery(query));
}
