import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgramBody } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/program/update with fc_loyalty_program (naming the template) and its milestones. */
export function updateTemplate(body: ProgramBody) {
  return api('/fc-common-api/loyalty/program/update', { method: 'POST', body });
}

export function useUpdateTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
