import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountRequestStatus } from '@fc/contract/customers';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { tableQuery, tableStateFromParams, type TableOptions } from '@/components/table/table-state';

export interface AccountRequestRow {
  id: string;
  fullName: string;
  jobTitle: string;
  phone: string;
  email: string;
  accountNumber: number;
  companyName: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  status: AccountRequestStatus;
  reviewedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /fc-common-api/users/account_requests with page[...], filter[sort], filter[search], filter[status]. */
export async function getAccountRequests(query: URLSearchParams) {
  const res = await api<Omit<AccountRequestRow, 'id'>>('/fc-common-api/users/account_requests', { query });
  return { rows: res.data as AccountRequestRow[], total: Number(res.meta.recordCount ?? 0) };
}

export const accountRequestsQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: ['account-requests', query.toString()],
    queryFn: () => getAccountRequests(query),
    placeholderData: keepPreviousData,
  });

/** The account requests' table (its URL state's defaults): shared by the page and the prefetch below. */
export const ACCOUNT_REQUESTS_TABLE: TableOptions = { defaultSort: [{ field: 'created_at', direction: 'desc' }], filterNames: ['status'] };

/** The list's first request, started before the page's code has loaded (app/table-prefetch.ts). */
export function prefetchAccountRequests(params: URLSearchParams) {
  void queryClient.prefetchQuery(accountRequestsQuery(tableQuery(tableStateFromParams(params, ACCOUNT_REQUESTS_TABLE))));
}

export function useAccountRequests(query: URLSearchParams) {
  return useQuery(accountRequestsQuery(query));
}
