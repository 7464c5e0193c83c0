import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EnrolmentRow } from '@fc/contract/loyalty';
import { api, type Flat } from '@/lib/api-client';

/** GET /fc-common-api/loyalty-custs: the enrolment list (filter[sort], page[...], filter[search], filter[loyalty_program_seq]). */
export async function getEnrolments(query: URLSearchParams) {
  const res = await api<EnrolmentRow>('/fc-common-api/loyalty-custs', { query });
  return { rows: res.data as Flat<EnrolmentRow>[], total: Number(res.meta.recordCount ?? 0) };
}

export const enrolmentsQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: ['corp-loyalty', 'enrolments', query.toString()],
    queryFn: () => getEnrolments(query),
    placeholderData: keepPreviousData,
  });

export function useEnrolments(query: URLSearchParams) {
  return useQuery(enrolmentsQuery(query));
}
