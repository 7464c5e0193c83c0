import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerOptionList } from '@fc/contract/customers';
import { api } from '@/lib/api-client';

export interface OptionItem {
  value: number | string;
  label: string;
  country?: string;
}

/** GET /framework/customers/options/{list}: option groups by payload field (link_cust_no, state, ...). */
export async function getCustomerOptions(list: CustomerOptionList): Promise<Record<string, OptionItem[]>> {
  const res = await api<{ name: string; options: OptionItem[] }>(`/framework/customers/options/${list}`);
  return Object.fromEntries(res.data.map((g) => [g.name, g.options]));
}

export const customerOptionsQuery = (list: CustomerOptionList) =>
  queryOptions({ queryKey: ['customer-options', list], queryFn: () => getCustomerOptions(list), staleTime: 5 * 60_000 });

export function useCustomerOptions(list: CustomerOptionList) {
  return useQuery(customerOptionsQuery(list));
}
