import { queryOptions, useQuery } from '@tanstack/react-query';
import { custProgramEndpoints, type CustLoyaltyProgram, type CustProgramsFor } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { custProgramKeys } from './query-keys';

/**
 * The programme cards, filter[for]=active|history (LOY-30). A corporate
 * user names the customer (filter[cust_no]). A failing load is logged (LOY-30) and then fails
 * the query: the page says that loading failed, with a Retry, rather than "no data" (issue 17, decision 0331).
 */
export async function getCustPrograms(which: CustProgramsFor, custNo?: number): Promise<CustLoyaltyProgram[]> {
  try {
    const res = await call(custProgramEndpoints.list, { query: { 'filter[for]': which, 'filter[cust_no]': custNo } });
    return res.data;
  } catch (err) {
    console.error('Loading the loyalty programmes failed', err);
    throw err;
  }
}

export const custProgramsQuery = (which: CustProgramsFor, custNo?: number) =>
  queryOptions({
    queryKey: custProgramKeys.list({ which, custNo: custNo ?? null }),
    queryFn: () => getCustPrograms(which, custNo),
    staleTime: 30_000,
  });

export function useCustPrograms(which: CustProgramsFor, custNo: number | undefined, enabled = true) {
  return useQuery({ ...custProgramsQuery(which, custNo), enabled });
}
