import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerEndpoints } from '@fc/contract/customers';
import { call } from '@/lib/endpoint-client';
import type { OptionItem } from './get-customer-options';
import { customerOptionKeys } from './query-keys';

/** The link customer type-ahead (filter[search]): at most 50 customers, searched by the server. */
export async function getLinkCustomers(search: string): Promise<OptionItem[]> {
  const res = await call(customerEndpoints.options, { params: { list: 'link_customer' }, query: { 'filter[search]': search } });
  return res.data.find((g) => g.name === 'link_cust_no')?.options ?? [];
}

export const linkCustomersQuery = (search: string) =>
  queryOptions({
    queryKey: customerOptionKeys.list({ list: 'link_customer', search }),
    queryFn: () => getLinkCustomers(search),
    staleTime: 60_000,
  });

export function useLinkCustomers(search: string, enabled = true) {
  // The previous answer stays on screen while the next one loads, so the list does not flicker as one types.
  return useQuery({ ...linkCustomersQuery(search), enabled, placeholderData: keepPreviousData });
}
