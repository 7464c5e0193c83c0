import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerEndpoints, type CreateCustomer } from '@fc/contract/customers';
import { call } from '@/lib/endpoint-client';
import { customerKeys } from './query-keys';

/** Creates a customer (cust_no sent as 0; the server assigns the number). */
export async function createCustomer(body: CreateCustomer) {
  const res = await call(customerEndpoints.create, { body });
  return res.data[0];
}

export function useCreateCustomer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCustomer, onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }) });
}
