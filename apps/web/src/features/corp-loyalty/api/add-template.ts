import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgramBody } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/program/add with fc_loyalty_program and fc_loyalty_program_milestones. */
export function addTemplate(body: ProgramBody) {
  return api('/fc-common-api/loyalty/program/add', { method: 'POST', body });
}

export function useAddTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
