import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enrolmentEndpoints } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Unenrols an enrolment (custs_del with cust_loyalty_program_seq). */
export function unenroll(custLoyaltyProgramSeq: number) {
  return call(enrolmentEndpoints.remove, { body: { cust_loyalty_program_seq: custLoyaltyProgramSeq } });
}

export function useUnenroll() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unenroll, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
