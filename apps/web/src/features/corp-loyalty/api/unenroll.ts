import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/custs_del with cust_loyalty_program_seq. */
export function unenroll(custLoyaltyProgramSeq: number) {
  return api('/fc-common-api/loyalty/custs_del', { method: 'POST', body: { cust_loyalty_program_seq: custLoyaltyProgramSeq } });
}

export function useUnenroll() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unenroll, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
