import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttributesOf } from '@fc/contract';
import { customerEndpoints } from '@fc/contract/customers';
import type { Flat } from '@/lib/api-client';
import { call } from '@/lib/endpoint-client';
import { customerKeys } from './query-keys';

/** One customer's columns and stored create options, camelCased (custNo, custName, payDays, ...). */
export type CustomerDetails = Flat<AttributesOf<typeof customerEndpoints.details>>;

/** One customer, by its number. */
export async function getCustomer(custNo: string): Promise<CustomerDetails> {
  const res = await call(customerEndpoints.details, { params: { custNo } });
  return res.data[0]!;
}

export const customerQuery = (custNo: string) =>
  queryOptions({ queryKey: customerKeys.detail(custNo), queryFn: () => getCustomer(custNo) });

export function useCustomer(custNo: string) {
  return useQuery(customerQuery(custNo));
}
