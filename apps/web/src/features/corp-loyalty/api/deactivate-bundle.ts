import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/bundle/deactivate with bundle_seq and an optional comment. */
export function deactivateBundle({ bundleSeq, comment }: { bundleSeq: number; comment?: string }) {
  return api('/fc-common-api/loyalty/bundle/deactivate', {
    method: 'POST',
    body: { bundle_seq: bundleSeq, ...(comment ? { comment } : {}) },
  });
}

export function useDeactivateBundle() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deactivateBundle, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
