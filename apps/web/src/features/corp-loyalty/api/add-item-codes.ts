import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemCodesAddBody } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/bundle/{id}/item_codes/add with item_codes and comment. */
export function addItemCodes({ bundleSeq, body }: { bundleSeq: number; body: ItemCodesAddBody }) {
  return api(`/fc-common-api/loyalty/bundle/${bundleSeq}/item_codes/add`, { method: 'POST', body });
}

export function useAddItemCodes() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addItemCodes, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
