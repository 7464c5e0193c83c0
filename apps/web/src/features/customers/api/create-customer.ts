import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCustomer } from '@fc/contract/customers';
import { api } from '@/lib/api-client';

/** POST /framework/customers/create (cust_no sent as 0; the server assigns the number). */
export async function createCustomer(body: CreateCustomer) {
  const res = await api<{ status: string; custNo: number }>('/framework/customers/create', { method: 'POST', body });
  return res.data[0];
}

export function useCreateCustomer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCustomer, onSuccess: () => client.invalidateQueries({ queryKey: ['customers'] }) });
}
