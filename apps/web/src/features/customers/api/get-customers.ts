import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AttributesOf } from '@fc/contract';
import { customerEndpointRefs, type customerEndpoints } from '@fc/contract/customers';
import type { Flat } from '@/lib/api-client';
import { call } from '@/lib/endpoint-client';
import { queryClient } from '@/lib/query-client';
import { tableQuery, tableStateFromParams, type TableOptions } from '@/components/table/table-state';
import { customerKeys } from './query-keys';

export type CustomerRow = Flat<AttributesOf<typeof customerEndpoints.list>>;

/** The customer list with page[...], filter[sort], filter[search], filter[program|status|country]. */
export async function getCustomers(query: URLSearchParams) {
  const res = await call(customerEndpointRefs.list, { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0), estimated: res.meta.recordCountEstimated === true };
}

export const customersQuery = (query: URLSearchParams) =>
  queryOptions({ queryKey: customerKeys.list(query.toString()), queryFn: () => getCustomers(query), placeholderData: keepPreviousData });

export function useCustomers(query: URLSearchParams) {
  return useQuery(customersQuery(query));
}

/** The customer list's table (its URL state's defaults): shared by the page and the prefetch below. */
export const CUSTOMER_TABLE: TableOptions = {
  defaultSort: [{ field: 'cust_no', direction: 'desc' }],
  filterNames: ['program', 'country', 'status'],
  prefetch: (query) => queryClient.prefetchQuery(customersQuery(query)),
};

/** The list's first request, started before the page's code has loaded (app/table-prefetch.ts). */
export function prefetchCustomers(params: URLSearchParams) {
  void queryClient.prefetchQuery(customersQuery(tableQuery(tableStateFromParams(params, CUSTOMER_TABLE))));
}
