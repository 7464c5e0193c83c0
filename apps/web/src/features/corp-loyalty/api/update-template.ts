import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateEndpoints, type ProgramBody } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Changes a template (fc_loyalty_program naming it) and its milestones. */
export function updateTemplate(body: ProgramBody) {
  return call(templateEndpoints.update, { body });
}

export function useUpdateTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
