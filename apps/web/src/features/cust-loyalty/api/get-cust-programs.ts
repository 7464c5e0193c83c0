import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustLoyaltyProgram, CustProgramsFor } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

/**
 * GET /fc-common-api/loyalty-cust-programs?filter[for]=active|history (document 3 section 7). A corporate
 * user names the customer (filter[cust_no]). A failing load is logged and reads as no cards: the page then
 * shows its empty state (document 3 section 8).
 */
export async function getCustPrograms(which: CustProgramsFor, custNo?: number): Promise<CustLoyaltyProgram[]> {
  try {
    const res = await api<CustLoyaltyProgram>('/fc-common-api/loyalty-cust-programs', {
      query: { 'filter[for]': which, 'filter[cust_no]': custNo },
    });
    return res.data;
  } catch (err) {
    console.error('Loading the loyalty programmes failed', err);
    return [];
  }
}

export const custProgramsQuery = (which: CustProgramsFor, custNo?: number) =>
  queryOptions({
    queryKey: ['loyalty-cust-programs', which, custNo ?? null],
    queryFn: () => getCustPrograms(which, custNo),
    staleTime: 30_000,
  });

export function useCustPrograms(which: CustProgramsFor, custNo: number | undefined, enabled = true) {
  return useQuery({ ...custProgramsQuery(which, custNo), enabled });
}
