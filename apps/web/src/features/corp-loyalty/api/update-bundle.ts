import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bundleEndpoints, type BundleBody } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Changes a bundle (fc_loyalty_bundle). */
export function updateBundle({ id, body }: { id: number; body: BundleBody }) {
  return call(bundleEndpoints.update, { params: { id }, body });
}

export function useUpdateBundle() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateBundle, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
