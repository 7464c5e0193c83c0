import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CustomerRow {
  id: string;
  custNo: number;
  custName: string;
  program: number;
  city: string | null;
  state: string | null;
  country: number;
  status: number;
  currency: number;
  createdAt: string;
}

/** GET /framework/customers with page[...], filter[sort], filter[search], filter[program|status|country]. */
export async function getCustomers(query: URLSearchParams) {
  const res = await api<Omit<CustomerRow, 'id'>>('/framework/customers', { query });
  return { rows: res.data as CustomerRow[], total: Number(res.meta.recordCount ?? 0), estimated: res.meta.recordCountEstimated === true };
}

export const customersQuery = (query: URLSearchParams) =>
  queryOptions({ queryKey: ['customers', query.toString()], queryFn: () => getCustomers(query), placeholderData: keepPreviousData });

export function useCustomers(query: URLSearchParams) {
  return useQuery(customersQuery(query));
}
