import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxExpire } from '@fc/contract/maintenance';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/cust/tax/estes_expire {cust_tax_rate_seq, expiry_date (YYYYMMDD)}. */
export async function expireTaxRate(body: TaxExpire) {
  const res = await api<{ status: string }>('/fc-common-api/cust/tax/estes_expire', { method: 'POST', body });
  return res.data[0];
}

export function useExpireTaxRate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: expireTaxRate, onSuccess: () => client.invalidateQueries({ queryKey: ['tax-rates'] }) });
}
