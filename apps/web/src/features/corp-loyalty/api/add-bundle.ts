import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bundleEndpoints, type BundleBody } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Adds a bundle (fc_loyalty_bundle). */
export function addBundle(body: BundleBody) {
  return call(bundleEndpoints.add, { body });
}

export function useAddBundle() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addBundle, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
