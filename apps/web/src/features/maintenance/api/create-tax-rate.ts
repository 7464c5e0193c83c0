import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taxEndpoints, type TaxCreate } from '@fc/contract/maintenance';
import { call } from '@/lib/endpoint-client';
import { taxRateKeys } from './query-keys';

/** Adds a tax rate: dates YYYYMMDD, the rate as a fraction. */
export async function createTaxRate(body: TaxCreate) {
  const res = await call(taxEndpoints.create, { body });
  return res.data[0];
}

export function useCreateTaxRate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createTaxRate, onSuccess: () => client.invalidateQueries({ queryKey: taxRateKeys.all }) });
}
