import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BundleBody } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/bundle/add with fc_loyalty_bundle. */
export function addBundle(body: BundleBody) {
  return api('/fc-common-api/loyalty/bundle/add', { method: 'POST', body });
}

export function useAddBundle() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addBundle, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
