import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BundleBody } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/bundle/{id}/update with fc_loyalty_bundle. */
export function updateBundle({ id, body }: { id: number; body: BundleBody }) {
  return api(`/fc-common-api/loyalty/bundle/${id}/update`, { method: 'POST', body });
}

export function useUpdateBundle() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateBundle, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
