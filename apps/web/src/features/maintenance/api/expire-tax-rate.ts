import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taxEndpoints, type TaxExpire } from '@fc/contract/maintenance';
import { call } from '@/lib/endpoint-client';
import { taxRateKeys } from './query-keys';

/** Expires a tax rate {cust_tax_rate_seq, expiry_date (YYYYMMDD)}. */
export async function expireTaxRate(body: TaxExpire) {
  const res = await call(taxEndpoints.expire, { body });
  return res.data[0];
}

export function useExpireTaxRate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: expireTaxRate, onSuccess: () => client.invalidateQueries({ queryKey: taxRateKeys.all }) });
}
