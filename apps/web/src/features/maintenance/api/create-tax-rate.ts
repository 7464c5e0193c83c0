import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxCreate } from '@fc/contract/maintenance';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/cust/tax/estes_create: dates YYYYMMDD, the rate as a fraction. */
export async function createTaxRate(body: TaxCreate) {
  const res = await api<{ status: string }>('/fc-common-api/cust/tax/estes_create', { method: 'POST', body });
  return res.data[0];
}

export function useCreateTaxRate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createTaxRate, onSuccess: () => client.invalidateQueries({ queryKey: ['tax-rates'] }) });
}
