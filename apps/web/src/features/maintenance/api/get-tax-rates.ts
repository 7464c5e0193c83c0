import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { taxEndpoints } from '@fc/contract/maintenance';
import { call } from '@/lib/endpoint-client';
import { taxRateKeys } from './query-keys';

/** The tax rates with page[...], filter[sort], filter[name], filter[cust_no], filter[location]. */
export async function getTaxRates(query: URLSearchParams) {
  const res = await call(taxEndpoints.list, { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0) };
}

export const taxRatesQuery = (query: URLSearchParams) =>
  queryOptions({ queryKey: taxRateKeys.list(query.toString()), queryFn: () => getTaxRates(query), placeholderData: keepPreviousData });

export function useTaxRates(query: URLSearchParams) {
  return useQuery(taxRatesQuery(query));
}
