import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { templateEndpoints } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { allPages } from './all-pages';
import { templateKeys } from './query-keys';

/** The template list (paging, search, filter[loyalty_program_status], filter[sort]). */
export async function getTemplates(query: URLSearchParams) {
  const res = await call(templateEndpoints.list, { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0) };
}

export const templatesQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: templateKeys.list(query.toString()),
    queryFn: () => getTemplates(query),
    placeholderData: keepPreviousData,
  });

export function useTemplates(query: URLSearchParams) {
  return useQuery(templatesQuery(query));
}

/** Every active template of a currency, by name (the enrolment form's programme list), however many there are. */
export function useActiveTemplates(currencyConfig: number | undefined) {
  return useQuery({
    queryKey: templateKeys.list({ active: true, currencyConfig: currencyConfig ?? null }),
    queryFn: () =>
      allPages(getTemplates, {
        sort: [{ field: 'loyalty_program_name', direction: 'asc' }],
        filters: { loyalty_program_status: 'Active', currency_config: currencyConfig },
      }),
    enabled: currencyConfig !== undefined,
  });
}
