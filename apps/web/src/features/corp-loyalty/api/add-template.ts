import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateEndpoints, type ProgramBody } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Adds a template: fc_loyalty_program and fc_loyalty_program_milestones. */
export function addTemplate(body: ProgramBody) {
  return call(templateEndpoints.add, { body });
}

export function useAddTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
