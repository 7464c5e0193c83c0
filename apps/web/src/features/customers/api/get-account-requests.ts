import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountRequestStatus } from '@fc/contract/customers';
import { api } from '@/lib/api-client';

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

export function useAccountRequests(query: URLSearchParams) {
  return useQuery(accountRequestsQuery(query));
}
