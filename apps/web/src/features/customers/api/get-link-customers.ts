import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OptionItem } from './get-customer-options';

/** GET /framework/customers/options/link_customer?filter[search]=: at most 50 customers, searched by the server. */
export async function getLinkCustomers(search: string): Promise<OptionItem[]> {
  const res = await api<{ name: string; options: OptionItem[] }>('/framework/customers/options/link_customer', {
    query: { 'filter[search]': search },
  });
  return res.data.find((g) => g.name === 'link_cust_no')?.options ?? [];
}

export const linkCustomersQuery = (search: string) =>
  queryOptions({ queryKey: ['customer-options', 'link_customer', search], queryFn: () => getLinkCustomers(search), staleTime: 60_000 });

export function useLinkCustomers(search: string, enabled = true) {
  // The previous answer stays on screen while the next one loads, so the list does not flicker as one types.
  return useQuery({ ...linkCustomersQuery(search), enabled, placeholderData: keepPreviousData });
}
