import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/program_deactivate with loyalty_program_seq. */
export function deactivateTemplate(loyaltyProgramSeq: number) {
  return api('/fc-common-api/loyalty/program_deactivate', { method: 'POST', body: { loyalty_program_seq: loyaltyProgramSeq } });
}

export function useDeactivateTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deactivateTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
