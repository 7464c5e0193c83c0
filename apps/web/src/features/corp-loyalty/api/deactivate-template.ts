import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateEndpoints } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Deactivates a template (loyalty_program_seq). */
export function deactivateTemplate(loyaltyProgramSeq: number) {
  return call(templateEndpoints.deactivate, { body: { loyalty_program_seq: loyaltyProgramSeq } });
}

export function useDeactivateTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deactivateTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
