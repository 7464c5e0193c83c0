import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { enrolmentEndpoints } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { enrolmentKeys } from './query-keys';

/** The enrolment list (filter[sort], page[...], filter[search], filter[loyalty_program_seq]). */
export async function getEnrolments(query: URLSearchParams) {
  const res = await call(enrolmentEndpoints.list, { query });
  return { rows: res.data, total: Number(res.meta.recordCount ?? 0) };
}

export const enrolmentsQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: enrolmentKeys.list(query.toString()),
    queryFn: () => getEnrolments(query),
    placeholderData: keepPreviousData,
  });

export function useEnrolments(query: URLSearchParams) {
  return useQuery(enrolmentsQuery(query));
}
