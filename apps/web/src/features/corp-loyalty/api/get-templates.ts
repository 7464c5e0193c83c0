import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQueryParams } from '@fc/contract';
import type { TemplateRow } from '@fc/contract/loyalty';
import { api, type Flat } from '@/lib/api-client';

/** GET /fc-common-api/loyalty-programs: the template list (paging, search, filter[loyalty_program_status], filter[sort]). */
export async function getTemplates(query: URLSearchParams) {
  const res = await api<TemplateRow>('/fc-common-api/loyalty-programs', { query });
  return { rows: res.data as Flat<TemplateRow>[], total: Number(res.meta.recordCount ?? 0) };
}

export const templatesQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: ['corp-loyalty', 'templates', query.toString()],
    queryFn: () => getTemplates(query),
    placeholderData: keepPreviousData,
  });

export function useTemplates(query: URLSearchParams) {
  return useQuery(templatesQuery(query));
}

/** The active templates of a currency, by name (the enrolment form's programme list). */
export function useActiveTemplates(currencyConfig: number | undefined) {
  const query = listQueryParams({
    size: 100,
    sort: [{ field: 'loyalty_program_name', direction: 'asc' }],
    filters: { loyalty_program_status: 'Active', currency_config: currencyConfig },
  });
  return useQuery({ ...templatesQuery(query), enabled: currencyConfig !== undefined });
}
