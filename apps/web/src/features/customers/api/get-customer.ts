import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One customer's columns and stored create options, camelCased (custNo, custName, payDays, ...). */
export type CustomerDetails = Record<string, unknown> & { custNo: number; custName: string };

/** GET /framework/customers/{custNo}. */
export async function getCustomer(custNo: string): Promise<CustomerDetails> {
  const res = await api<CustomerDetails>(`/framework/customers/${encodeURIComponent(custNo)}`);
  return res.data[0] as CustomerDetails;
}

export const customerQuery = (custNo: string) =>
  queryOptions({ queryKey: ['customers', 'one', custNo], queryFn: () => getCustomer(custNo) });

export function useCustomer(custNo: string) {
  return useQuery(customerQuery(custNo));
}
