import { queryOptions, useQuery } from '@tanstack/react-query';
import { custProgramEndpoints, type BreakdownTotals } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { spendBreakdownKeys } from './query-keys';

/** The window's purchases of one enrolment by item code, and their totals. */
export async function getSpendBreakdown(custLoyaltyProgramSeq: number) {
  const res = await call(custProgramEndpoints.breakdown, { query: { cust_loyalty_program_seq: custLoyaltyProgramSeq } });
  const m = res.meta as Partial<BreakdownTotals>;
  return {
    rows: res.data,
    totals: {
      qualifyingAmount: m.qualifyingAmount ?? 0,
      excludedAmount: m.excludedAmount ?? 0,
      otherCurrencyAmount: m.otherCurrencyAmount ?? 0,
    },
  };
}

export const spendBreakdownQuery = (custLoyaltyProgramSeq: number) =>
  queryOptions({
    queryKey: spendBreakdownKeys.detail(custLoyaltyProgramSeq),
    queryFn: () => getSpendBreakdown(custLoyaltyProgramSeq),
    staleTime: 30_000,
  });

export function useSpendBreakdown(custLoyaltyProgramSeq: number, enabled: boolean) {
  return useQuery({ ...spendBreakdownQuery(custLoyaltyProgramSeq), enabled });
}
