import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enrolmentEndpoints, type CustsAddBody } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Enrols a customer (custs_add with fc_loyalty_cust). */
export function addEnrolment(body: CustsAddBody) {
  return call(enrolmentEndpoints.add, { body });
}

export function useAddEnrolment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addEnrolment, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
