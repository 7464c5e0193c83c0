import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BreakdownRow, BreakdownTotals } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

export interface SpendBreakdown {
  rows: BreakdownRow[];
  totals: BreakdownTotals;
}

/** GET /fc-common-api/loyalty/cust_breakdown?cust_loyalty_program_seq=: the window's purchases by item code. */
export async function getSpendBreakdown(custLoyaltyProgramSeq: number): Promise<SpendBreakdown> {
  const res = await api<BreakdownRow>('/fc-common-api/loyalty/cust_breakdown', {
    query: { cust_loyalty_program_seq: custLoyaltyProgramSeq },
  });
  const m = res.meta as { qualifyingAmount?: number; excludedAmount?: number; otherCurrencyAmount?: number };
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
    queryKey: ['loyalty-spend-breakdown', custLoyaltyProgramSeq],
    queryFn: () => getSpendBreakdown(custLoyaltyProgramSeq),
    staleTime: 30_000,
  });

export function useSpendBreakdown(custLoyaltyProgramSeq: number, enabled: boolean) {
  return useQuery({ ...spendBreakdownQuery(custLoyaltyProgramSeq), enabled });
}
