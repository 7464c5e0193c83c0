import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttributesOf } from '@fc/contract';
import { customerEndpoints, type CustomerOptionList } from '@fc/contract/customers';
import { call } from '@/lib/endpoint-client';
import { customerOptionKeys } from './query-keys';

/** One option of a list: its value, label and (for a state) its country. */
export type OptionItem = AttributesOf<typeof customerEndpoints.options>['options'][number];

/** An option list of the create form: option groups by payload field (link_cust_no, state, ...). */
export async function getCustomerOptions(list: CustomerOptionList): Promise<Record<string, OptionItem[]>> {
  const res = await call(customerEndpoints.options, { params: { list } });
  return Object.fromEntries(res.data.map((g) => [g.name, g.options]));
}

export const customerOptionsQuery = (list: CustomerOptionList) =>
  queryOptions({ queryKey: customerOptionKeys.list(list), queryFn: () => getCustomerOptions(list), staleTime: 5 * 60_000 });

export function useCustomerOptions(list: CustomerOptionList) {
  return useQuery(customerOptionsQuery(list));
}
