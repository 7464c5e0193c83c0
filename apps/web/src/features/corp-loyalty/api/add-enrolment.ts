import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustsAddBody } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/custs_add with fc_loyalty_cust. */
export function addEnrolment(body: CustsAddBody) {
  return api('/fc-common-api/loyalty/custs_add', { method: 'POST', body });
}

export function useAddEnrolment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addEnrolment, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
