import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bundleEndpoints } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Deactivates a bundle (bundle_seq and an optional comment). */
export function deactivateBundle({ bundleSeq, comment }: { bundleSeq: number; comment?: string }) {
  return call(bundleEndpoints.deactivate, { body: { bundle_seq: bundleSeq, ...(comment ? { comment } : {}) } });
}

export function useDeactivateBundle() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deactivateBundle, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
