import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxRateRow } from '@fc/contract/maintenance';
import { api } from '@/lib/api-client';

/** GET /fc-common-api/cust/tax/estes with page[...], filter[sort], filter[name], filter[cust_no], filter[location]. */
export async function getTaxRates(query: URLSearchParams) {
  const res = await api<Omit<TaxRateRow, 'id'>>('/fc-common-api/cust/tax/estes', { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0) };
}

export const taxRatesQuery = (query: URLSearchParams) =>
  queryOptions({ queryKey: ['tax-rates', query.toString()], queryFn: () => getTaxRates(query), placeholderData: keepPreviousData });

export function useTaxRates(query: URLSearchParams) {
  return useQuery(taxRatesQuery(query));
}
